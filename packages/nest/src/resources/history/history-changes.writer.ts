/** A field of a record as its history sees it: its own value (a column, a to-one key) or a to-many's keys. */
export interface HistoryField {
  name: string;
  kind: 'value' | 'many';
}

/** A record's fields at one moment: JSON values, and arrays of keys for to-many fields. */
export type HistorySnapshot = Readonly<Record<string, unknown>>;

/**
 * One changed field of a revision: its value before and after (`null` before a creation and after a
 * deletion), the keys a to-many field gained and lost, or only that it changed: a secret field, or a
 * value too long to keep (`omitted`).
 */
export type HistoryChange =
  | { field: string; before: unknown; after: unknown }
  | { field: string; added: unknown[]; removed: unknown[] }
  | { field: string; omitted: 'secret' | 'too-long' };

/** A value longer than this (as JSON) is recorded as changed without its values. */
export const HISTORY_VALUE_MAX_LENGTH = 1000;
/** A revision's changes longer than this (JSON, in UTF-8 bytes) keep no values at all: the column holds 64 KiB on MySQL. */
export const HISTORY_CHANGES_MAX_BYTES = 60_000;

const json = (value: unknown): string => JSON.stringify(value ?? null);

function keysOf(snapshot: HistorySnapshot | null, field: string): unknown[] {
  const keys = snapshot?.[field];
  return Array.isArray(keys) ? keys : [];
}

function manyChange(field: string, before: unknown[], after: unknown[]): HistoryChange | null {
  const had = new Set(before.map(json));
  const has = new Set(after.map(json));
  const added = after.filter((key) => !had.has(json(key)));
  const removed = before.filter((key) => !has.has(json(key)));
  return added.length + removed.length === 0 ? null : { field, added, removed };
}

function valueChange(field: string, before: unknown, after: unknown): HistoryChange | null {
  if (json(before) === json(after)) return null;
  if (json(before).length > HISTORY_VALUE_MAX_LENGTH || json(after).length > HISTORY_VALUE_MAX_LENGTH) {
    return { field, omitted: 'too-long' };
  }
  return { field, before: before ?? null, after: after ?? null };
}

/**
 * The fields that differ between two snapshots of a record (`before` null: a creation; `after`
 * null: a deletion), in the order of `fields`. A field of `secret` is named without its values.
 */
export function changesBetween(
  before: HistorySnapshot | null,
  after: HistorySnapshot | null,
  fields: readonly HistoryField[],
  secret: ReadonlySet<string> = new Set(),
): HistoryChange[] {
  const changes = fields.flatMap((field): HistoryChange[] => {
    const change =
      field.kind === 'many'
        ? manyChange(field.name, keysOf(before, field.name), keysOf(after, field.name))
        : valueChange(field.name, before?.[field.name] ?? null, after?.[field.name] ?? null);
    if (!change) return [];
    return [secret.has(field.name) ? { field: field.name, omitted: 'secret' } : change];
  });
  if (new TextEncoder().encode(json(changes)).length <= HISTORY_CHANGES_MAX_BYTES) return changes;
  return changes.map((change) => ('omitted' in change ? change : { field: change.field, omitted: 'too-long' }));
}

/**
 * A record's fields as they were before the revisions of `newestFirst` (each undone in turn, from
 * `current`): the state right after the revision before them. A field changed without values
 * (secret, too long) keeps its current value.
 */
export function stateBefore(
  current: HistorySnapshot,
  newestFirst: ReadonlyArray<readonly HistoryChange[]>,
): Record<string, unknown> {
  const state: Record<string, unknown> = { ...current };
  for (const changes of newestFirst) {
    for (const change of changes) {
      if ('before' in change) state[change.field] = change.before;
      else if ('added' in change) {
        const added = new Set(change.added.map(json));
        const kept = keysOf(state, change.field).filter((key) => !added.has(json(key)));
        state[change.field] = [...kept, ...change.removed];
      }
    }
  }
  return state;
}
