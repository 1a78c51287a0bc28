import { AUTHENTICATED, PUBLIC } from '../permissions/permissions.constants.js';
import { parseResourcePermissions } from './resource-permissions.parser.js';

class Dto {}

describe('parseResourcePermissions', () => {
  it('serves only the named actions, each under its requirement', () => {
    const plan = parseResourcePermissions({
      createDto: Dto,
      permissions: { list: PUBLIC, retrieve: AUTHENTICATED, create: 'a', update: ['a', 'b', 'a'] },
    });
    expect(plan).toEqual({
      served: {
        list: { public: true },
        retrieve: { public: false, permissions: [] },
        create: { public: false, permissions: ['a'] },
        update: { public: false, permissions: ['a', 'b'] },
      },
      problems: [],
    });
  });

  it('reads an action written as undefined as not named', () => {
    expect(parseResourcePermissions({ permissions: { list: 'a', delete: undefined } }).served).toEqual({
      list: { public: false, permissions: ['a'] },
    });
  });

  it.each([
    ['permissions of delete and its own', 'd', ['b'], ['d', 'b']],
    ['the same permission once', 'd', 'd', ['d']],
    ['its own when delete is AUTHENTICATED', AUTHENTICATED, 'b', ['b']],
    ['any user when both are AUTHENTICATED', AUTHENTICATED, AUTHENTICATED, []],
    ['any user when delete is PUBLIC', PUBLIC, AUTHENTICATED, []],
  ])('bulkDelete requires the %s', (_case, remove, bulk, required) => {
    const plan = parseResourcePermissions({ permissions: { delete: remove, bulkDelete: bulk } });
    expect(plan.problems).toEqual([]);
    expect(plan.served.bulkDelete).toEqual({ public: false, permissions: required });
  });

  it.each([
    ['the permissions of delete and its own', 'd', 'p', ['d', 'p']],
    ['any user when both are AUTHENTICATED', AUTHENTICATED, AUTHENTICATED, []],
  ])('purge requires %s', (_case, remove, purge, required) => {
    const plan = parseResourcePermissions({ permissions: { delete: remove, purge } });
    expect(plan.problems).toEqual([]);
    expect(plan.served.purge).toEqual({ public: false, permissions: required });
  });

  it.each([
    [{ purge: 'p' }, 'permissions names purge without delete: purge requires delete'],
    [{ delete: 'd', purge: PUBLIC }, 'purge cannot be PUBLIC: it requires at least an authenticated user and delete'],
    [
      { delete: 'd', purge: AUTHENTICATED },
      'purge is AUTHENTICATED but delete requires d: name the permissions purge requires beyond delete ' +
        '(the same ones to require no more)',
    ],
  ])('refuses purge declared as %p', (permissions, problem) => {
    const plan = parseResourcePermissions({ permissions });
    expect(plan.served).toEqual({});
    expect(plan.problems).toEqual([problem]);
  });

  it('serves nothing from an ambiguous declaration and names every problem', () => {
    const plan = parseResourcePermissions({
      permissions: { list: '', lists: 'a', create: 'a', bulkDelete: PUBLIC },
      dataTable: { actions: true },
    });
    expect(plan.served).toEqual({});
    expect(plan.problems).toEqual([
      'permissions.list has an empty permission',
      'permissions.lists is not an action (list, retrieve, create, update, delete, bulkDelete, purge)',
      'permissions names bulkDelete without delete: bulkDelete requires delete',
      'permissions names create but there is no createDto to validate its body',
      'dataTable.actions: true links rows to the record route, but permissions names none of retrieve, update, delete',
    ]);
  });

  it.each([undefined, null, 'list', ['list'], PUBLIC])('refuses permissions given as %p', (permissions) => {
    expect(parseResourcePermissions({ permissions }).problems).toEqual([
      'permissions must name the actions it serves (list, retrieve, create, update, delete, bulkDelete, purge)',
    ]);
  });

  it('accepts update with only an updateDto, and actions: true with a record route', () => {
    const plan = parseResourcePermissions({
      updateDto: Dto,
      permissions: { list: 'a', update: 'a' },
      dataTable: { actions: true },
    });
    expect(plan.problems).toEqual([]);
  });
});
