import type { DataTablesColumnOptions } from './datatables-settings.types.js';

/** Column types of spec 2.5: each selects a filter widget and the lookup sent to the server. */
export const COLUMN_FILTER_TYPES = ['string', 'number', 'boolean', 'date', 'select', 'select2', 'readonly'] as const;
export type ColumnFilterType = (typeof COLUMN_FILTER_TYPES)[number];

/** One `[value, label]` option of a `select` (or `select2`) column. */
export type ColumnChoice = readonly [value: string | number | boolean, label: string];

/** A DataTables column with widgetlib's column configuration (spec 2.5). */
export interface WidgetLibColumn extends DataTablesColumnOptions {
  /** Selects the filter widget; also DataTables' column type. */
  type?: ColumnFilterType | (string & {});
  /** Options of a `select` column (and initial options of a `select2` column). */
  choices?: readonly ColumnChoice[];
  /** Luxon display format of a date or date-time column (`document.date_format` / `document.datetime_format`). */
  dateformat?: string;
  /** Where a `select2` column's filter fetches its options (`?term=<typed text>`). */
  url?: string;
  /**
   * The column of the row's actions (edit, delete): kept in view while the table scrolls sideways,
   * and collapsed last by Responsive (`responsivePriority` 1 unless given).
   */
  rowActions?: boolean;
  /**
   * The column of the row checkboxes that pick rows one by one for `bulkActions` (DataTables'
   * Select extension must be loaded). Widgetlib fills it in; it is shown while the user may use an
   * action. Rows are told apart by DataTables' `rowId` (default here: `id`).
   */
  selectRow?: boolean;
  /** Responsive's priority of the column: lower numbers are collapsed later (Responsive's default 10000). */
  responsivePriority?: number;
  /** SearchBuilder's condition set; by default from `type` (`num` for number, `date` for date, else `string`). */
  searchBuilderType?: string;
  /**
   * One of `sum`, `avg`, `min`, `max`, `count`: the footer cell shows that aggregate of the column
   * over every row matching the request (the answer's `aggregates`, see `@DataTable({ aggregates })`),
   * rendered with the column's renderer; a RowGroup end row shows the group's. Any other text is
   * DataTables' own footer title.
   */
  footer?: AggregateName | (string & {}) | null;
  /** The path whose aggregate the footer shows; default the column's field (`name`, else `data` with `.` as `__`). */
  aggregate?: string;
}

/** The aggregates a column's footer can show. */
export const AGGREGATE_NAMES = ['sum', 'avg', 'min', 'max', 'count'] as const;
export type AggregateName = (typeof AGGREGATE_NAMES)[number];

/** SearchBuilder's condition set per widgetlib column type (`num` and `date` compare; the rest are text). */
const SEARCH_BUILDER_TYPES: Readonly<Record<ColumnFilterType, string | undefined>> = {
  string: 'string',
  number: 'num',
  boolean: 'string',
  date: 'date',
  select: 'string',
  select2: 'string',
  readonly: undefined,
};

/**
 * The `searchBuilderType` of a column of widgetlib type `type`: SearchBuilder picks its conditions by
 * DataTables' type names, which widgetlib's `number` is not; undefined for other types.
 */
export function searchBuilderTypeOf(type: unknown): string | undefined {
  return isColumnFilterType(type) ? SEARCH_BUILDER_TYPES[type] : undefined;
}

export function isColumnFilterType(value: unknown): value is ColumnFilterType {
  return typeof value === 'string' && (COLUMN_FILTER_TYPES as readonly string[]).includes(value);
}

/**
 * The filter type of a column: its widgetlib `type`, or `string` for a column without one (or with a
 * DataTables-only type such as `num` or `html`), so that every searchable field gets a text filter.
 */
export function columnFilterType(type: unknown): ColumnFilterType {
  return isColumnFilterType(type) ? type : 'string';
}

/**
 * The server field of a column: its `name`, else its `data` property path with `.` turned into the
 * server's `__` relation separator. `null` when the column has neither (computed columns).
 */
export function columnFieldName(column: { name?: unknown; data?: unknown } | undefined): string | null {
  if (!column) return null;
  if (typeof column.name === 'string' && column.name.trim() !== '') return column.name.trim();
  // DataTables sends `data: "function"` for a column whose data is a function.
  if (typeof column.data === 'string' && column.data !== '' && column.data !== 'function') {
    return column.data.replace(/\./g, '__');
  }
  return null;
}
