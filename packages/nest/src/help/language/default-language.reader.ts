import type { HttpRequest } from '../../common/http-platform.reader.js';
import { acceptedLanguages } from './help-language.parser.js';

/** The default `getLanguage`: the languages of the request's `Accept-Language`, best first. */
export function defaultGetLanguage(request: unknown): string[] {
  const header = (request as Partial<HttpRequest> | null)?.headers?.['accept-language'];
  return acceptedLanguages(typeof header === 'string' ? header : undefined);
}
