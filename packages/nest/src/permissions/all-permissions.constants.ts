/**
 * A permission set that holds every permission, for superusers. A `getPermissions` resolver may
 * return it; it iterates as empty because it cannot list what it holds.
 */
export const ALL_PERMISSIONS: ReadonlySet<string> = new (class AllPermissions extends Set<string> {
  override has(): boolean {
    return true;
  }
})();
