export type { BulkActionsControl, DataTableBulkAction } from './bulk-actions.component.js';
export { deferBulkActions } from './deferred-bulk-actions.component.js';
export { hasSelectExtension, RowSelection } from './row-selection.component.js';
export { selectRowConfig } from './select-row.options.js';
