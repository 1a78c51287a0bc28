// Entry of dist/widgetlib.saved-views.min.js: the saved-views control, which the `<script>` bundles
// load while a table with `savedViews` starts (saved-views-control.script-loader.ts).
import { registerScriptChunk } from '../../lazy/script-chunk.registry.js';
import { mountSavedViewsControl } from './saved-views-control.component.js';

registerScriptChunk('saved-views', { mountSavedViewsControl });
