export {
  EXPORT_BUTTON_TYPES,
  type ExportButtonDefinition,
  exportButtons,
  type ExportButtonsOptions,
  installExportButtons,
} from './export-buttons.component.js';
export type { DataTableExportChoice, DataTableExportFormat, DataTableExportValues } from './export-request.writer.js';
export { exportTable, type ExportTableOptions } from './export-table.client.js';
