export { DataTableExport } from './datatable-export.decorator.js';
export { DataTablesExportInterceptor } from './datatables-export.interceptor.js';
