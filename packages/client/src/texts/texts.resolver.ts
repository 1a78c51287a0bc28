import type { DataTableTexts } from './datatables.texts.js';
import type { HelpPanelTexts } from './help-panel.texts.js';
import { catalogueLanguage, languageMessages, onLanguagesChanged } from './languages.registry.js';
import type { DataTablesLanguage } from './messages.types.js';

/** The host's words for every table and language (`setDataTableTexts`). */
let hostTexts: Partial<DataTableTexts> = {};
/** The resolved words per catalogue language, built on first use (render functions ask per cell). */
const resolved = new Map<string, Readonly<DataTableTexts>>();
onLanguagesChanged(() => resolved.clear());

/** Changes words for every table and language; keys left out keep their current value. */
export function setDataTableTexts(texts: Partial<DataTableTexts>): void {
  hostTexts = { ...hostTexts, ...definedOnly(texts) };
  resolved.clear();
}

/** Drops the words set with `setDataTableTexts`: the language's catalogue shows again. */
export function resetDataTableTexts(): void {
  hostTexts = {};
  resolved.clear();
}

/**
 * The words in use: the catalogue of `language` (default: the page's `<html lang>`), the host's
 * words over it, and a table's own words on top when given.
 */
export function dataTableTexts(overrides?: Partial<DataTableTexts>, language?: string): Readonly<DataTableTexts> {
  const tag = catalogueLanguage(language);
  let texts = resolved.get(tag);
  if (!texts) {
    texts = Object.freeze({ ...languageMessages(tag).tables, ...hostTexts });
    resolved.set(tag, texts);
  }
  return overrides ? { ...texts, ...definedOnly(overrides) } : texts;
}

/**
 * DataTables' `language` option for a table: the catalogue's (DataTables' published translation),
 * with the table's own `language` option merged over it key by key.
 */
export function datatablesLanguage(language?: string, own?: DataTablesLanguage): DataTablesLanguage {
  return mergeLanguage(languageMessages(language).datatables, own ?? {});
}

function mergeLanguage(base: DataTablesLanguage, over: DataTablesLanguage): DataTablesLanguage {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key];
    merged[key] = isPlainObject(under) && isPlainObject(value) ? mergeLanguage(under, value) : value;
  }
  return merged;
}

const isPlainObject = (value: unknown): value is DataTablesLanguage =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function definedOnly(texts: Partial<DataTableTexts>): Partial<DataTableTexts> {
  return Object.fromEntries(
    Object.entries(texts).filter(([, value]) => typeof value === 'string' || isPlainObject(value)),
  );
}

/**
 * The panel's words: the catalogue of `language` (default: the page's `<html lang>`) with the host's
 * own words over it.
 */
export function resolveHelpPanelTexts(texts: Partial<HelpPanelTexts> = {}, language?: string): HelpPanelTexts {
  const defined = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined));
  return { ...languageMessages(language).helpPanel, ...defined };
}
