import type { TextAnchor } from '../../dialect/index.js';
import type { FloatPrecision } from './float-range.checks.js';
import type { TableRequestLimits } from './table-request-limits.checks.js';

/**
 * A value of one key of a keyset position: the value of the row's column as the database answered
 * it (dates and date-times as the database's own text, see `DatabaseDialect.temporalText`), null for none.
 * Bound back as it is, so that the database compares it with its own column exactly.
 */
export type KeyValue = string | number | boolean | null;

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
  /** The floating-point column of a `number` field, whose range bounds what it is compared with. */
  float?: FloatPrecision;
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

export type { TextAnchor };

export type Predicate =
  | { kind: 'equals'; value: FilterValue }
  /** The text found ignoring case (Unicode simple folding), `%`, `_` and backslashes taken literally. */
  | { kind: 'contains'; text: string; anchor?: TextAnchor }
  | { kind: 'between'; lower: Bound | null; upper: Bound | null }
  | { kind: 'oneOf'; values: FilterValue[] }
  | { kind: 'isNull'; isNull: boolean }
  /** No value: null, or for a text field also the empty text. */
  | { kind: 'empty' };

export interface ColumnFilter {
  /** The query parameter it came from, for messages. */
  parameter: string;
  path: string;
  predicate: Predicate;
}

/**
 * A condition on one field from SearchBuilder, ColumnControl or a SearchPanes selection. `negated`:
 * the rows where the predicate does not hold, rows without a value (or without related rows)
 * included.
 */
export interface FieldCondition extends ColumnFilter {
  negated: boolean;
}

/**
 * Conditions joined by AND or OR. A group without members is left out of the group it is in, as
 * SearchBuilder leaves out a criterion still being filled in.
 */
export interface ConditionGroup {
  logic: 'and' | 'or';
  members: ConditionNode[];
}

export type ConditionNode = FieldCondition | ConditionGroup;

export function isConditionGroup(node: ConditionNode): node is ConditionGroup {
  return 'members' in node;
}

export interface OrderKey {
  path: string;
  descending: boolean;
}

/** The options a SearchPanes pane selected: rows holding one of them. */
export interface PaneSelection {
  /** The pane's path. */
  path: string;
  /** The field the request named it by (`searchPanes[<field>]`), for messages. */
  field: string;
  /** An OR of the selected values (`oneOf`) and of the empty option (`empty`). */
  condition: ConditionNode;
}

/** What a request asks of the endpoint's SearchPanes panes. */
export interface PanesRequest {
  /** Whether the answer carries `searchPanes.options`: SearchPanes is on the page, or the request selects. */
  requested: boolean;
  /** The key of every pane in `searchPanes.options`, by pane path: the field the client knows it by. */
  keys: ReadonlyMap<string, string>;
  selections: PaneSelection[];
  /** The most options answered per pane (`limits.maxPaneOptions`). */
  maxOptions: number;
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
  /** Further conditions every row must meet: SearchBuilder's tree, ColumnControl's searches. */
  conditions: ConditionNode[];
  /** SearchPanes: the selections (which filter the rows too) and whether to answer the options. */
  panes: PanesRequest;
  /**
   * Keyset mode (`cursor`): the page is the `limit` rows after the row whose key values (each
   * ordering key's, then the primary key's) are `after`, or from the first row when `after` is null;
   * `offset` is then 0. Null: offset mode.
   */
  keyset: { after: KeyValue[] | null } | null;
  /** ColumnControl: the lists whose options the answer carries (`DataTableOptions.columnControl`). */
  columnControlLists?: ColumnControlListRequest[];
  /**
   * What the request sent that was ignored under the table's client compatibility
   * (`clientCompatibility`), one message per parameter; absent when nothing was (always in strict mode).
   */
  ignored?: string[];
}

/** One ColumnControl list a request asks the options of. */
export interface ColumnControlListRequest {
  path: string;
  /** The keys of the answer's `columnControl` it goes under (the request's columns showing the path). */
  keys: string[];
  /** The indexes of those columns, whose own ColumnControl searches a cascading list leaves out. */
  columns: number[];
  limit: number;
  cascade: boolean;
}

/**
 * How requests of a client other than widgetlib's own are read (`clientCompatibility`): the date
 * formats its date-range pickers send in, besides ISO 8601.
 */
export interface ClientCompatibility {
  client: 'djgentelella';
  dateFormat: string;
  datetimeFormat: string;
}

/** What the parser needs to know about an endpoint: its options and the kind of every path. */
export interface TableRequestContext {
  fields: ReadonlyMap<string, FieldSpec>;
  searchFields: readonly string[];
  orderingFields: readonly string[];
  /** Orderings used when the request has none, e.g. `['-year', 'name']`. */
  defaultOrdering: readonly string[];
  filters: Readonly<Record<string, readonly Lookup[]>>;
  /** Paths SearchPanes may show and select (`DataTableOptions.panes`); none when absent. */
  panes?: readonly string[];
  /** ColumnControl lists served: the most options of each path, and whether they cascade. */
  columnControl?: { lists: ReadonlyMap<string, number>; cascade: boolean };
  pageSize: number;
  maxPageSize: number;
  allowAll: boolean;
  /** IANA zone in which a date-time filter value without offset, or a date bound, is read. */
  timezone: string;
  limits: TableRequestLimits;
  /** The kind of the listed entity's primary key, which keyset mode's cursor carries; absent: no keyset mode. */
  primaryKey?: FieldSpec;
  /** The key of the MAC that makes a cursor tamper-evident (the module's `dataTables.cursorSecret`). */
  cursorSecret: string;
  /** Absent: strict, every request problem is a 400. */
  compatibility?: ClientCompatibility;
}
