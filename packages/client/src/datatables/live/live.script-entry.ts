// Entry of dist/widgetlib.live.min.js: live tables' stream, which the `<script>` bundles load once a
// `live` table's first answer names it (live-table.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { followLiveTable } from './live-table.component.js';

registerScriptChunk('live', { followLiveTable });
