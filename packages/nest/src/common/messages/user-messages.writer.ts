import { ENGLISH_MESSAGES } from './english.messages.js';
import { SPANISH_MESSAGES } from './spanish.messages.js';
import type { UserMessage, UserMessages } from './user-messages.types.js';

/** The language of a reader none of whose languages is served: the server's messages are in English then. */
export const DEFAULT_LANGUAGE = 'en';

const catalogues = new Map<string, UserMessages>([
  ['en', ENGLISH_MESSAGES],
  ['es', SPANISH_MESSAGES],
]);

/** Adds (or replaces) the server's messages in a language, by its BCP 47 tag (`pt-BR`, `fr`). */
export function addMessageLanguage(tag: string, messages: UserMessages): void {
  const key = tag.trim().toLowerCase();
  if (!key) throw new Error('widgetlib: addMessageLanguage needs a language tag');
  catalogues.set(key, messages);
}

/** The catalogue tag serving `tag`: itself, else each shorter prefix (`es-MX` → `es`), else `null`. */
function catalogueTag(tag: string): string | null {
  const parts = tag.trim().toLowerCase().split('-');
  for (let length = parts.length; length > 0; length--) {
    const key = parts.slice(0, length).join('-');
    if (catalogues.has(key)) return key;
  }
  return null;
}

/**
 * The language of a request's messages: the first of the reader's languages, best first (the
 * module's `getLanguage`, by default the request's `Accept-Language`), that has a catalogue, else
 * English.
 */
export function messageLanguage(languages: Iterable<string>): string {
  for (const tag of languages) {
    const found = catalogueTag(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** Whether a message's value is a message by its code (else texts by language tag). */
function isUserMessage(value: object): value is UserMessage {
  const { code } = value as { code?: unknown };
  return typeof code === 'string' && Object.hasOwn(ENGLISH_MESSAGES, code);
}

/** A message's text in a language (English when the language has none). */
export function userMessageText({ code, params = {} }: UserMessage, language = 'en'): string {
  const template = (catalogues.get(language) ?? ENGLISH_MESSAGES)[code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value !== 'object') return String(value);
    return isUserMessage(value) ? userMessageText(value, language) : languageText(value, [language]);
  });
}

/** A list's messages in a language: coded ones written in it, plain texts as they are. */
export function userMessageTexts(messages: readonly (UserMessage | string)[], language = 'en'): string[] {
  return messages.map((message) => (typeof message === 'string' ? message : userMessageText(message, language)));
}

/**
 * The tag among `available` (a value's languages: `es`, `pt-BR`) that serves the reader best: the
 * first of `languages` (best first) that is one of them or narrows one (`es-MX` finds `es`); null for none.
 */
export function bestLanguage(languages: Iterable<string>, available: Iterable<string>): string | null {
  const byKey = new Map([...available].map((tag) => [tag.trim().toLowerCase(), tag]));
  for (const tag of languages) {
    const parts = tag.trim().toLowerCase().split('-');
    for (let length = parts.length; length > 0; length--) {
      const found = byKey.get(parts.slice(0, length).join('-'));
      if (found !== undefined) return found;
    }
  }
  return null;
}

/** A text a host declares for readers: one for every language, or one per BCP 47 tag (`{ en: 'Vinyl', es: 'Vinilo' }`). */
export type LanguageTexts = string | Readonly<Record<string, string>>;

/**
 * A declared text in the reader's language: the entry {@link bestLanguage} finds among its tags for
 * `languages` (best first), else the default language's (English), else its first.
 */
export function languageText(text: LanguageTexts, languages: Iterable<string>): string {
  if (typeof text === 'string') return text;
  const tags = Object.keys(text);
  const tag = bestLanguage(languages, tags) ?? bestLanguage([DEFAULT_LANGUAGE], tags) ?? tags[0]!;
  return text[tag]!;
}

/**
 * What is wrong with a declared text (`what` names it), or null: a text of 1 to `maxLength`
 * characters, or texts by language tag of which one is the default language's (English).
 */
export function languageTextProblem(text: unknown, what: string, maxLength: number): string | null {
  const fits = (each: unknown) => typeof each === 'string' && each.trim() !== '' && each.length <= maxLength;
  if (typeof text === 'string') return fits(text) ? null : `${what} must be 1 to ${maxLength} characters`;
  if (typeof text !== 'object' || text === null || Array.isArray(text))
    return `${what} must be a text, or texts by language tag`;
  const entries = Object.entries(text);
  if (entries.some(([, each]) => !fits(each)))
    return `${what}: each language's text must be 1 to ${maxLength} characters`;
  if (bestLanguage([DEFAULT_LANGUAGE], Object.keys(text)) === null)
    return `${what} gives texts by language tag, so it must give the default language's (${DEFAULT_LANGUAGE})`;
  return null;
}
