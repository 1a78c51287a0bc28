export {
  AGGREGATE_NAMES,
  type AggregateName,
  type ColumnChoice,
  columnFieldName,
  type ColumnFilterType,
  columnFilterType,
  searchBuilderTypeOf,
  type WidgetLibColumn,
} from './datatables-column.options.js';
export { type DataTableEngine, dataTableEngine, useDataTable } from './datatables-engine.registry.js';
export type {
  DataTableRequestParams,
  FormatDataTableParams,
  RequestParamValue,
  ShownRequest,
} from './datatables-request.types.js';
export { formatTableNumber, settingsColumns, settingsTable } from './datatables-settings.reader.js';
export type {
  DataTablesAjaxColumn,
  DataTablesAjaxData,
  DataTableSettingsLike,
  DataTablesSettings,
} from './datatables-settings.types.js';
export {
  type DataTableRequestMethod,
  type DataTableTransportOptions,
  DEFAULT_MAX_GET_URL_LENGTH,
} from './datatables-transport.options.js';
export { recordOfApi, registerTable, tableRecord, type TableRecord } from './datatables.registry.js';
export { debounce } from './debounce.timer.js';
export { isPlain, listOf, textOf, type Plain } from './loose-values.parser.js';
export { CELL_EDITING_CLASS, hasOpenCellEditor } from './open-cell-editor.reader.js';
