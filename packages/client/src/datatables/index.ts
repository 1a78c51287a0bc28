export type { DataTableFilterHook } from './datatables-ajax.loader.js';
export {
  COLUMN_FILTER_TYPES,
  columnFieldName,
  type ColumnChoice,
  type ColumnFilterType,
  type WidgetLibColumn,
} from './datatables-column.types.js';
export {
  FILTER_DEBOUNCE_MS,
  addSearchInputsAndFooterDataTable,
  clearDataTableFilters,
} from './datatables-filter-row.builder.js';
export {
  buildRequestUrl,
  formatDataTablePageParams,
  formatDataTableParams,
  type DataTableRequestParams,
  type FormatDataTableParams,
  type RequestParamValue,
} from './datatables-params.formatter.js';
export { errorMessage, parseEnvelope, type DataTableEnvelope } from './datatables-response.parser.js';
export { useDataTable, type DataTableEngine } from './datatables.engine.js';
export {
  createDataTable,
  gtCreateDataTable,
  type DataTableEvents,
  type WidgetLibTableOptions,
} from './datatables.factory.js';
export { dataTableTexts, resetDataTableTexts, setDataTableTexts, type DataTableTexts } from './datatables.texts.js';
