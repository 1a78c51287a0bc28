// Entry of dist/widgetlib.inline-editing.min.js: the cells' editors, which the `<script>` bundles load
// while a table that names `editable` starts (inline-editing.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { installInlineEditing } from './inline-editing.component.js';

registerScriptChunk('inline-editing', { installInlineEditing });
