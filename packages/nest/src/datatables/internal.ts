// What the other capabilities of the package use from the data-table core (not public: index.ts is).
export {
  type DataTableOptions,
  TableRequestError,
  quoted,
  RequestProblems,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  listed,
  type TableRequestContext,
  DATA_TABLE_OPTIONS,
  DATA_TABLE_BULK_ACTION_OPTIONS,
  type DataTableExportDefaults,
  type DataTableCountStrategy,
  type TableRequestLimits,
  DEFAULT_TABLE_REQUEST_LIMITS,
  resolveTableRequestLimits,
  statementTimeoutProblem,
} from './model/index.js';
export { DataTableCounts } from './counting/index.js';
export { countStrategyProblems, DEFAULT_COUNT_TTL_MS, resolveExportDefaults } from './model/index.js';
export { type PreparedTable, PreparedTables, tablePreparation, prepareTable } from './preparation/index.js';
export { readInteger, QueryParameters } from './request/index.js';
export {
  eagerRepositoryQuery,
  setUpTableQuery,
  and,
  type TableQuerySetup,
  StatementTimeoutError,
  withStatementTimeout,
  isolatedBase,
  withoutUnusedLeftJoins,
  resolveFieldPath,
  type ResolvedPath,
} from './sql/index.js';
export { parseTableRequest } from './table-request.parser.js';
export { readTableRequest } from './table-request.reader.js';
export { PAGE_KEY } from './paging/index.js';
export { DataTable } from './datatable.decorator.js';
export { DataTableExport, DataTablesExportInterceptor } from './export/index.js';
export { rowDateFields, serializeRow, type RowDateFields } from './rows/index.js';
export { DataTablesListInterceptor } from './datatables-list.interceptor.js';
