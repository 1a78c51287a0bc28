/** Metadata key of the table options `@DataTableBulkAction` stores on its handler. */
export const BULK_ACTION_OPTIONS = 'widgetlib:data-table-bulk-action';
/** Where the interceptor leaves the route's bulk request for `@BulkSelection()`. */
export const BULK_REQUEST = Symbol('widgetlib.bulk-request');
