import { pageLanguage } from '../texts/index.js';

/**
 * `Accept-Language` of the page's language, so that the server's messages (a form's 400) come in the
 * language the page shows rather than the browser's; none when the page names no language.
 */
export function languageHeaders(doc: Document | undefined = globalThis.document): Record<string, string> {
  return doc?.documentElement.lang ? { 'Accept-Language': pageLanguage(doc) } : {};
}
