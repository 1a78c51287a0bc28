// `@widgetlib/client/export`: export buttons and `exportTable` (the download loads on first use).
export {
  EXPORT_BUTTON_TYPES,
  exportButtons,
  exportTable,
  installExportButtons,
  type DataTableExportChoice,
  type DataTableExportFormat,
  type DataTableExportValues,
  type ExportButtonDefinition,
  type ExportButtonsOptions,
  type ExportTableOptions,
} from '../datatables/export/index.js';
