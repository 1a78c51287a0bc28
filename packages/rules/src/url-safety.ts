/** Schemes a link (`href`) may use. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** Schemes an image source (`src`) may use. */
export const IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/**
 * The URL when it is safe to put into `href` (or `src`): one of `schemes` (default: http, https,
 * mailto), or a relative URL, which stays on the page's host; `null` for anything else: another
 * scheme (`javascript:`, `data:`, `vbscript:`, obfuscated variants), a protocol-relative URL
 * (`//host`), and a backslash anywhere before the query or the fragment, because browsers read `\`
 * as `/` there (`\\host`, `/\host`, `\/host` and `http:\\host` all lead to `host`).
 */
export function safeUrl(value: unknown, schemes: readonly string[] = LINK_SCHEMES): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  // Browsers ignore leading control characters and spaces, and drop tabs and newlines anywhere;
  // dropping every control character and space can only make more URLs look suspicious.
  const normalised = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const beforeQuery = normalised.split(/[?#]/, 1)[0]!;
  if (beforeQuery.includes('\\')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalised);
  if (scheme) return schemes.includes(scheme[1]!.toLowerCase()) ? url : null;
  return normalised.startsWith('//') ? null : url;
}
