import { DATA_TABLE_BULK_ACTION_OPTIONS } from '../datatables/internal.js';

/** Metadata key of the table options `@DataTableBulkAction` stores on its handler. */
export const BULK_ACTION_OPTIONS = DATA_TABLE_BULK_ACTION_OPTIONS;
/** Where the interceptor leaves the route's bulk request for `@BulkSelection()`. */
export const BULK_REQUEST = Symbol('widgetlib.bulk-request');
