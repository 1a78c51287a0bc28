export { BulkSelection, DataTableBulkAction } from './bulk-action.decorator.js';
export { BulkRequest } from './bulk-request.js';
export type { BulkKey } from './selected-keys.query.js';
export {
  DEFAULT_BATCH_SIZE,
  TableSelection,
  type BatchAction,
  type BatchOptions,
  type BulkReport,
  type BulkTransaction,
} from './table-selection.js';
