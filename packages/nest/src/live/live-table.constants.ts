/**
 * Metadata of a live table's list handler: the name of the instance's method that answers the base
 * query a request lists (`(request) => SelectQueryBuilder`), set by `DataTableResource`.
 */
export const LIVE_TABLE_SCOPE = 'widgetlib:live-table-scope';
