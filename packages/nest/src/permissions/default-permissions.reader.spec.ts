import { ALL_PERMISSIONS } from './all-permissions.constants.js';
import { defaultGetPermissions } from './default-permissions.reader.js';

describe('defaultGetPermissions', () => {
  it('treats a request without a user as not authenticated', () => {
    expect(defaultGetPermissions({})).toBeNull();
    expect(defaultGetPermissions({ user: null })).toBeNull();
    expect(defaultGetPermissions(undefined)).toBeNull();
  });

  it("unites the user's permissions with those of every group", () => {
    const granted = defaultGetPermissions({
      user: {
        permissions: ['a.view', 'a.add'],
        groups: [{ permissions: ['b.view'] }, { permissions: null }, { permissions: ['a.add', 'c.delete'] }],
      },
    });
    expect([...granted!].sort()).toEqual(['a.add', 'a.view', 'b.view', 'c.delete']);
  });

  it("reads the user from Fastify's raw request, where middleware puts it, when the request has none", () => {
    expect([...defaultGetPermissions({ raw: { user: { permissions: ['a.view'] } } })!]).toEqual(['a.view']);
    expect([
      ...defaultGetPermissions({ user: { permissions: ['own'] }, raw: { user: { permissions: ['raw'] } } })!,
    ]).toEqual(['own']);
    expect(defaultGetPermissions({ raw: {} })).toBeNull();
  });

  it('gives a user without permissions an empty set, not "unauthenticated"', () => {
    expect([...defaultGetPermissions({ user: {} })!]).toEqual([]);
  });

  it('gives a superuser every permission, and only for isSuperuser === true', () => {
    const superuser = defaultGetPermissions({ user: { isSuperuser: true } });
    expect(superuser).toBe(ALL_PERMISSIONS);
    expect(superuser!.has('anything.at_all')).toBe(true);
    expect(defaultGetPermissions({ user: { isSuperuser: 'true' } })!.has('anything.at_all')).toBe(false);
  });
});
