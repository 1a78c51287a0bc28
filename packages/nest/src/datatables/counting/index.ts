export { dataSourceIdentity, readTables } from './count-cache-key.writer.js';
export { DataTableCounts } from './datatable-counts.service.js';
