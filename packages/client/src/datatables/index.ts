export {
  DEFAULT_MAX_GET_URL_LENGTH,
  columnFieldName,
  useDataTable,
  type ColumnChoice,
  type ColumnFilterType,
  type DataTableEngine,
  type DataTableRequestMethod,
  type DataTableRequestParams,
  type DataTableTransportOptions,
  type FormatDataTableParams,
  type RequestParamValue,
  type WidgetLibColumn,
} from './core/index.js';
export {
  extensionParams,
  formatDataTablePageParams,
  formatDataTableParams,
  type DataTableFilterHook,
  type DataTablesExtensionsData,
} from './transport/index.js';
export { FILTER_DEBOUNCE_MS, addSearchInputsAndFooterDataTable, clearDataTableFilters } from './filters/index.js';
export type { DataTableBulkAction } from './bulk/index.js';
export { TRASH_CLASS, type DataTableTrashOptions } from './trash/index.js';
export {
  EXPORT_BUTTON_TYPES,
  exportButtons,
  exportTable,
  installExportButtons,
  type DataTableExportChoice,
  type DataTableExportFormat,
  type DataTableExportValues,
  type ExportButtonDefinition,
  type ExportButtonsOptions,
  type ExportTableOptions,
} from './export/index.js';
export type { TableOverflow } from './overflow/index.js';
export { createDataTable, gtCreateDataTable } from './datatables.component.js';
export type { CreateDataTableOptions, DataTableEvents, WidgetLibTableOptions } from './datatables-options.types.js';
export { dataTableTexts, resetDataTableTexts, setDataTableTexts, type DataTableTexts } from '../texts/index.js';
export {
  SAVED_VIEWS_CLASS,
  SAVED_VIEWS_STATUS_CLASS,
  SavedViewsClient,
  SavedViewsRequestError,
  UNSAVED_STATE_KEYS,
  viewIdFromLocation,
  viewLink,
  type SavedViewChange,
  type SavedViewSummary,
  type SavedViewsOptions,
  type TableState,
} from './saved-views/index.js';
export { hasNoCondition, readTableConditions, type ColumnConditions, type TableConditions } from './state/index.js';
export {
  openRecordHistory,
  type RecordHistoryChange,
  type RecordHistoryOptions,
  type RecordHistoryPage,
  type RecordHistoryView,
  type RecordRevision,
} from './history/index.js';
