/** The display formats a page needs: the spec's `document.date_format` / `document.datetime_format`. */
export interface PageDateFormats {
  dateFormat: string;
  datetimeFormat: string;
}

export interface DateFormatsScriptOptions {
  /** The page's Content-Security-Policy nonce, put on the `<script>` element. */
  nonce?: string;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
/** A CSP nonce is base64 or base64url; nothing else may reach the attribute. */
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * `value` as a JavaScript literal safe inside an HTML `<script>` element: JSON with `<`, `>`, `&`,
 * U+2028 and U+2029 written as `\u` escapes, so no `</script>`, `<!--` or line terminator can
 * end the element or the statement early.
 */
export function toInlineScriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('toInlineScriptJson: the value has no JSON form');
  return json.replace(SCRIPT_UNSAFE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The page snippet of the spec's timejs tags: a `<script>` element that sets
 * `document.date_format` and `document.datetime_format`.
 */
export function renderDateFormatsScript(formats: PageDateFormats, options: DateFormatsScriptOptions = {}): string {
  let nonceAttribute = '';
  if (options.nonce !== undefined) {
    if (!NONCE.test(options.nonce)) throw new Error('renderDateFormatsScript: the nonce must be base64 or base64url');
    nonceAttribute = ` nonce="${options.nonce}"`;
  }
  return (
    `<script${nonceAttribute}>` +
    `document.date_format = ${toInlineScriptJson(formats.dateFormat)};` +
    `document.datetime_format = ${toInlineScriptJson(formats.datetimeFormat)};` +
    '</script>'
  );
}
