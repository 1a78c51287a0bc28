import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import {
  HELP_HTML_ATTRIBUTES,
  HELP_HTML_DROPPED_WITH_CONTENT,
  HELP_HTML_TAGS,
  helpHtmlAttributeAllowed,
} from '#rules/help-html.policy.js';

/** The server's allowlist (packages/rules, which sanitize-html applies on every write) in DOMPurify's terms. */
const HELP_TEXT_CONFIG: Config = {
  ALLOWED_TAGS: [...HELP_HTML_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(HELP_HTML_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_FORBID_CONTENTS: [...HELP_HTML_DROPPED_WITH_CONTENT],
};

let purifier: Purifier | null = null;

/** A DOMPurify instance of our own, so that its hooks do not change the host's use of DOMPurify. */
function helpPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // ALLOWED_ATTR is one list for every element: the policy says which element keeps which, and
  // checks URLs with the same rule as the server.
  purifier.addHook('uponSanitizeAttribute', (node, attribute) => {
    if (!helpHtmlAttributeAllowed(node.localName, attribute.attrName, attribute.attrValue)) attribute.keepAttr = false;
  });
  // A link in the help opens in a new tab: following it must not leave the form being filled in.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * `help_text` made safe to insert as HTML. The server sanitises on write already; this second pass,
 * with the same allowlist, protects against rows written around the API (imports, the database
 * directly, older versions).
 */
export function sanitizeHelpText(html: string): string {
  return helpPurifier().sanitize(html, HELP_TEXT_CONFIG);
}
