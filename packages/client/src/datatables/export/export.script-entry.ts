// Entry of dist/widgetlib.export.min.js: the export's requests and download, which the `<script>`
// bundles load on the first export (export-download.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { downloadExport } from './export-download.client.js';

registerScriptChunk('export', { downloadExport });
