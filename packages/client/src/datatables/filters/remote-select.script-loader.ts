import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { RemoteSelectModule } from './remote-select.types.js';

/** The `<script>` bundles' remote select: widgetlib.remote-select.min.js, next to the bundle. */
export function loadRemoteSelect(): Promise<RemoteSelectModule> {
  return loadScriptChunk<RemoteSelectModule>('remote-select');
}
