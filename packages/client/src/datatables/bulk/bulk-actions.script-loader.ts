import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { BulkActionsModule } from './bulk-actions.loader.js';

/** The `<script>` bundles' bulk actions: widgetlib.bulk.min.js, next to the bundle. */
export function loadBulkActions(): Promise<BulkActionsModule> {
  return loadScriptChunk<BulkActionsModule>('bulk');
}
