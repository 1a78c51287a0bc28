// Entry of dist/widgetlib.editor.min.js: the rich-text editor for the `<script>` bundles, which load
// it when a help form opens (rich-text.script-loader.ts).
import { createRichTextEditor } from './rich-text-editor.component.js';
import { RICH_TEXT_GLOBAL } from './rich-text.types.js';

window[RICH_TEXT_GLOBAL] = { createRichTextEditor };
