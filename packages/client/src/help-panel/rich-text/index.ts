export { loadRichTextEditor } from './rich-text.loader.js';
export type { RichTextEditor } from './rich-text.types.js';
