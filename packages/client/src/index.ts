export { escapeHtml, safeUrl } from './escape.js';
export * from './datatables/index.js';
export * from './renderers/index.js';
export * from './help-panel/index.js';
export {
  addLanguage,
  languageMessages,
  pageLanguage,
  type DataTablesLanguage,
  type WidgetlibMessages,
} from './texts/index.js';
