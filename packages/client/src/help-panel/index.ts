export { HelpPanel } from './help-panel.component.js';
export { createHelpPanel, initHelpPanels } from './help-panels.component.js';
export { parseHelpPanelConfig, readHelpPanelConfig } from './help-panel-config.parser.js';
export { attachRichTextEditor, type RichTextEditor, type RichTextFieldOptions } from './rich-text/index.js';
export { DEFAULT_HELP_PANEL_TEXTS, type HelpPanelTexts } from './core/index.js';
export { DEFAULT_CSRF_HEADER, type CsrfOptions } from '../http/index.js';
export type {
  HelpEntry,
  HelpPanelConfig,
  HelpPanelOptions,
  HelpPanelPermissions,
  HelpPanelSettings,
  HelpUsageEvent,
} from './core/index.js';
