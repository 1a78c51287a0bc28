// What differs between DataTables 2.3 and 3.x for this package. The types its declarations use are
// spelled so that both versions' declarations satisfy them: `Api` and `Config` exist in both, the
// rest is named differently (3.x `ColumnsConfig`, `AjaxData`, `Context`; 2.3 `ConfigColumns`,
// `InternalSettings`).
import type { Config } from 'datatables.net';

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

/** What the request translation needs to know of a column (a DataTables column context has it). */
export interface ColumnSettingsLike {
  type?: string | null;
  name?: string | null;
  data?: unknown;
}

/**
 * What the translation reads of DataTables' settings: the columns' types (DataTables' own settings
 * object fits: `columns` in 3.x, `aoColumns` in 2.3).
 */
export interface DataTableSettingsLike {
  columns?: ReadonlyArray<ColumnSettingsLike>;
  aoColumns?: ReadonlyArray<ColumnSettingsLike>;
}
