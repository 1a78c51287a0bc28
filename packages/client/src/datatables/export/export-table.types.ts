import type { DataTableExportChoice } from './export-request.writer.js';

/** What `exportTable` and the export buttons take. */
export interface ExportTableOptions extends DataTableExportChoice {
  /** The export route (default: the table's list URL plus `/export`). */
  url?: string;
  /** Told the message of a failed export (default: shown above the table, announced to screen readers). */
  onError?: (message: string) => void;
}
