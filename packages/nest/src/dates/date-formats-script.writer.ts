import { jsonForScript } from '../common/script-json.writer.js';

/** The display formats a page needs: the spec's `document.date_format` / `document.datetime_format`. */
export interface PageDateFormats {
  dateFormat: string;
  datetimeFormat: string;
}

export interface DateFormatsScriptOptions {
  /** The page's Content-Security-Policy nonce, put on the `<script>` element. */
  nonce?: string;
}

/** A CSP nonce is base64 or base64url; nothing else may reach the attribute. */
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

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
    `document.date_format = ${jsonForScript(formats.dateFormat)};` +
    `document.datetime_format = ${jsonForScript(formats.datetimeFormat)};` +
    '</script>'
  );
}
