import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

// Like DOMPurify's default, but only http, https and mailto links (DESIGN.md 2.2's allowlist).
const ALLOWED_URI = /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: Purifier | null = null;

/** A DOMPurify instance of our own, so that its hook does not change the host's use of DOMPurify. */
function helpPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // A link in the help opens in a new tab: following it must not leave the form being filled in.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * `help_text` made safe to insert as HTML. The server sanitises on write already; this second pass
 * protects against rows written around the API (imports, the database directly, older versions).
 * Styles are dropped as well so that an entry cannot restyle or cover the page.
 */
export function sanitizeHelpText(html: string): string {
  return helpPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
}
