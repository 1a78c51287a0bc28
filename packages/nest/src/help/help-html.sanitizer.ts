import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TEXT_FORMATTING = ['p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup'];
const BLOCKS = ['div', 'span', 'blockquote', 'abbr', 'cite', 'q'];
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const CODE = ['code', 'pre', 'kbd', 'samp'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/**
 * What help HTML may contain: formatting, lists, headings, tables, code, links (http, https and
 * mailto) and images (http and https). No script, no event handler, no style, no other URL scheme.
 */
const HELP_HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...HEADINGS, ...TEXT_FORMATTING, ...BLOCKS, ...LISTS, ...CODE, ...TABLES, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    ol: ['start', 'reversed'],
    col: ['span'],
    colgroup: ['span'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe', 'noembed', 'noframes'],
};

/** Sanitises help HTML with the library's allowlist; the result is safe to insert into a page. */
export function sanitizeHelpHtml(html: string): string {
  return sanitizeHtml(html, HELP_HTML_POLICY);
}
