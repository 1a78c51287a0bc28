// The same escaping and URL rule as the server's (packages/rules, compiled into this package's dist).
export { escapeHtml } from '#rules/html-escape.js';
export { safeUrl } from '#rules/url-safety.js';
