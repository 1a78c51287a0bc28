export { createElement, showMessages } from './dom-element.component.js';
export {
  failureMessages,
  HelpApiClient,
  HelpApiError,
  HelpConflictError,
  isHelpApiError,
  isHelpConflictError,
  type HelpEntryInput,
} from './help-api.client.js';
export { DEFAULT_HELP_PANEL_TEXTS, type HelpPanelTexts, resolveHelpPanelTexts } from './help-panel.texts.js';
export type {
  HelpEntry,
  HelpFieldsReport,
  HelpPanelConfig,
  HelpPanelOptions,
  HelpPanelPermissions,
  HelpPanelSettings,
  HelpRevision,
  HelpRevisionState,
  HelpUsageEvent,
  ReportedHelpField,
} from './help-panel.types.js';
export { loadHelpTextSanitizer, type HelpTextSanitizer } from './help-text.loader.js';
