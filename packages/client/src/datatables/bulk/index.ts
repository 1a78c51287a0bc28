export { addBulkActions, type DataTableBulkAction } from './bulk-actions.component.js';
