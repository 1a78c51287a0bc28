export { type PreparedTable, prepareTable } from './table-declaration.parser.js';
export { PreparedTables, tablePreparation } from './prepared-tables.cache.js';
