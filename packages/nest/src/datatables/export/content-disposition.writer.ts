/** Characters RFC 5987 lets through unencoded in `filename*` (attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+.^_`|~-]/;

/** `filename*`'s value (RFC 5987): UTF-8, every byte outside attr-char percent-encoded. */
function extendedValue(name: string): string {
  let encoded = '';
  for (const character of name) {
    if (ATTR_CHAR.test(character)) encoded += character;
    else
      for (const byte of Buffer.from(character, 'utf8'))
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `UTF-8''${encoded}`;
}

/** The plain `filename`: printable ASCII, without quotes, backslashes or path separators. */
function asciiFallback(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7E]/g, '')
      .replace(/["\\/]/g, '_') || 'export'
  );
}

/**
 * `Content-Disposition` of a download (RFC 6266): `attachment`, the ASCII `filename` older agents
 * read and the exact name as `filename*` (RFC 5987), which current browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=${extendedValue(fileName)}`;
}

/** `<base>-<yyyy-mm-dd>.<extension>`, the base cleared of path separators and control characters. */
export function exportFileName(base: string, day: string, extension: string): string {
  const clean = base.replace(/[\u0000-\u001F\u007F/\\]/g, '_').trim() || 'export';
  return `${clean}-${day}.${extension}`;
}
