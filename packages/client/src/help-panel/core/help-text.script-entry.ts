// Entry of dist/widgetlib.help-text.min.js: the help texts' sanitiser (DOMPurify), which the
// `<script>` bundles load with a panel's first entries (help-text.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { sanitizeHelpText } from './help-text.parser.js';

registerScriptChunk('help-text', { sanitizeHelpText });
