import DOMPurify from 'dompurify';

/**
 * `help_text` made safe to insert as HTML. The server sanitises on write already; this second pass
 * protects against rows written around the API (imports, the database directly, older versions).
 * Styles are dropped as well so that an entry cannot restyle or cover the page.
 */
export function sanitizeHelpText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
}
