/**
 * What the current user may do on a table, as the list answer's `permissions` says it (the server's
 * `DataTablePermissions`): `create`, `update`, `delete` when the table declares them, and each bulk
 * action by name.
 */
export interface TablePermissions {
  create?: boolean;
  update?: boolean;
  delete?: boolean;
  /** In a resource's trash: whether the user may restore its rows, and delete them for good. */
  restore?: boolean;
  purge?: boolean;
  /** A row's History (the resource keeps `history`, and the user may retrieve). */
  history?: boolean;
  bulk: Record<string, boolean>;
}

const RECORD_ACTIONS = ['create', 'update', 'delete', 'restore', 'purge', 'history'] as const;

/** The answer's `permissions` when it has that shape (a member of another type is left out); null otherwise. */
export function parseTablePermissions(value: unknown): TablePermissions | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const permissions: TablePermissions = { bulk: {} };
  for (const action of RECORD_ACTIONS) {
    if (typeof record[action] === 'boolean') permissions[action] = record[action];
  }
  const { bulk } = record;
  if (typeof bulk === 'object' && bulk !== null && !Array.isArray(bulk)) {
    for (const [name, allowed] of Object.entries(bulk)) {
      if (typeof allowed === 'boolean') permissions.bulk[name] = allowed;
    }
  }
  return permissions;
}

/**
 * Whether `permissions` grant every name of `requirement` (space-separated: `create`, `update`,
 * `delete`, `restore`, `purge`, `history`, `bulk.<action>`). Without permissions in the answer (null) everything is shown: the
 * table does not say. A name the answer does not list is not granted.
 */
export function grants(permissions: TablePermissions | null, requirement: string): boolean {
  if (permissions === null) return true;
  return requirement
    .split(/\s+/)
    .filter(Boolean)
    .every((name) => {
      if (name.startsWith('bulk.')) return permissions.bulk[name.slice('bulk.'.length)] === true;
      return (RECORD_ACTIONS as readonly string[]).includes(name)
        ? permissions[name as (typeof RECORD_ACTIONS)[number]] === true
        : false;
    });
}
