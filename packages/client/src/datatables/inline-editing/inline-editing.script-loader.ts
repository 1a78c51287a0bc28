import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { InlineEditingModule } from './inline-editing.loader.js';

/** The `<script>` bundles' inline editing: widgetlib.inline-editing.min.js, next to the bundle. */
export function loadInlineEditing(): Promise<InlineEditingModule> {
  return loadScriptChunk<InlineEditingModule>('inline-editing');
}
