export { dataSourceIdentity, readTables } from './count-cache-key.writer.js';
export { DataTableCounts } from './datatable-counts.service.js';
export { TableCountsQuery, type Count, type TableCounts, type TableCountSettings } from './table-counts.query.js';
