export {
  AGGREGATE_FUNCTIONS,
  type AggregateFunction,
  type AggregateValue,
  type DataTableAggregates,
  type DataTableAggregateValues,
  type DataTableGroupTotals,
} from './aggregates.options.js';
export type {
  DataTableActionRoute,
  DataTableClientCompatibility,
  DataTableCountStrategy,
  DataTableOptions,
  DataTablePermissions,
  DataTablePermissionsOptions,
  DataTableCountKind,
  DataTableEnvelope,
  DataTableSearchPaneOption,
  DataTableSearchPanes,
} from './datatable.options.js';
export { CLIENT_COMPATIBILITIES } from './datatable.options.js';
export {
  DATA_TABLE_OPTIONS,
  DATA_TABLE_EXPORT_OPTIONS,
  DATA_TABLE_BULK_ACTION_OPTIONS,
} from './datatable.constants.js';
export {
  DEFAULT_TABLE_REQUEST_LIMITS,
  MAX_TEXT_LENGTH,
  parameterDepthLimit,
  resolveTableRequestLimits,
  statementTimeoutProblem,
  type TableRequestLimits,
  sentSizeProblem,
  type SentParameters,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from './table-request-limits.checks.js';
export {
  filterParameterName,
  isSearchBuilderParameter,
  parseOrderingField,
  SEARCH_BUILDER_PARAMETER,
} from './parameter-names.parser.js';
export {
  type Lookup,
  type TableRequest,
  type ConditionNode,
  type FieldCondition,
  type ConditionGroup,
  type FieldSpec,
  type PanesRequest,
  type TableRequestContext,
  type ClientCompatibility,
  type FilterValue,
  type PaneSelection,
  type OrderKey,
  LOOKUPS,
  type ColumnFilter,
  type FieldKind,
  type Predicate,
  type Bound,
  isConditionGroup,
  type TextAnchor,
  type KeyValue,
  type ColumnControlListRequest,
} from './table-request.types.js';
export {
  TableRequestError,
  TableTimeoutError,
  listed,
  quoted,
  RequestProblems,
  sentDraw,
} from './table-request.errors.js';
export {
  EXPORT_FORMATS,
  type DataTableExportColumn,
  type DataTableExportFormat,
  DEFAULT_EXPORT_CHUNK_SIZE,
  DEFAULT_EXPORT_MAX_ROWS,
  MAX_EXPORT_CHUNK_SIZE,
  type DataTableExportDefaults,
  type DataTableExportOptions,
  type DataTableExportValues,
  EXPORT_VALUES,
} from './export.options.js';
export { fitsFloatColumn, type FloatPrecision } from './float-range.checks.js';
export { foldCase } from '../../dialect/index.js';
export {
  countStrategyProblems,
  COUNT_STRATEGIES,
  DEFAULT_COUNT_CAP,
  DEFAULT_COUNT_STRATEGY,
  DEFAULT_ESTIMATE_ABOVE,
  DEFAULT_COUNT_TTL_MS,
} from './count-strategy.checks.js';
export {
  EXPORT_DEFAULTS,
  resolveExportDefaults,
  resolveExportSettings,
  type ExportSettings,
  type ResolvedExportDefaults,
} from './export-settings.checks.js';
export {
  booleanOf,
  cellLabel,
  shownDateTime,
  type CellLabelSettings,
  type ChoiceLabels,
  type LabelKind,
} from './cell-label.format.js';
export {
  choiceLabelsIn,
  MAX_CHOICE_LABEL_LENGTH,
  parseChoices,
  type DataTableChoice,
  type DataTableChoices,
  type DeclaredChoiceLabels,
} from './choices.checks.js';
export {
  columnControlProblems,
  type DataTableColumnControl,
  type DataTableColumnControlOption,
  MAX_COLUMN_CONTROL_OPTIONS,
} from './column-control.options.js';
