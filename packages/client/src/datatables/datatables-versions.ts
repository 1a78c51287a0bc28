// What differs between DataTables 2.3 and 3.x for this package. The types its declarations use are
// spelled so that both versions' declarations satisfy them: `Api` and `Config` exist in both, the
// rest is named differently (3.x `ColumnsConfig`, `AjaxData`, `Context`; 2.3 `ConfigColumns`,
// `InternalSettings`).
import type { Config } from 'datatables.net';
import type { ColumnSettingsLike } from './datatables-column.types.js';

/** One column of DataTables' options. */
export type DataTablesColumnOptions = NonNullable<NonNullable<Config['columns']>[number]>;

/** A column of the request DataTables' server-side processing hands to an `ajax` function. */
export interface DataTablesAjaxColumn {
  data?: unknown;
  name?: string | null;
  searchable?: boolean;
  orderable?: boolean;
  search?: { value?: string | null; regex?: boolean };
}

/** The request DataTables' server-side processing hands to an `ajax` function. */
export interface DataTablesAjaxData {
  draw?: number;
  start?: number;
  length?: number;
  search?: { value?: string | null; regex?: boolean };
  order?: ReadonlyArray<{ column: number; dir: string; name?: string | null }>;
  columns?: ReadonlyArray<DataTablesAjaxColumn>;
}

/** DataTables' settings object of a table, as its callbacks receive it. */
export interface DataTablesSettings {
  /** The table element (3.x). */
  table?: HTMLElement | null;
  /** The table element (2.3). */
  nTable?: HTMLElement | null;
}

/** The number formatter of a table's language: `formatNumber(value, settings)` (3.x), `fnFormatNumber` (2.3). */
interface NumberFormatters {
  formatNumber?: (value: number, settings: object) => unknown;
  fnFormatNumber?: (value: number) => unknown;
}

/** A number as the table's language writes it (thousands separators), given DataTables' settings object. */
export function formatTableNumber(settings: object, value: number): string {
  const { formatNumber, fnFormatNumber } = settings as NumberFormatters;
  if (formatNumber) return String(formatNumber.call(settings, value, settings));
  if (fnFormatNumber) return String(fnFormatNumber.call(settings, value));
  return String(value);
}

/** The table element of DataTables' settings object. */
export function settingsTable(settings: DataTablesSettings | null | undefined): HTMLElement | null {
  return settings?.table ?? settings?.nTable ?? null;
}

/** The columns of DataTables' settings object (each keeps the options it was given, `type` included). */
export function settingsColumns(settings: {
  columns?: ReadonlyArray<ColumnSettingsLike>;
  aoColumns?: ReadonlyArray<ColumnSettingsLike>;
}): ReadonlyArray<ColumnSettingsLike> | undefined {
  return settings.columns ?? settings.aoColumns;
}
