// Entry of dist/widgetlib.help-authoring.min.js: the help panel's authoring, which the `<script>`
// bundles load when a panel starts for a user who may write (help-authoring.script-loader.ts).
import { registerScriptChunk } from '../lazy/script-chunk.registry.js';
import { createHelpAuthoring } from './help-authoring.component.js';

registerScriptChunk('help-authoring', { createHelpAuthoring });
