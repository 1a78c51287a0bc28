import {
  HelpApiError,
  isHelpConflictError,
  type HelpApiClient,
  type HelpEntry,
  type HelpEntryInput,
  type HelpPanelTexts,
} from './core/index.js';
import { askToDelete, HelpEntryForm, toggleHelpHistory, type HelpEntryList } from './entries/index.js';
import { findLabelledFields } from './fields/index.js';

export interface HelpPanelWritesOptions {
  doc: Document;
  texts: HelpPanelTexts;
  idPrefix: string;
  idView: string;
  api: HelpApiClient;
  fieldRoot: ParentNode;
  list: HelpEntryList;
  /** Where the add form goes. */
  formSlot: HTMLElement;
  /** Where focus goes when a form closes without an entry to return to. */
  search: HTMLInputElement;
  /** `<script>` bundles: where the rich-text editor is loaded from (`HelpPanelSettings.editorUrl`). */
  editorUrl: string | undefined;
  /** The reader's language, for dates of the history. */
  locale(): string;
  /** What the add and edit forms offer besides "Every language". */
  formLanguages(): { languages: string[]; languageName: (tag: string) => string };
  /** Reloads the list and shows the written entry (or focuses the search) with `message`. */
  afterWrite(focusId: number | null, message: string): Promise<void>;
}

/** The panel's writes: the add and edit forms (at most one open), delete confirmations and history restores. */
export class HelpPanelWrites {
  private openForm: { form: HelpEntryForm; entryId: number | null } | null = null;

  constructor(private readonly options: HelpPanelWritesOptions) {}

  /** Opens the add form; `preselect` names the field chosen first. */
  startAdd(preselect?: string): void {
    const { doc, texts, idPrefix, idView, api, fieldRoot, list } = this.options;
    const form = new HelpEntryForm({
      doc,
      texts,
      idPrefix: `${idPrefix}-add`,
      fields: findLabelledFields(fieldRoot),
      preselect,
      ...this.options.formLanguages(),
      editorUrl: this.options.editorUrl,
      namesWithHelp: new Set(list.entries.map((entry) => entry.question_name)),
      submit: async (input) => {
        const created = await api.create(idView, input);
        await this.options.afterWrite(created.id, texts.saved);
      },
      cancel: () => this.closeForm(),
    });
    this.showForm(form, null);
    this.options.formSlot.append(form.element);
    this.revealForm(form);
  }

  startEdit(entry: HelpEntry): void {
    const { doc, texts, idPrefix, api, list } = this.options;
    const item = list.itemOf(entry.id);
    if (!item) return;
    let version = entry.version;
    const form = new HelpEntryForm({
      doc,
      texts,
      idPrefix: `${idPrefix}-edit-${entry.id}`,
      entry,
      fields: [],
      ...this.options.formLanguages(),
      editorUrl: this.options.editorUrl,
      namesWithHelp: new Set(),
      submit: async (input: HelpEntryInput) => {
        const { help_title, help_text, language } = input;
        await api.update(entry.id, { help_title, help_text, language }, version);
        await this.options.afterWrite(entry.id, texts.saved);
      },
      cancel: () => this.closeForm(),
      conflict: {
        overwrite: (current) => (version = current.version),
        discard: () => void this.options.afterWrite(entry.id, texts.discarded),
      },
    });
    this.showForm(form, entry.id);
    item.classList.add('widgetlib-palette__entry--editing');
    item.append(form.element);
    this.revealForm(form);
  }

  /** After the list was rendered again: an open edit form moves into its entry's new item, with what was typed. */
  reattachForm(): void {
    const editedId = this.openForm?.entryId ?? null;
    if (editedId === null) return;
    const item = this.options.list.itemOf(editedId);
    if (item) {
      item.classList.add('widgetlib-palette__entry--editing');
      item.append(this.openForm!.form.element);
    } else {
      this.openForm = null;
    }
  }

  closeForm(restoreFocus = true): void {
    const current = this.openForm;
    if (!current) return;
    this.openForm = null;
    current.form.destroy();
    current.form.element.remove();
    const item = current.entryId === null ? null : this.options.list.itemOf(current.entryId);
    item?.classList.remove('widgetlib-palette__entry--editing');
    if (restoreFocus) {
      (item?.querySelector<HTMLElement>('.widgetlib-palette__edit') ?? this.options.search).focus();
    }
  }

  confirmDelete(entry: HelpEntry, item: HTMLLIElement): void {
    const { texts, idPrefix, api, list } = this.options;
    let version = entry.version;
    askToDelete({
      texts,
      idPrefix,
      entry,
      item,
      remove: async () => {
        try {
          await api.remove(entry.id, version);
        } catch (error) {
          if (!isHelpConflictError(error)) throw error;
          // Confirming again deletes the version now shown in the message.
          version = error.current.version;
          throw new HelpApiError(412, [texts.deleteConflict(error.current.help_title)]);
        }
      },
      deleted: () => {
        // Focus moves to the entry after the deleted one, or the one before at the end of the list.
        const next = list.neighbourOf(entry.id);
        list.forget(entry.id);
        return this.options.afterWrite(next?.id ?? null, texts.deleted);
      },
    });
  }

  toggleHistory(entry: HelpEntry, item: HTMLLIElement): void {
    const { texts, idPrefix, api } = this.options;
    let version = entry.version;
    void toggleHelpHistory({
      texts,
      idPrefix: `${idPrefix}-entry-${entry.id}`,
      item,
      locale: this.options.locale(),
      load: () => api.revisions(entry.id),
      restore: async (revision) => {
        try {
          await api.restore(entry.id, revision.id, version);
        } catch (error) {
          if (!isHelpConflictError(error)) throw error;
          // Restoring again restores over the version now named in the message.
          version = error.current.version;
          throw new HelpApiError(412, [texts.restoreConflict(error.current.help_title)]);
        }
        await this.options.afterWrite(entry.id, texts.restored);
      },
    });
  }

  /** Scrolls the form's top into view (a tall form would otherwise show only its focused field). */
  private revealForm(form: HelpEntryForm): void {
    form.element.scrollIntoView({ block: 'start' });
    form.focus();
  }

  private showForm(form: HelpEntryForm, entryId: number | null): void {
    this.closeForm(false);
    this.openForm = { form, entryId };
  }
}
