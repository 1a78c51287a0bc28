import { ENGLISH } from '../../texts/index.js';

export { resolveHelpPanelTexts, type HelpPanelTexts } from '../../texts/index.js';

/** The panel's English words (the English catalogue's `helpPanel`). */
export const DEFAULT_HELP_PANEL_TEXTS = ENGLISH.helpPanel;
