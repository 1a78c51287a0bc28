import { ALL_PERMISSIONS } from './all-permissions.constants.js';
import { routeVerdict } from './route-permissions.checks.js';

describe('routeVerdict', () => {
  it('lets anyone through a route without requirements', () => {
    expect(routeVerdict(null, null)).toEqual({ allowed: true });
  });

  it('needs a user for a route with requirements, even an empty list', () => {
    expect(routeVerdict([], null)).toEqual({ allowed: false, reason: 'unauthenticated' });
    expect(routeVerdict([], new Set())).toEqual({ allowed: true });
  });

  it('names every missing permission', () => {
    expect(routeVerdict(['a', 'b', 'c'], new Set(['b']))).toEqual({
      allowed: false,
      reason: 'forbidden',
      missing: ['a', 'c'],
    });
    expect(routeVerdict(['a', 'b'], new Set(['a', 'b']))).toEqual({ allowed: true });
    expect(routeVerdict(['anything'], ALL_PERMISSIONS)).toEqual({ allowed: true });
  });
});
