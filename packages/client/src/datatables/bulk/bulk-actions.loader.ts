import type { addBulkActions } from './bulk-actions.component.js';

/** What the bulk actions' module provides. */
export interface BulkActionsModule {
  addBulkActions: typeof addBulkActions;
}

/**
 * The bulk actions' bar, loaded while a table that names `bulkActions` starts (a separate chunk for
 * bundlers). The `<script>` bundles replace this file with bulk-actions.script-loader.ts.
 */
export function loadBulkActions(): Promise<BulkActionsModule> {
  return import('./bulk-actions.component.js');
}
