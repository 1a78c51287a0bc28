const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text made safe to put into HTML, inside an element or a quoted attribute. `null`/`undefined` give ''. */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"'`]/g, (character) => HTML_ESCAPES[character]!);
}

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL when it is safe to put into `href`: http, https, mailto, or relative (no scheme);
 * `null` for anything else (`javascript:`, `data:`, `vbscript:`, obfuscated variants).
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  // Browsers drop tabs and newlines inside URLs and ignore leading control characters and spaces.
  const normalised = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalised);
  if (!scheme) return normalised.startsWith('//') ? null : url;
  return SAFE_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`) ? url : null;
}
