/** Whether a route lets a user through, as `PermissionsGuard` decides it. */
export type RouteVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'unauthenticated' }
  | { allowed: false; reason: 'forbidden'; missing: string[] };

/**
 * The guard's decision for a route that requires `required` (null: the route carries no
 * `@RequirePermissions`, so anyone passes) and a user holding `granted` (null: not authenticated).
 */
export function routeVerdict(required: readonly string[] | null, granted: ReadonlySet<string> | null): RouteVerdict {
  if (required === null) return { allowed: true };
  if (!granted) return { allowed: false, reason: 'unauthenticated' };
  const missing = required.filter((permission) => !granted.has(permission));
  return missing.length > 0 ? { allowed: false, reason: 'forbidden', missing } : { allowed: true };
}
