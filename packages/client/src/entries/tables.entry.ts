// `@widgetlib/client/tables`: server-side tables, the filter row, the request translation and the
// table's words. Saved views, bulk actions and export are wired by `createDataTable` when a table
// names them; their own parts load on first use.
export * from '../datatables/index.js';
