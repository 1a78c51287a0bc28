export { BulkSelection, DataTableBulkAction } from './datatable-bulk-action.decorator.js';
export { BulkRequest } from './bulk-request.query.js';
export type { BulkKey } from './selected-keys.query.js';
export {
  DEFAULT_BATCH_SIZE,
  TableSelection,
  type BatchAction,
  type BatchOptions,
  type BulkReport,
  type BulkTransaction,
} from './table-selection.query.js';
