import type { createHelpAuthoring } from './help-authoring.component.js';

/** What the help authoring's module provides. */
export interface HelpAuthoringModule {
  createHelpAuthoring: typeof createHelpAuthoring;
}

/**
 * The help panel's authoring (forms, deletes, history, authoring mode, deleted entries), loaded when
 * a panel starts for a user who may write (a separate chunk for bundlers). The `<script>` bundles
 * replace this file with help-authoring.script-loader.ts.
 */
export function loadHelpAuthoring(): Promise<HelpAuthoringModule> {
  return import('./help-authoring.component.js');
}
