/**
 * Whether a 403's body is widgetlib's refusal for want of permissions (it lists
 * `missingPermissions`), which a page says in its own words; another 403 (a refused CSRF token, a
 * host's own guard) keeps the server's message.
 */
export function isMissingPermissions(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { missingPermissions?: unknown }).missingPermissions)
  );
}
