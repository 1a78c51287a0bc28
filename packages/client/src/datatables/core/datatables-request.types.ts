import type { DataTableSettingsLike, DataTablesAjaxData } from './datatables-settings.types.js';

/** One query parameter value; arrays become repeated parameters, null and undefined are left out. */
export type RequestParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/** The list endpoint's query parameters, as `formatDataTableParams` builds them and `events.filter` sees them. */
export type DataTableRequestParams = Record<string, RequestParamValue>;

/** The signature of `formatDataTableParams` and of a replacement passed to `createDataTable`. */
export type FormatDataTableParams = (
  dataTableParams: DataTablesAjaxData,
  settings: DataTableSettingsLike,
) => DataTableRequestParams;

/** What a table's last answer said about the request it answered. */
export interface ShownRequest {
  params: DataTableRequestParams;
  recordsFiltered: number;
  recordsTotal: number;
  /** Whether both counts are exact (no `counts` in the envelope). */
  exact: boolean;
}
