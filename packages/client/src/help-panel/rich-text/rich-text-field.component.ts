import { resolveHelpPanelTexts, type HelpPanelTexts } from '../core/index.js';
import { loadRichTextEditor } from './rich-text.loader.js';
import type { RichTextEditor } from './rich-text.types.js';

export interface RichTextFieldOptions {
  /** Id of the field's `<label>`, which names the editable region (it must exist). */
  labelId: string;
  /** The editor's words (toolbar, prompts), over the language's catalogue. */
  texts?: Partial<HelpPanelTexts>;
  /** The language of its words (see `addLanguage`); default: the page's `<html lang>`. */
  lang?: string;
  /** `<script>` bundles: where `widgetlib.editor.min.js` is, when not next to `widgetlib.min.js`. */
  editorUrl?: string;
}

/**
 * Turns a form's `<textarea>` of HTML into the help panel's rich-text editor: the editor is loaded
 * on demand, starts from the text area's value, writes its HTML back into it on every change (what
 * the form submits) and is inserted right after it; the text area becomes its HTML source view.
 * `destroy()` removes the editor and shows the plain text area again.
 */
export async function attachRichTextEditor(
  textarea: HTMLTextAreaElement,
  options: RichTextFieldOptions,
): Promise<RichTextEditor> {
  if (!textarea.id) throw new Error('attachRichTextEditor: the text area needs an id');
  const { createRichTextEditor } = await loadRichTextEditor(options.editorUrl);
  const editor = createRichTextEditor({
    doc: textarea.ownerDocument,
    texts: resolveHelpPanelTexts(options.texts, options.lang),
    idPrefix: `${textarea.id}-rte`,
    textarea,
    labelId: options.labelId,
  });
  textarea.after(editor.element);
  return editor;
}
