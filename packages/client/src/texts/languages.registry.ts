import { ENGLISH } from './english.texts.js';
import type { WidgetlibMessages } from './messages.types.js';

const catalogues = new Map<string, WidgetlibMessages>([['en', ENGLISH]]);
const listeners = new Set<() => void>();

const normalTag = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-');

/**
 * Makes a language available to every table and help panel of the page, by its BCP 47 tag (`es`,
 * `pt-BR`). A page whose `<html lang>` (or a table's or panel's `language` option) is that tag, or a
 * more precise one (`es-MX` finds `es`), shows it. Adding a tag again replaces its catalogue.
 */
export function addLanguage(tag: string, messages: WidgetlibMessages): void {
  const key = normalTag(tag);
  if (!key) throw new Error('widgetlib: addLanguage needs a language tag');
  catalogues.set(key, messages);
  for (const listener of listeners) listener();
}

/** The tags of the languages the page has (English always). */
export function availableLanguages(): string[] {
  return [...catalogues.keys()];
}

/** The page's language: `<html lang>`, or `en` when it has none. */
export function pageLanguage(doc: Document | undefined = globalThis.document): string {
  return doc?.documentElement.lang || 'en';
}

/**
 * The tag of the catalogue that serves a language: the tag itself, else each shorter prefix
 * (`es-MX` → `es`), else English. Without a tag, the page's language.
 */
export function catalogueLanguage(tag: string = pageLanguage()): string {
  const parts = normalTag(tag).split('-');
  for (let length = parts.length; length > 0; length--) {
    const key = parts.slice(0, length).join('-');
    if (catalogues.has(key)) return key;
  }
  return 'en';
}

/** The catalogue of a language (see `catalogueLanguage`). */
export function languageMessages(tag?: string): WidgetlibMessages {
  return catalogues.get(catalogueLanguage(tag)) ?? ENGLISH;
}

/** Called after every `addLanguage` (resolved words kept in caches are dropped). */
export function onLanguagesChanged(listener: () => void): void {
  listeners.add(listener);
}
