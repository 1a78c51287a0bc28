import type { RichTextEditorModule } from './rich-text.types.js';

/**
 * The editor module, loaded when a form first needs it (a separate chunk for bundlers). The
 * `<script>` bundles replace this file with rich-text.script-loader.ts (scripts/build-bundles.mjs).
 */
export function loadRichTextEditor(_editorUrl?: string): Promise<RichTextEditorModule> {
  return import('./rich-text-editor.component.js');
}
