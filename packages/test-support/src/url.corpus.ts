// URLs every side of widgetlib checks with the one rule of src/url-safety.ts: the rules' own spec,
// the server's sanitiser and menu links, the client's renderers and help panel (in Chromium too).

/**
 * URLs that a browser would follow to another host, or run as script; each must be refused.
 * Backslashes: browsers read `\` as `/` in http(s) URLs and in URLs relative to an http(s) page.
 */
export const HOSTILE_URLS: readonly string[] = [
  '//evil.example/x',
  '\\\\evil.example',
  '/\\evil.example',
  '\\/evil.example',
  'http:\\\\evil.example',
  'https:\\\\evil.example/x',
  'http:/\\evil.example',
  'HTTP:\\/evil.example',
  '\\\\\\\\evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n\\evil.example',
  '\\\t\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript\t:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '',
  '   ',
];

/** Links that must stay links, unchanged: http, https, mailto and relative URLs. */
export const LEGITIMATE_URLS: readonly string[] = [
  'https://example.com/a?b=1',
  'http://example.com',
  'HTTPS://example.com/upper',
  'mailto:help@example.com',
  '/relative/path',
  'albums?page=2',
  'file.pdf',
  '../up/one',
  '?q=1',
  '#top',
  // After the query or the fragment a backslash is data, not a separator.
  '/search?q=a\\b',
  '/docs#a\\b',
];
