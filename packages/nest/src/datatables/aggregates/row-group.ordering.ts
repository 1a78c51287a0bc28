import type { FieldSpec, OrderKey } from '../model/index.js';
import type { RowDateFields } from '../rows/index.js';

/**
 * The ordering of a request to a table grouped by `group`: by the group first, in the direction
 * the request orders it (ascending when it does not), then the request's other keys.
 */
export function groupedOrdering(ordering: readonly OrderKey[], group: string): OrderKey[] {
  const own = ordering.find((key) => key.path === group);
  return [{ path: group, descending: own?.descending ?? false }, ...ordering.filter((key) => key.path !== group)];
}

/**
 * A group value as the answer's `groups` keys it: its text (`true`/`false` for a boolean; a date or
 * date-time, hydrated as the entity's, as the rows write it), `''` for none.
 */
export function groupKey(value: unknown, field: FieldSpec, dates: RowDateFields): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'boolean') return String(value === true || Number(value) === 1 || value === 't');
  if (field.kind === 'date') return dates.date.toRepresentation(value as Date | string) ?? '';
  if (field.kind === 'datetime') return dates.dateTime.toRepresentation(value as Date | string) ?? '';
  return String(value);
}
