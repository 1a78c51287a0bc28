export { DEFAULT_HELP_IMPORT_MAX_ENTRIES } from './help-import.constants.js';
export {
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  type HelpExport,
  type HelpExportEntry,
} from './help-export.format.js';
export { HelpTransferController } from './help-transfer.controller.js';
export { exportHelp, importHelp, type HelpImportOptions, type HelpImportReport } from './help-transfer.query.js';
