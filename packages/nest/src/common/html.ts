const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text made safe inside an element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (character) => HTML_ESCAPES[character]!);
}

const SCRIPT_JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe inside a `<script>` element (`type="application/json"` or JavaScript): `<`, `>`, `&`,
 * U+2028 and U+2029 are written as `\u` escapes, so no `</script>`, `<!--` or line terminator can
 * end the element or a statement early, and `JSON.parse` gives the value back.
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonForScript: the value has no JSON form');
  return json.replace(/[<>&\u2028\u2029]/g, (character) => SCRIPT_JSON_ESCAPES[character]!);
}

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The URL when it is safe in an `href`: http, https, mailto, or a path; `null` for any other
 * scheme (`javascript:`, `data:`, obfuscated variants) and for protocol-relative URLs.
 */
export function safeHref(value: string): string | null {
  const url = value.trim();
  if (url === '') return null;
  // Browsers drop tabs, newlines and leading control characters, and read `\` as `/`.
  const normalised = url.replace(/[\u0000-\u0020\u007f]/g, '').replace(/\\/g, '/');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalised);
  if (scheme) return SAFE_SCHEMES.has(scheme[1]!.toLowerCase()) ? url : null;
  return normalised.startsWith('//') ? null : url;
}
