export { deferInlineEditing } from './deferred-inline-editing.component.js';
export type { InlineEditable, InlineEditingControl, InlineEditingSetup } from './inline-editing.options.js';
