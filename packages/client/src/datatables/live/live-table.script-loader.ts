import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { LiveTableModule } from './live-table.loader.js';

/** The `<script>` bundles' live tables: widgetlib.live.min.js, next to the bundle. */
export function loadLiveTable(): Promise<LiveTableModule> {
  return loadScriptChunk<LiveTableModule>('live');
}
