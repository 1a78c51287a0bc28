/** Metadata key of the options `@DataTable` stores on its handler. */
export const DATA_TABLE_OPTIONS = 'widgetlib:data-table';
