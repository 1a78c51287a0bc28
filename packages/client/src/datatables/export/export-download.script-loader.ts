import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { ExportDownloadModule } from './export-download.loader.js';

/** The `<script>` bundles' export: widgetlib.export.min.js, next to the bundle. */
export function loadExportDownload(): Promise<ExportDownloadModule> {
  return loadScriptChunk<ExportDownloadModule>('export');
}
