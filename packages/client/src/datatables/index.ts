export type { DataTableFilterHook } from './datatables-ajax.loader.js';
export {
  columnFieldName,
  type ColumnChoice,
  type ColumnFilterType,
  type WidgetLibColumn,
} from './datatables-column.types.js';
export { extensionParams, type DataTablesExtensionsData } from './datatables-extensions.formatter.js';
export {
  FILTER_DEBOUNCE_MS,
  addSearchInputsAndFooterDataTable,
  clearDataTableFilters,
} from './datatables-filter-row.builder.js';
export { formatDataTablePageParams, formatDataTableParams } from './datatables-params.formatter.js';
export type { DataTableRequestParams, FormatDataTableParams, RequestParamValue } from './datatables-request.types.js';
export {
  DEFAULT_MAX_GET_URL_LENGTH,
  type DataTableRequestMethod,
  type DataTableTransportOptions,
} from './datatables-transport.options.js';
export type { DataTableBulkAction } from './datatables-bulk.actions.js';
export { useDataTable, type DataTableEngine } from './datatables.engine.js';
export {
  EXPORT_BUTTON_TYPES,
  exportButtons,
  installExportButtons,
  type ExportButtonDefinition,
  type ExportButtonsOptions,
} from './datatables-export.buttons.js';
export { exportTable, type ExportTableOptions } from './datatables-export.download.js';
export type { DataTableExportChoice, DataTableExportFormat } from './datatables-export.request.js';
export type { TableOverflow } from './datatables-overflow.mode.js';
export {
  createDataTable,
  gtCreateDataTable,
  type CreateDataTableOptions,
  type DataTableEvents,
  type WidgetLibTableOptions,
} from './datatables.factory.js';
export { dataTableTexts, resetDataTableTexts, setDataTableTexts, type DataTableTexts } from './datatables.texts.js';
export { SavedViewsClient, type SavedViewChange, type SavedViewSummary } from './saved-views.client.js';
export { SAVED_VIEWS_CLASS } from './saved-views.control.js';
export { UNSAVED_STATE_KEYS, viewIdFromLocation, viewLink, type TableState } from './saved-views.state.js';
export type { SavedViewsOptions } from './saved-views.wiring.js';
