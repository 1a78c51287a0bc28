import type { mountSavedViewsControl } from './saved-views-control.component.js';

/** What the saved-views control's module provides. */
export interface SavedViewsControlModule {
  mountSavedViewsControl: typeof mountSavedViewsControl;
}

/**
 * The saved-views control, loaded while a table with `savedViews` starts (a separate chunk for
 * bundlers). The `<script>` bundles replace this file with saved-views-control.script-loader.ts.
 */
export function loadSavedViewsControl(): Promise<SavedViewsControlModule> {
  return import('./saved-views-control.component.js');
}
