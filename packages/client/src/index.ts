export { escapeHtml, safeUrl } from './escape.js';
