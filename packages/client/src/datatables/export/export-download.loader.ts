import type { downloadExport } from './export-download.client.js';

/** What the export's module provides. */
export interface ExportDownloadModule {
  downloadExport: typeof downloadExport;
}

/**
 * The export's requests and download, loaded on the first export (a separate chunk for bundlers).
 * The `<script>` bundles replace this file with export-download.script-loader.ts.
 */
export function loadExportDownload(): Promise<ExportDownloadModule> {
  return import('./export-download.client.js');
}
