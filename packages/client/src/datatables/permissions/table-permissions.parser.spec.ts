import { grants, parseTablePermissions } from './table-permissions.parser.js';

describe('table permissions', () => {
  it("reads the answer's permissions, leaving out members of another type", () => {
    expect(parseTablePermissions({ create: true, update: 'yes', bulk: { mark: false, odd: 1 } })).toEqual({
      create: true,
      bulk: { mark: false },
    });
    expect(parseTablePermissions({ delete: false })).toEqual({ delete: false, bulk: {} });
    expect(parseTablePermissions({ restore: true, purge: false, bulk: {} })).toEqual({
      restore: true,
      purge: false,
      bulk: {},
    });
    for (const value of [undefined, null, [], 'all', 3]) expect(parseTablePermissions(value)).toBeNull();
  });

  it('grants a requirement only when every name it lists is granted', () => {
    const permissions = { create: true, update: false, bulk: { markExplicit: true, purge: false } };
    expect(grants(permissions, 'create')).toBe(true);
    expect(grants(permissions, 'update')).toBe(false);
    expect(grants(permissions, 'delete')).toBe(false);
    expect(grants(permissions, 'bulk.markExplicit')).toBe(true);
    expect(grants(permissions, 'bulk.purge')).toBe(false);
    expect(grants(permissions, 'bulk.unknown')).toBe(false);
    expect(grants(permissions, 'create  bulk.markExplicit')).toBe(true);
    expect(grants(permissions, 'create update')).toBe(false);
    expect(grants(permissions, 'something-else')).toBe(false);
    expect(grants({ restore: true, purge: false, bulk: {} }, 'restore')).toBe(true);
    expect(grants({ restore: true, purge: false, bulk: {} }, 'purge')).toBe(false);
    expect(grants(permissions, 'history')).toBe(false);
    expect(grants(parseTablePermissions({ history: true }), 'history')).toBe(true);
  });

  it('shows everything when the answer says nothing', () => {
    expect(grants(null, 'delete')).toBe(true);
  });
});
