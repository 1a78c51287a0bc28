export { DataTable } from './datatable.decorator.js';
export { DataTableExport } from './export/datatable-export.decorator.js';
export {
  EXPORT_FORMATS,
  type DataTableExportColumn,
  type DataTableExportDefaults,
  type DataTableExportFormat,
  type DataTableExportOptions,
  type DataTableExportValues,
} from './model/export.options.js';
export { DataTableCounts } from './counting/datatable-counts.service.js';
export type {
  DataTableActionRoute,
  DataTableClientCompatibility,
  DataTableCountKind,
  DataTableCountStrategy,
  DataTablePermissions,
  DataTablePermissionsOptions,
  DataTableEnvelope,
  DataTableOptions,
  DataTableRowActions,
  DataTableSearchPaneOption,
  DataTableSearchPanes,
} from './model/datatable.options.js';
export type { DataTableChoice, DataTableChoices } from './model/choices.checks.js';
export type { DataTableColumnControl, DataTableColumnControlOption } from './model/column-control.options.js';
export type {
  AggregateFunction,
  AggregateValue,
  DataTableAggregates,
  DataTableAggregateValues,
  DataTableGroupTotals,
} from './model/aggregates.options.js';
export { LOOKUPS, type Lookup } from './model/table-request.types.js';
export { COLLATION_LANGUAGES, containsPattern, LIKE_ESCAPE, type CollationLanguage } from '../dialect/index.js';
export {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_TABLE_REQUEST_LIMITS,
  type TableRequestLimits,
} from './model/table-request-limits.checks.js';
