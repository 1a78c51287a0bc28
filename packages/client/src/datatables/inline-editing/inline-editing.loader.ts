import type { installInlineEditing } from './inline-editing.component.js';

/** What the inline editing's module provides. */
export interface InlineEditingModule {
  installInlineEditing: typeof installInlineEditing;
}

/**
 * The inline editing, loaded while a table that names `editable` starts (a separate chunk for
 * bundlers). The `<script>` bundles replace this file with inline-editing.script-loader.ts.
 */
export function loadInlineEditing(): Promise<InlineEditingModule> {
  return import('./inline-editing.component.js');
}
