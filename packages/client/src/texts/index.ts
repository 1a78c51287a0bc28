export {
  dataTableTexts,
  datatablesLanguage,
  type DataTableTexts,
  resetDataTableTexts,
  setDataTableTexts,
} from './datatables.texts.js';
export { resolveHelpPanelTexts, type HelpPanelTexts } from './help-panel.texts.js';
export {
  addLanguage,
  availableLanguages,
  catalogueLanguage,
  languageMessages,
  pageLanguage,
} from './languages.registry.js';
export type { DataTablesLanguage, WidgetlibMessages } from './messages.types.js';
export { ENGLISH } from './english.texts.js';
