// Entry of dist/widgetlib.bulk.min.js: the bulk actions' bar, which the `<script>` bundles load
// while a table that names `bulkActions` starts (bulk-actions.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { addBulkActions } from './bulk-actions.component.js';

registerScriptChunk('bulk', { addBulkActions });
