import { DEFAULT_CSRF_HEADER, type CsrfOptions } from './csrf.options.js';

/** The token from `<meta name="csrf-token" content="...">`, the usual place hosts render it. */
export function csrfTokenFromMeta(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/**
 * Whether a request to `url` (resolved against the document, as `fetch` does) stays on the page's own
 * origin: the only place the page's CSRF token may go.
 */
export function isSameOrigin(url: string, doc: Document = document): boolean {
  if (!URL.canParse(url, doc.baseURI)) return false;
  const { origin } = new URL(url, doc.baseURI);
  return origin !== 'null' && origin === doc.location?.origin;
}

/** The CSRF header of a write to `url`: none without a token, or when `url` is on another origin, which must not see it. */
export function csrfHeaders(url: string, csrf: CsrfOptions = {}, doc: Document = document): Record<string, string> {
  if (!isSameOrigin(url, doc)) return {};
  const token = typeof csrf.token === 'function' ? csrf.token() : (csrf.token ?? csrfTokenFromMeta(doc));
  return token ? { [csrf.headerName ?? DEFAULT_CSRF_HEADER]: token } : {};
}
