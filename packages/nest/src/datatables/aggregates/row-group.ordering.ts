import type { FieldSpec, OrderKey } from '../model/index.js';

/**
 * The ordering of a request to a table grouped by `group`: by the group first, in the direction
 * the request orders it (ascending when it does not), then the request's other keys.
 */
export function groupedOrdering(ordering: readonly OrderKey[], group: string): OrderKey[] {
  const own = ordering.find((key) => key.path === group);
  return [{ path: group, descending: own?.descending ?? false }, ...ordering.filter((key) => key.path !== group)];
}

/** A group value as the answer's `groups` keys it: its text (`true`/`false` for a boolean), `''` for none. */
export function groupKey(value: unknown, field: FieldSpec): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'boolean') return String(value === true || Number(value) === 1 || value === 't');
  return String(value);
}
