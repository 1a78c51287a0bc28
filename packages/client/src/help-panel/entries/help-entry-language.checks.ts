import type { HelpEntry, HelpPanelTexts } from '../core/index.js';

/**
 * Whether an entry in `entryLanguage` reads as the reader's language: an entry for every language
 * (`null`), the reader's own tag, or one the reader's narrows (`es` for an `es-CR` reader).
 */
export function isReadersLanguage(entryLanguage: string | null | undefined, readerLanguage: string): boolean {
  if (!entryLanguage) return true;
  const entry = entryLanguage.toLowerCase();
  const reader = readerLanguage.toLowerCase();
  return reader === entry || reader.startsWith(`${entry}-`);
}

/**
 * The languages an author may pick: the host's list when it gives one, else the reader's language
 * followed by those of the listed entries, each once, in that order.
 */
export function authoringLanguages(
  configured: readonly string[] | undefined,
  readerLanguage: string,
  entries: readonly Pick<HelpEntry, 'language'>[],
): string[] {
  const tags = configured ?? [readerLanguage, ...entries.map((entry) => entry.language ?? '')];
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `Español (es)`: the tag's name in the reader's language when the browser knows it, and the tag. */
export function languageName(tag: string, readerLanguage: string): string {
  try {
    const names = new Intl.DisplayNames(readerLanguage ? [readerLanguage] : [], { type: 'language' });
    const name = names.of(tag);
    return name && name.toLowerCase() !== tag.toLowerCase() ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** The badge of an entry written for another language than the reader's; `null` for the reader's own. */
export function entryLanguageBadge(
  language: string | null | undefined,
  readerLanguage: string,
  texts: Pick<HelpPanelTexts, 'entryLanguage'>,
): string | null {
  return language && !isReadersLanguage(language, readerLanguage)
    ? texts.entryLanguage(languageName(language, readerLanguage))
    : null;
}

/** What the add and edit forms offer besides "Every language". */
export function formLanguages(
  configured: readonly string[] | undefined,
  readerLanguage: string,
  entries: readonly Pick<HelpEntry, 'language'>[],
): { languages: string[]; languageName: (tag: string) => string } {
  return {
    languages: authoringLanguages(configured, readerLanguage, entries),
    languageName: (tag) => languageName(tag, readerLanguage),
  };
}
