import type { followLiveTable } from './live-table.component.js';

/** What the live tables' module provides. */
export interface LiveTableModule {
  followLiveTable: typeof followLiveTable;
}

/**
 * Live tables' stream, loaded once a `live` table's first answer names it (a separate chunk for
 * bundlers). The `<script>` bundles replace this file with live-table.script-loader.ts.
 */
export function loadLiveTable(): Promise<LiveTableModule> {
  return import('./live-table.component.js');
}
