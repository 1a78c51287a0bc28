import { IMAGE_SCHEMES, LINK_SCHEMES, safeUrl } from './url-safety.js';

// What help HTML may contain (docs/design.md 2.2), for the server's sanitiser (sanitize-html, on write)
// and the browser's (DOMPurify, before showing): formatting, lists, headings, tables, code, links
// (http, https, mailto, relative) and images (http, https, relative). No script, no event handler,
// no style, no class or id, no other URL scheme, no protocol-relative or backslash URL.

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TEXT_FORMATTING = [
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
];
const BLOCKS = ['div', 'span', 'blockquote', 'abbr', 'cite', 'q'];
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const CODE = ['code', 'pre', 'kbd', 'samp'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/** Elements help HTML may contain (lower case); any other element is removed, its text kept. */
export const HELP_HTML_TAGS: readonly string[] = [
  ...HEADINGS,
  ...TEXT_FORMATTING,
  ...BLOCKS,
  ...LISTS,
  ...CODE,
  ...TABLES,
  'a',
  'img',
];

/** The attributes each element may keep; an element not listed keeps none. */
export const HELP_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
  ol: ['start', 'reversed'],
  col: ['span'],
  colgroup: ['span'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** The URL attributes among those, with the schemes each accepts (see `safeUrl`). */
export const HELP_HTML_URL_SCHEMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  a: { href: LINK_SCHEMES },
  img: { src: IMAGE_SCHEMES },
};

/** Elements removed together with their content: what is inside them is code, not text to read. */
export const HELP_HTML_DROPPED_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
];

/** Whether element `tag` may keep attribute `name` (both lower case) with this value. */
export function helpHtmlAttributeAllowed(tag: string, name: string, value: string): boolean {
  // Own properties only: an element named `constructor` must not find Object.prototype's.
  if (!Object.hasOwn(HELP_HTML_ATTRIBUTES, tag) || !HELP_HTML_ATTRIBUTES[tag]!.includes(name)) return false;
  const urlAttributes = Object.hasOwn(HELP_HTML_URL_SCHEMES, tag) ? HELP_HTML_URL_SCHEMES[tag]! : {};
  const schemes = Object.hasOwn(urlAttributes, name) ? urlAttributes[name]! : null;
  return schemes === null || safeUrl(value, schemes) !== null;
}
