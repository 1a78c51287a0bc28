import type { HelpPanelTexts } from '../core/index.js';

export interface RichTextEditorOptions {
  doc: Document;
  texts: HelpPanelTexts;
  /** Unique prefix for the editor's element ids. */
  idPrefix: string;
  /**
   * The form's text field. The editor starts from its value, writes its HTML back into it on every
   * change (the form reads and submits it) and shows it as the HTML source view.
   */
  textarea: HTMLTextAreaElement;
  /** Id of the field's label, which names the editable region. */
  labelId: string;
}

export interface RichTextEditor {
  /** The toolbar, the editable region and the prompts; the form inserts it next to the text area. */
  readonly element: HTMLElement;
  focus(): void;
  destroy(): void;
}

/** What the editor module (ES chunk or the `<script>` file) provides. */
export interface RichTextEditorModule {
  createRichTextEditor(options: RichTextEditorOptions): RichTextEditor;
}

/** The global the `<script>` file widgetlib.editor.min.js registers itself on. */
export const RICH_TEXT_GLOBAL = 'widgetlibRichTextEditor';

declare global {
  interface Window {
    [RICH_TEXT_GLOBAL]?: RichTextEditorModule;
  }
}
