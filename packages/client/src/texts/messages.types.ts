import type { DataTableTexts } from './datatables.texts.js';
import type { HelpPanelTexts } from './help-panel.texts.js';

/**
 * DataTables' `language` option: its own words and its extensions' (SearchPanes, SearchBuilder,
 * ColumnControl, Buttons, Select, Responsive), as the `datatables.net-plugins` package publishes
 * them per language (`i18n/<tag>.mjs`). `{}` keeps DataTables' built-in English.
 */
export type DataTablesLanguage = { readonly [key: string]: unknown };

/**
 * One language's catalogue: every word widgetlib's client shows. Each part requires every key, so a
 * catalogue that misses a word does not compile; adding a word is one line per catalogue.
 */
export interface WidgetlibMessages {
  /** The tables, their filter row, saved views, bulk actions, export and the render functions. */
  tables: DataTableTexts;
  /** The help panel, its forms and the rich-text editor's toolbar and prompts. */
  helpPanel: HelpPanelTexts;
  /** Given to DataTables as its `language` option, under a table's own `language` option. */
  datatables: DataTablesLanguage;
}
