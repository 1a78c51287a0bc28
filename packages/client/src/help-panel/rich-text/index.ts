export { loadRichTextEditor } from './rich-text.loader.js';
export { attachRichTextEditor, type RichTextFieldOptions } from './rich-text-field.component.js';
export type { RichTextEditor } from './rich-text.types.js';
