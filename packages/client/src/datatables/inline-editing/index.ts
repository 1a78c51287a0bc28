export { deferInlineEditing } from './deferred-inline-editing.component.js';
export type { InlineEditingControl, InlineEditingSetup } from './inline-editing.options.js';
