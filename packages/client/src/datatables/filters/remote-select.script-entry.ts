// Entry of dist/widgetlib.remote-select.min.js: the select2 column's control (Tom Select), which the
// `<script>` bundles load when a filter row has such a column (remote-select.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { createRemoteSelect } from './remote-select.component.js';

registerScriptChunk('remote-select', { createRemoteSelect });
