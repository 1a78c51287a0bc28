import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { SavedViewsControlModule } from './saved-views-control.loader.js';

/** The `<script>` bundles' saved-views control: widgetlib.saved-views.min.js, next to the bundle. */
export function loadSavedViewsControl(): Promise<SavedViewsControlModule> {
  return loadScriptChunk<SavedViewsControlModule>('saved-views');
}
