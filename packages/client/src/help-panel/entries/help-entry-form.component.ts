import { HELP_TEXT_MAX_LENGTH, HELP_TITLE_MAX_LENGTH } from '#rules/help-limits.js';
import {
  createElement,
  failureMessages,
  isHelpConflictError,
  loadHelpTextSanitizer,
  showMessages,
  type HelpEntry,
  type HelpEntryInput,
  type HelpPanelTexts,
} from '../core/index.js';
import { buildHelpConflictView } from './help-conflict-view.component.js';
import type { LabelledField } from '../fields/index.js';
import { loadRichTextEditor, type RichTextEditor } from '../rich-text/index.js';

export interface HelpEntryFormOptions {
  doc: Document;
  texts: HelpPanelTexts;
  /** Unique prefix for the form's element ids. */
  idPrefix: string;
  /** The entry being edited; absent when adding. */
  entry?: HelpEntry;
  /** The languages to choose from, besides "Every language" (an edited entry's own is added). */
  languages: readonly string[];
  /** A language's name as the select shows it. */
  languageName(tag: string): string;
  /** The page's fields to choose from when adding. */
  fields: readonly LabelledField[];
  /** The field chosen first when adding (authoring mode's "+"); default the first without help. */
  preselect?: string;
  /** Field names that already have an entry (shown as such). */
  namesWithHelp: ReadonlySet<string>;
  submit(input: HelpEntryInput): Promise<void>;
  cancel(): void;
  /** Address of widgetlib.editor.min.js for the `<script>` bundles; default: next to the bundle's own file. */
  editorUrl?: string;
  /** When a save met a newer version: keep the author's text and offer both ways out. */
  conflict?: {
    /** Take `current`'s version as the base: the next save overwrites it. */
    overwrite(current: HelpEntry): void;
    discard(current: HelpEntry): void;
  };
}

/**
 * The add or edit form. A failed save shows the server's messages in the form (announced) and
 * leaves every value the user typed in place.
 */
export class HelpEntryForm {
  readonly element: HTMLFormElement;
  private readonly error: HTMLElement;
  private readonly question: HTMLSelectElement | null;
  private readonly title: HTMLInputElement;
  private readonly language: HTMLSelectElement;
  /** The HTML submitted: the plain field until the rich-text editor loads, then the editor's mirror and source view. */
  private readonly text: HTMLTextAreaElement;
  private readonly editorStatus: HTMLElement;
  private editor: RichTextEditor | null = null;
  private destroyed = false;
  private readonly saveButton: HTMLButtonElement;
  /** Live region that announces a conflict and holds its view. */
  private readonly conflictArea: HTMLElement;

  constructor(private readonly options: HelpEntryFormOptions) {
    const { doc, texts, idPrefix, entry } = options;
    const headingId = `${idPrefix}-heading`;
    const errorId = `${idPrefix}-error`;
    this.element = createElement(doc, 'form', {
      className: 'widgetlib-palette__form',
      attributes: { 'aria-labelledby': headingId, novalidate: '' },
    });
    const heading = createElement(doc, 'h3', {
      className: 'widgetlib-palette__form-heading',
      text: entry ? texts.editFormTitle(entry.help_title) : texts.addFormTitle,
      attributes: { id: headingId },
    });
    this.error = createElement(doc, 'div', {
      className: 'widgetlib-palette__error',
      attributes: { id: errorId, role: 'alert' },
    });
    this.error.hidden = true;
    this.conflictArea = createElement(doc, 'div', {
      className: 'widgetlib-palette__conflict-area',
      attributes: { 'aria-live': 'assertive' },
    });
    this.element.append(heading, this.error, this.conflictArea);

    this.question = entry ? null : this.buildQuestionSelect();
    this.title = createElement(doc, 'input', {
      attributes: {
        id: `${idPrefix}-title`,
        name: 'help_title',
        type: 'text',
        required: '',
        maxlength: String(HELP_TITLE_MAX_LENGTH),
        autocomplete: 'off',
      },
    });
    this.title.value = entry?.help_title ?? '';
    this.text = createElement(doc, 'textarea', {
      attributes: { id: `${idPrefix}-text`, name: 'help_text', rows: '6', maxlength: String(HELP_TEXT_MAX_LENGTH) },
    });
    this.text.value = entry?.help_text ?? '';
    this.language = this.buildLanguageSelect();
    this.editorStatus = createElement(doc, 'p', {
      className: 'widgetlib-palette__note widgetlib-rte__status',
      text: texts.editorLoading,
      attributes: { 'aria-live': 'polite' },
    });
    const textRow = this.row(`${idPrefix}-text`, texts.textLabel, this.text);
    textRow.append(this.editorStatus);
    this.element.append(
      this.row(this.language.id, texts.languageLabel, this.language),
      this.row(`${idPrefix}-title`, texts.titleLabel, this.title),
      textRow,
    );
    void this.startEditor();

    this.saveButton = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__button--primary',
      text: texts.save,
      attributes: { type: 'submit' },
    });
    const cancelButton = createElement(doc, 'button', {
      className: 'widgetlib-palette__button',
      text: texts.cancel,
      attributes: { type: 'button' },
    });
    cancelButton.addEventListener('click', () => options.cancel());
    const actions = createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__form-actions' },
      this.saveButton,
      cancelButton,
    );
    this.element.append(actions);
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.save();
    });
  }

  /** Moves focus to the first field. */
  focus(): void {
    (this.question ?? this.title).focus({ preventScroll: true });
  }

  /** Closes the rich-text editor (the form is going away). */
  destroy(): void {
    this.destroyed = true;
    this.editor?.destroy();
    this.editor = null;
  }

  /** Replaces the plain field by the rich-text editor once its code has loaded; what was typed meanwhile is kept. */
  private async startEditor(): Promise<void> {
    const { doc, texts, idPrefix, editorUrl } = this.options;
    try {
      const { createRichTextEditor } = await loadRichTextEditor(editorUrl);
      if (this.destroyed) return;
      const hadFocus = doc.activeElement === this.text;
      this.editor = createRichTextEditor({
        doc,
        texts,
        idPrefix,
        textarea: this.text,
        labelId: `${idPrefix}-text-label`,
      });
      this.text.after(this.editor.element);
      this.editorStatus.remove();
      if (hadFocus) this.editor.focus();
    } catch (error) {
      this.editorStatus.textContent = texts.editorUnavailable;
      console.warn('widgetlib help panel: the rich-text editor could not be loaded', error);
    }
  }

  private buildQuestionSelect(): HTMLSelectElement | null {
    const { doc, texts, idPrefix, fields, namesWithHelp } = this.options;
    if (fields.length === 0) {
      this.element.append(createElement(doc, 'p', { className: 'widgetlib-palette__note', text: texts.noFields }));
      return null;
    }
    const select = createElement(doc, 'select', {
      attributes: { id: `${idPrefix}-question`, name: 'question_name', required: '' },
    });
    const seen = new Set<string>();
    for (const field of fields) {
      if (seen.has(field.questionName)) continue;
      seen.add(field.questionName);
      const hasHelp = field.names.some((name) => namesWithHelp.has(name));
      const label = hasHelp ? texts.fieldHasHelp(field.labelText) : field.labelText;
      const option = createElement(doc, 'option', { text: label, attributes: { value: field.questionName } });
      option.disabled = hasHelp;
      select.append(option);
    }
    const free = [...select.options].filter((option) => !option.disabled);
    const chosen = free.find((option) => option.value === this.options.preselect) ?? free[0];
    if (chosen) chosen.selected = true;
    this.element.append(this.row(select.id, texts.fieldLabel, select));
    return select;
  }

  private buildLanguageSelect(): HTMLSelectElement {
    const { doc, texts, idPrefix, entry, languages, languageName } = this.options;
    const select = createElement(
      doc,
      'select',
      { attributes: { id: `${idPrefix}-language`, name: 'language' } },
      createElement(doc, 'option', { text: texts.everyLanguage, attributes: { value: '' } }),
    );
    const current = entry?.language ?? '';
    const tags = current && !languages.includes(current) ? [...languages, current] : languages;
    for (const tag of tags) {
      select.append(createElement(doc, 'option', { text: languageName(tag), attributes: { value: tag, lang: tag } }));
    }
    select.value = current;
    return select;
  }

  private row(id: string, labelText: string, control: HTMLElement): HTMLElement {
    const { doc } = this.options;
    const label = createElement(doc, 'label', { text: labelText, attributes: { for: id, id: `${id}-label` } });
    control.classList.add('widgetlib-palette__control');
    return createElement(doc, 'div', { className: 'widgetlib-palette__form-row' }, label, control);
  }

  private input(): HelpEntryInput | null {
    const questionName = this.options.entry?.question_name ?? this.question?.value ?? '';
    if (!questionName) return null;
    return {
      question_name: questionName,
      help_title: this.title.value,
      help_text: this.text.value,
      language: this.language.value || null,
    };
  }

  private async save(): Promise<void> {
    const input = this.input();
    if (!input) {
      showMessages(this.error, [this.options.texts.noFields]);
      return;
    }
    // The editor's HTML is not bounded by the text area's maxlength; the server would refuse it too.
    if (input.help_text.length > HELP_TEXT_MAX_LENGTH) {
      showMessages(this.error, [this.options.texts.textTooLong(HELP_TEXT_MAX_LENGTH, input.help_text.length)]);
      return;
    }
    this.saveButton.disabled = true;
    this.element.setAttribute('aria-busy', 'true');
    try {
      await this.options.submit(input);
      this.conflictArea.replaceChildren();
    } catch (error) {
      if (isHelpConflictError(error) && this.options.conflict) await this.showConflict(input, error.current);
      else showMessages(this.error, failureMessages(error));
    } finally {
      this.saveButton.disabled = false;
      this.element.removeAttribute('aria-busy');
    }
  }

  private async showConflict(mine: HelpEntryInput, current: HelpEntry): Promise<void> {
    const { doc, texts, idPrefix, conflict } = this.options;
    showMessages(this.error, []);
    let sanitize: (html: string) => string;
    try {
      // Loaded with the list's entries already, as a rule: the form was opened from the panel.
      ({ sanitizeHelpText: sanitize } = await loadHelpTextSanitizer());
    } catch {
      showMessages(this.error, [texts.partUnavailable]);
      return;
    }
    const view = buildHelpConflictView({
      doc,
      texts,
      idPrefix,
      mine,
      current,
      sanitize,
      overwrite: () => {
        conflict?.overwrite(current);
        void this.save();
      },
      discard: () => conflict?.discard(current),
    });
    this.conflictArea.replaceChildren(view);
    view.querySelector<HTMLElement>('.widgetlib-palette__conflict-overwrite')?.focus();
  }
}
