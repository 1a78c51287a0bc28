import type { KeyValue, OrderKey } from '../model/index.js';

/** One key of the order a keyset walk follows: an ordering path, or the primary key (always last). */
export interface KeysetKey {
  /** The ordering path; null for the primary key. */
  path: string | null;
  descending: boolean;
  /** Whether the value can be missing; the offset mode sorts a missing value first ascending, last descending. */
  nullable: boolean;
  /** Whether it is free text, which the offset mode orders by its collation, then by code point. */
  text: boolean;
}

/** How a key's column is compared with a bound value. */
export type KeysetForm =
  /** The column as it is: numbers, dates, enums, the primary key. */
  | 'value'
  /** Text by the offset mode's first text key: its collation (TableSql.textKeys). */
  | 'collated'
  /** Text by code point, case significant (the offset mode's second text key). */
  | 'exact';

/** One test of a keyset condition on the key at `key` (an index into the keys). */
export type KeysetComparison =
  | { key: number; test: 'isNull' | 'isNotNull' }
  | { key: number; operator: '<' | '>' | '=' | '<=' | '>='; form: KeysetForm; value: string | number | boolean };

/**
 * The rows after one position: any of `branches` (each an AND of comparisons). `bound`, when not
 * null, is implied by every branch: written in front, it lets a database range-scan an index on the
 * first key instead of testing the OR on every row.
 */
export interface KeysetPlan {
  bound: KeysetComparison | null;
  branches: KeysetComparison[][];
}

/** What the planner needs to know about an ordering path's column. */
export interface KeysetColumn {
  nullable: boolean;
  text: boolean;
}

/**
 * The keys of a keyset walk over `ordering`: each ordering path, then the primary key ascending
 * (the offset mode's final tie-breaker, whatever the directions before it), which makes every
 * position unique.
 */
export function keysetKeys(ordering: readonly OrderKey[], column: (path: string) => KeysetColumn): KeysetKey[] {
  return [
    ...ordering.map(({ path, descending }) => ({ path, descending, ...column(path) })),
    { path: null, descending: false, nullable: false, text: false },
  ];
}

/**
 * Plans the rows that come after the row whose key values are `values`, in the order the offset
 * mode's ORDER BY gives: `(a > x) OR (a = x AND b > y) OR ...`, each key in its own direction.
 * A missing value comes first ascending and last descending, and every row missing it ties with
 * the others (as the offset mode's `CASE WHEN ... IS NULL` key orders them); text ties when it is
 * equal by code point, and follows its collation's order, then the code-point order.
 */
export function planKeysetAfter(keys: readonly KeysetKey[], values: readonly KeyValue[]): KeysetPlan {
  if (values.length !== keys.length) {
    throw new Error(`a keyset position has ${keys.length} keys, got ${values.length} values`);
  }
  const branches: KeysetComparison[][] = [];
  const ties: KeysetComparison[] = [];
  keys.forEach((key, index) => {
    const value = values[index]!;
    const later = key.descending ? '<' : '>';
    if (value === null) {
      if (!key.descending) branches.push([...ties, { key: index, test: 'isNotNull' }]);
      ties.push({ key: index, test: 'isNull' });
      return;
    }
    if (key.nullable && key.descending) branches.push([...ties, { key: index, test: 'isNull' }]);
    if (key.text) {
      branches.push([...ties, { key: index, operator: later, form: 'collated', value }]);
      branches.push([
        ...ties,
        { key: index, operator: '=', form: 'collated', value },
        { key: index, operator: later, form: 'exact', value },
      ]);
      ties.push({ key: index, operator: '=', form: 'exact', value });
    } else {
      branches.push([...ties, { key: index, operator: later, form: 'value', value }]);
      ties.push({ key: index, operator: '=', form: 'value', value });
    }
  });
  return { bound: leadingBound(keys[0], values[0]), branches };
}

/**
 * `first >= value` (`<=` descending) when every row after the position meets it: a value key with
 * a value, missing values not coming after it (ascending, or a column never missing).
 */
function leadingBound(first: KeysetKey | undefined, value: KeyValue | undefined): KeysetComparison | null {
  if (!first || value === null || value === undefined || first.text) return null;
  if (first.nullable && first.descending) return null;
  return { key: 0, operator: first.descending ? '<=' : '>=', form: 'value', value };
}

/** The alias under which a keyset statement selects the value of ordering key `index`. */
export function keyAlias(index: number): string {
  return `wl_k${index}`;
}

/**
 * The key values of one raw row of a keyset statement: each ordering key's ({@link keyAlias}),
 * then the primary key's (`primaryKeyAlias`), as a cursor carries them.
 */
export function readKeyValues(row: Record<string, unknown>, orderingKeys: number, primaryKeyAlias: string): KeyValue[] {
  const aliases = [...Array.from({ length: orderingKeys }, (_, index) => keyAlias(index)), primaryKeyAlias];
  return aliases.map((alias) => keyValue(alias, row[alias]));
}

function keyValue(alias: string, value: unknown): KeyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  throw new Error(`keyset key ${alias}: a ${describe(value)} cannot be carried by a cursor`);
}

function describe(value: unknown): string {
  return typeof value === 'object' ? (value as object).constructor.name : typeof value;
}
