// `@widgetlib/client/renderers`: the render functions alone (and the escaping they use).
export { escapeHtml, safeUrl } from '../escape.js';
export * from '../renderers/index.js';
