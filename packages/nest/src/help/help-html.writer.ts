import sanitizeHtml from 'sanitize-html';
import {
  HELP_HTML_ATTRIBUTES,
  HELP_HTML_DROPPED_WITH_CONTENT,
  HELP_HTML_TAGS,
  HELP_HTML_URL_SCHEMES,
  helpHtmlAttributeAllowed,
} from '#rules/help-html.policy.js';

/** Only the attributes the shared policy allows on this element, URL values checked by its rule. */
const keepAllowedAttributes: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => helpHtmlAttributeAllowed(tagName, name, value)),
  ),
});

/**
 * The shared help HTML policy (packages/rules, which DOMPurify applies in the browser too) in
 * sanitize-html's terms; the transform applies its URL rule, sanitize-html's own scheme checks stay
 * as a second line.
 */
const HELP_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HELP_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(HELP_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [],
  allowedSchemesByTag: Object.fromEntries(
    Object.entries(HELP_HTML_URL_SCHEMES).map(([tag, byAttribute]) => [
      tag,
      [...new Set(Object.values(byAttribute).flat())],
    ]),
  ),
  allowedSchemesAppliedToAttributes: [
    ...new Set(Object.values(HELP_HTML_URL_SCHEMES).flatMap((byAttribute) => Object.keys(byAttribute))),
  ],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: [...HELP_HTML_DROPPED_WITH_CONTENT],
  transformTags: { '*': keepAllowedAttributes },
};

/** Sanitises help HTML with the library's allowlist; the result is safe to insert into a page. */
export function sanitizeHelpHtml(html: string): string {
  return sanitizeHtml(html, HELP_HTML_OPTIONS);
}

export interface MeasuredHelpHtml {
  /** The sanitised HTML. */
  html: string;
  /** How deep elements nest in the HTML as given (what is removed counts too); 0 for text alone. */
  depth: number;
}

/** `sanitizeHelpHtml`, measuring the nesting depth in the same parse. */
export function sanitizeHelpHtmlMeasured(html: string): MeasuredHelpHtml {
  let open = 0;
  let depth = 0;
  const sanitised = sanitizeHtml(html, {
    ...HELP_HTML_OPTIONS,
    // The parser closes every element it opens (void elements at once, unclosed ones at the end).
    onOpenTag: () => {
      open += 1;
      depth = Math.max(depth, open);
    },
    onCloseTag: () => {
      open -= 1;
    },
  });
  return { html: sanitised, depth };
}
