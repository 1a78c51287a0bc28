/** What the help text sanitiser's module (DOMPurify and the server's allowlist) provides. */
export interface HelpTextSanitizer {
  sanitizeHelpText(html: string): string;
}

/**
 * The sanitiser of help texts, loaded with the panel's first entries (a separate chunk for
 * bundlers). The `<script>` bundles replace this file with help-text.script-loader.ts.
 */
export function loadHelpTextSanitizer(): Promise<HelpTextSanitizer> {
  return import('./help-text.parser.js');
}
