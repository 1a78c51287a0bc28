import { AuthoringMode, type AuthoringModeOptions } from './authoring-mode.component.js';
import { DeletedEntries, type DeletedEntriesOptions } from './entries/deleted-entries.component.js';
import { HelpPanelWrites, type HelpPanelWritesOptions } from './help-panel-writes.component.js';

/** What a panel's authoring needs: its writes always, authoring mode and deleted entries when permitted. */
export interface HelpAuthoringOptions {
  writes: HelpPanelWritesOptions;
  authoring: AuthoringModeOptions | null;
  deleted: DeletedEntriesOptions | null;
}

/** A panel's authoring: the add and edit forms, deletes and history, authoring mode and deleted entries. */
export interface HelpAuthoring {
  writes: HelpPanelWrites;
  authoring: AuthoringMode | null;
  deleted: DeletedEntries | null;
}

/** The panel's authoring parts, built once their module is loaded (for users who may write). */
export function createHelpAuthoring(options: HelpAuthoringOptions): HelpAuthoring {
  return {
    writes: new HelpPanelWrites(options.writes),
    authoring: options.authoring ? new AuthoringMode(options.authoring) : null,
    deleted: options.deleted ? new DeletedEntries(options.deleted) : null,
  };
}
