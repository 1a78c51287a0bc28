import type { TableRequestLimits } from './table-request.limits.js';

/** The lookups a column filter can use: `<path>__<lookup>`, or `<path>` alone for `exact`. */
export const LOOKUPS = ['exact', 'icontains', 'gte', 'lte', 'in', 'range', 'isnull'] as const;
export type Lookup = (typeof LOOKUPS)[number];

/**
 * How the values of a field are read and compared. `integer` is kept apart from `number` because
 * PostgreSQL refuses a fractional or out-of-range parameter for an integer column.
 */
export type FieldKind = 'string' | 'uuid' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';

export interface FieldSpec {
  kind: FieldKind;
  /** Inclusive bounds of an `integer` field (its column's storage size). */
  integerRange?: readonly [number, number];
  /** The only values an enum column holds. */
  choices?: readonly (string | number)[];
}

/**
 * A filter value in the form the database compares: strings, numbers, booleans, `yyyy-MM-dd`
 * strings for dates, `Date` instants for date-times.
 */
export type FilterValue = string | number | boolean | Date;

export interface Bound {
  value: FilterValue;
  inclusive: boolean;
}

export type Predicate =
  | { kind: 'equals'; value: FilterValue }
  | { kind: 'contains'; text: string }
  | { kind: 'between'; lower: Bound | null; upper: Bound | null }
  | { kind: 'oneOf'; values: FilterValue[] }
  | { kind: 'isNull'; isNull: boolean };

export interface ColumnFilter {
  /** The query parameter it came from, for messages. */
  parameter: string;
  path: string;
  predicate: Predicate;
}

export interface OrderKey {
  path: string;
  descending: boolean;
}

/** A validated data-table request: what to count, filter, order and return. */
export interface TableRequest {
  draw: number;
  offset: number;
  /** `null`: every row (only when the endpoint allows it). */
  limit: number | null;
  /** Search terms: every term must match at least one of `searchFields`. */
  searchTerms: string[];
  searchFields: string[];
  ordering: OrderKey[];
  filters: ColumnFilter[];
}

/** What the parser needs to know about an endpoint: its options and the kind of every path. */
export interface TableRequestContext {
  fields: ReadonlyMap<string, FieldSpec>;
  searchFields: readonly string[];
  orderingFields: readonly string[];
  /** Orderings used when the request has none, e.g. `['-year', 'name']`. */
  defaultOrdering: readonly string[];
  filters: Readonly<Record<string, readonly Lookup[]>>;
  pageSize: number;
  maxPageSize: number;
  allowAll: boolean;
  /** IANA zone in which a date-time filter value without offset, or a date bound, is read. */
  timezone: string;
  limits: TableRequestLimits;
}
