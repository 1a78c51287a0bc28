export type { DataTableFilterHook } from './transport/server-loader.client.js';
export {
  columnFieldName,
  type ColumnChoice,
  type ColumnFilterType,
  type WidgetLibColumn,
} from './core/datatables-column.options.js';
export { extensionParams, type DataTablesExtensionsData } from './transport/datatables-extensions.format.js';
export {
  FILTER_DEBOUNCE_MS,
  addSearchInputsAndFooterDataTable,
  clearDataTableFilters,
} from './filters/filter-row.component.js';
export { formatDataTablePageParams, formatDataTableParams } from './transport/datatables-params.writer.js';
export type { DataTableRequestParams, FormatDataTableParams, RequestParamValue } from './core/datatables-request.types.js';
export {
  DEFAULT_MAX_GET_URL_LENGTH,
  type DataTableRequestMethod,
  type DataTableTransportOptions,
} from './core/datatables-transport.options.js';
export type { DataTableBulkAction } from './bulk/bulk-actions.component.js';
export { useDataTable, type DataTableEngine } from './core/datatables-engine.registry.js';
export {
  EXPORT_BUTTON_TYPES,
  exportButtons,
  installExportButtons,
  type ExportButtonDefinition,
  type ExportButtonsOptions,
} from './export/export-buttons.component.js';
export { exportTable, type ExportTableOptions } from './export/export-table.client.js';
export type { DataTableExportChoice, DataTableExportFormat } from './export/export-request.writer.js';
export type { TableOverflow } from './overflow/table-overflow.options.js';
export {
  createDataTable,
  gtCreateDataTable,
  type CreateDataTableOptions,
  type DataTableEvents,
  type WidgetLibTableOptions,
} from './datatables.component.js';
export { dataTableTexts, resetDataTableTexts, setDataTableTexts, type DataTableTexts } from '../texts/datatables.texts.js';
export { SavedViewsClient, type SavedViewChange, type SavedViewSummary } from './saved-views/saved-views.client.js';
export { SAVED_VIEWS_CLASS } from './saved-views/saved-views-control.component.js';
export { UNSAVED_STATE_KEYS, viewIdFromLocation, viewLink, type TableState } from './saved-views/table-state.format.js';
export type { SavedViewsOptions } from './saved-views/saved-views.options.js';
