export { dataSourceIdentity, tablesReadBy } from './count-cache-key.writer.js';
export { DataTableCounts, PRIMARY_READS_AFTER_WRITE_MS } from './datatable-counts.service.js';
export { TableCountsQuery, type Count, type TableCounts, type TableCountSettings } from './table-counts.query.js';
export { listReadSource } from './read-source.query.js';
