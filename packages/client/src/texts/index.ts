export type { DataTableTexts } from './datatables.texts.js';
export type { HelpPanelTexts } from './help-panel.texts.js';
export {
  dataTableTexts,
  datatablesLanguage,
  resetDataTableTexts,
  resolveHelpPanelTexts,
  setDataTableTexts,
} from './texts.resolver.js';
export {
  addLanguage,
  availableLanguages,
  catalogueLanguage,
  languageMessages,
  pageLanguage,
} from './languages.registry.js';
export type { DataTablesLanguage, WidgetlibMessages } from './messages.types.js';
export { ENGLISH } from './english.texts.js';
