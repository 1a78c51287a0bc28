/** Metadata key of the options `@DataTable` stores on its handler. */
export const DATA_TABLE_OPTIONS = 'widgetlib:data-table';

/** Metadata key of the options `@DataTableExport` stores on its handler (not a list: no saved views of its own). */
export const DATA_TABLE_EXPORT_OPTIONS = 'widgetlib:data-table-export';

/** Metadata key of the table options `@DataTableBulkAction` stores on its handler. */
export const DATA_TABLE_BULK_ACTION_OPTIONS = 'widgetlib:data-table-bulk-action';
