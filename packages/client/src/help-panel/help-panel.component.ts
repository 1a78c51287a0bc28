import {
  HelpApiClient,
  HelpApiError,
  HelpConflictError,
  failureMessages,
  type HelpEntryInput,
} from './help-api.client.js';
import { showMessages } from './dom-element.factory.js';
import { askToDelete } from './help-entry.delete-confirmation.js';
import { HelpEntryForm } from './help-entry.form.js';
import { buildHelpEntryItem, type HelpEntryItem } from './help-entry.item.js';
import { toggleHelpHistory } from './help-entry.history.js';
import { authoringLanguages, isReadersLanguage, languageName } from './help-entry.language.js';
import { FieldHelpIcons, findLabelledFields } from './field-help.icons.js';
import { buildHelpPanelElements, type HelpPanelElements } from './help-panel.builder.js';
import { resolveHelpPanelTexts, type HelpPanelTexts } from './help-panel.texts.js';
import type { HelpEntry, HelpPanelConfig, HelpPanelOptions } from './help-panel.types.js';
import { matchesSearch, searchTerms } from './help-search.filter.js';
import { PanelGeometryController } from './panel-geometry.controller.js';
import { defaultStorage, PanelGeometryStore } from './panel-geometry.storage.js';

let panelCount = 0;

/**
 * The sidebar help panel of one view: a non-modal dialog listing the view's help entries, with
 * search, question-mark icons on the page's labels, and add/edit/delete controls as permitted.
 */
export class HelpPanel {
  readonly element: HTMLElement;
  readonly config: HelpPanelConfig;
  private readonly doc: Document;
  private readonly texts: HelpPanelTexts;
  private readonly api: HelpApiClient;
  private readonly icons: FieldHelpIcons;
  private readonly geometry: PanelGeometryController;
  private readonly parts: HelpPanelElements;
  private readonly fieldRoot: ParentNode;
  private readonly toggle: HTMLElement | null;
  private readonly idPrefix: string;
  private readonly cleanups: (() => void)[] = [];
  private readonly configuredLanguages: readonly string[] | undefined;
  private readonly editorUrl: string | undefined;

  private rendered: HelpEntryItem[] = [];
  private loaded: Promise<void> | null = null;
  private openForm: { form: HelpEntryForm; entryId: number | null } | null = null;
  private highlightedId: number | null = null;
  private returnFocusTo: HTMLElement | null = null;

  constructor(options: HelpPanelOptions) {
    this.config = options.config;
    this.texts = resolveHelpPanelTexts(options.texts);
    this.doc = options.panel?.ownerDocument ?? document;
    this.element = options.panel ?? this.doc.body.appendChild(this.doc.createElement('div'));
    this.toggle = options.toggle ?? null;
    this.fieldRoot = options.fieldRoot ?? this.doc;
    this.configuredLanguages = options.languages;
    this.editorUrl = options.editorUrl;
    this.idPrefix = this.element.id || `widgetlib-palette-${++panelCount}`;
    this.element.id = this.idPrefix;
    this.api = new HelpApiClient(this.config.help_url, this.texts, options.csrf);
    this.icons = new FieldHelpIcons(this.fieldRoot, {
      iconClass: options.fieldIconClass,
      accessibleName: (entry) => this.texts.fieldHelp(entry.help_title),
      onActivate: (entry, icon) => void this.showEntry(entry.question_name, icon),
    });
    const { permissions } = this.config;
    this.parts = buildHelpPanelElements(this.element, { texts: this.texts, idPrefix: this.idPrefix, permissions });
    const { header, moveButton, resizeHandle, closeButton, addButton, search } = this.parts;
    this.geometry = new PanelGeometryController({
      panel: this.element,
      dragArea: header,
      moveHandle: moveButton,
      resizeHandle,
      store: new PanelGeometryStore(
        options.storage === undefined ? defaultStorage() : options.storage,
        options.storageKey ?? `widgetlib:help-panel:${this.config.help_url}`,
      ),
      anchor: this.toggle,
    });
    this.cleanups.push(() => this.geometry.destroy());

    closeButton.addEventListener('click', () => this.close());
    addButton?.addEventListener('click', () => this.startAdd());
    this.listen(search, 'input', () => this.applySearch());
    this.listen<KeyboardEvent>(this.element, 'keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      this.close();
    });
    this.listen(this.doc.defaultView ?? window, 'resize', () => {
      if (this.isOpen) this.geometry.apply();
    });
    if (this.toggle) {
      this.toggle.setAttribute('aria-controls', this.element.id);
      this.toggle.setAttribute('aria-expanded', 'false');
      this.listen(this.toggle, 'click', (event) => {
        event.preventDefault();
        if (this.isOpen) this.close();
        else void this.open(this.toggle);
      });
    }
    if (permissions.view) void this.reload();
    else this.setStatus(this.texts.noPermission);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The entries listed, in the server's order. */
  get entries(): HelpEntry[] {
    return this.rendered.map(({ entry }) => entry);
  }

  /**
   * Shows the panel inside the viewport and moves focus into it (to the search box). Focus goes
   * back to `returnFocusTo` (default: the footer icon) when it closes.
   */
  async open(returnFocusTo: HTMLElement | null = this.toggle): Promise<void> {
    if (!this.isOpen) {
      this.returnFocusTo = returnFocusTo;
      this.element.hidden = false;
      this.geometry.apply();
      this.toggle?.setAttribute('aria-expanded', 'true');
      this.element.classList.add('widgetlib-palette--open');
      (this.config.permissions.view ? this.parts.search : this.parts.closeButton).focus();
    }
    await this.loaded;
  }

  /** Hides the panel; what it contained (search, an unsaved form) is still there when it reopens. */
  close(): void {
    if (!this.isOpen) return;
    const active = this.doc.activeElement;
    const focusWasInside = !active || active === this.doc.body || this.element.contains(active);
    this.element.hidden = true;
    this.element.classList.remove('widgetlib-palette--open');
    this.toggle?.setAttribute('aria-expanded', 'false');
    const target = this.returnFocusTo?.isConnected ? this.returnFocusTo : this.toggle;
    if (focusWasInside) target?.focus();
  }

  /**
   * Opens the panel on the entry of a field: scrolled to, highlighted and focused. Other entries
   * stay listed; a search that hides the entry is cleared.
   */
  async showEntry(questionName: string, returnFocusTo: HTMLElement | null = this.toggle): Promise<void> {
    await this.open(returnFocusTo);
    const shown = this.rendered.find(({ entry }) => entry.question_name === questionName);
    if (!shown) return;
    if (shown.item.hidden) {
      this.parts.search.value = '';
      this.applySearch();
    }
    this.highlight(shown.entry.id);
    shown.item.scrollIntoView({ block: 'nearest' });
    shown.item.focus({ preventScroll: true });
    this.setStatus(this.texts.showingEntry(shown.entry.help_title));
  }

  /** Loads the view's entries again and updates the list and the page's question-mark icons. */
  reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  /** Puts question-mark icons on labels added to the page since the entries were loaded. */
  refreshFieldIcons(): void {
    this.icons.sync(this.entries);
  }

  destroy(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.icons.destroy();
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  private async load(): Promise<void> {
    if (this.rendered.length === 0) this.setStatus(this.texts.loading);
    try {
      const entries = await this.api.list(this.config.id_view, this.readerLanguage || undefined);
      // The server filters already; this keeps the panel to its view even behind a lenient API.
      this.render(entries.filter((entry) => entry.id_view === this.config.id_view));
      showMessages(this.parts.error, []);
    } catch (error) {
      this.setStatus('');
      showMessages(this.parts.error, failureMessages(error));
    }
  }

  private render(entries: readonly HelpEntry[]): void {
    const itemOptions = {
      doc: this.doc,
      texts: this.texts,
      idPrefix: this.idPrefix,
      permissions: this.config.permissions,
      languageBadge: ({ language }: HelpEntry) =>
        language && !isReadersLanguage(language, this.readerLanguage)
          ? this.texts.entryLanguage(languageName(language, this.readerLanguage))
          : null,
      edit: (entry: HelpEntry) => this.startEdit(entry),
      delete: (entry: HelpEntry, item: HTMLLIElement) => this.confirmDelete(entry, item),
      history: (entry: HelpEntry, item: HTMLLIElement) => {
        let version = entry.version;
        void toggleHelpHistory({
          texts: this.texts,
          idPrefix: `${this.idPrefix}-entry-${entry.id}`,
          item,
          locale: this.readerLanguage,
          load: () => this.api.revisions(entry.id),
          restore: async (revision) => {
            try {
              await this.api.restore(entry.id, revision.id, version);
            } catch (error) {
              if (!(error instanceof HelpConflictError)) throw error;
              // Restoring again restores over the version now named in the message.
              version = error.current.version;
              throw new HelpApiError(412, [this.texts.restoreConflict(error.current.help_title)]);
            }
            await this.afterWrite(entry.id, this.texts.restored);
          },
        });
      },
    };
    this.rendered = entries.map((entry) => buildHelpEntryItem(entry, itemOptions));
    this.parts.list.replaceChildren(...this.rendered.map(({ item }) => item));
    // An edit form open during a reload moves into the entry's new item, with what was typed.
    const editedId = this.openForm?.entryId ?? null;
    if (editedId !== null) {
      const item = this.itemOf(editedId);
      if (item) {
        item.classList.add('widgetlib-palette__entry--editing');
        item.append(this.openForm!.form.element);
      } else {
        this.openForm = null;
      }
    }
    if (this.highlightedId !== null) this.highlight(this.highlightedId);
    this.icons.sync(entries);
    this.applySearch();
  }

  private applySearch(): void {
    const terms = searchTerms(this.parts.search.value);
    let shown = 0;
    for (const { item, searchable } of this.rendered) {
      item.hidden = !matchesSearch(searchable, terms);
      if (!item.hidden) shown += 1;
    }
    const total = this.rendered.length;
    if (total === 0) this.setStatus(this.texts.empty);
    else this.setStatus(shown === 0 ? this.texts.noMatches : this.texts.count(shown, total));
  }

  private highlight(id: number): void {
    this.highlightedId = id;
    for (const { entry, item } of this.rendered) {
      const on = entry.id === id;
      item.classList.toggle('widgetlib-palette__entry--highlighted', on);
      if (on) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
  }

  private startAdd(): void {
    const fields = findLabelledFields(this.fieldRoot);
    const form = new HelpEntryForm({
      doc: this.doc,
      texts: this.texts,
      idPrefix: `${this.idPrefix}-add`,
      fields,
      ...this.formLanguages(),
      editorUrl: this.editorUrl,
      namesWithHelp: new Set(this.entries.map((entry) => entry.question_name)),
      submit: async (input) => {
        const created = await this.api.create(this.config.id_view, input);
        await this.afterWrite(created.id, this.texts.saved);
      },
      cancel: () => this.closeForm(),
    });
    this.showForm(form, null);
    this.parts.formSlot.append(form.element);
    this.revealForm(form);
  }

  private startEdit(entry: HelpEntry): void {
    const item = this.itemOf(entry.id);
    if (!item) return;
    let version = entry.version;
    const form = new HelpEntryForm({
      doc: this.doc,
      texts: this.texts,
      idPrefix: `${this.idPrefix}-edit-${entry.id}`,
      entry,
      fields: [],
      ...this.formLanguages(),
      editorUrl: this.editorUrl,
      namesWithHelp: new Set(),
      submit: async (input: HelpEntryInput) => {
        const { help_title, help_text, language } = input;
        await this.api.update(entry.id, { help_title, help_text, language }, version);
        await this.afterWrite(entry.id, this.texts.saved);
      },
      cancel: () => this.closeForm(),
      conflict: {
        overwrite: (current) => (version = current.version),
        discard: () => void this.afterWrite(entry.id, this.texts.discarded),
      },
    });
    this.showForm(form, entry.id);
    item.classList.add('widgetlib-palette__entry--editing');
    item.append(form.element);
    this.revealForm(form);
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

  private closeForm(restoreFocus = true): void {
    const current = this.openForm;
    if (!current) return;
    this.openForm = null;
    current.form.destroy();
    current.form.element.remove();
    const item = current.entryId === null ? null : this.itemOf(current.entryId);
    item?.classList.remove('widgetlib-palette__entry--editing');
    if (restoreFocus) (item?.querySelector<HTMLElement>('.widgetlib-palette__edit') ?? this.parts.search).focus();
  }

  private confirmDelete(entry: HelpEntry, item: HTMLLIElement): void {
    let version = entry.version;
    askToDelete({
      texts: this.texts,
      idPrefix: this.idPrefix,
      entry,
      item,
      remove: async () => {
        try {
          await this.api.remove(entry.id, version);
        } catch (error) {
          if (!(error instanceof HelpConflictError)) throw error;
          // Confirming again deletes the version now shown in the message.
          version = error.current.version;
          throw new HelpApiError(412, [this.texts.deleteConflict(error.current.help_title)]);
        }
      },
      deleted: () => {
        // Focus moves to the entry after the deleted one, or the one before at the end of the list.
        const index = this.rendered.findIndex((shown) => shown.entry.id === entry.id);
        const next = this.rendered[index + 1] ?? this.rendered[index - 1];
        if (this.highlightedId === entry.id) this.highlightedId = null;
        return this.afterWrite(next?.entry.id ?? null, this.texts.deleted);
      },
    });
  }

  private async afterWrite(focusId: number | null, message: string): Promise<void> {
    this.closeForm(false);
    await this.reload();
    const item = focusId === null ? null : this.itemOf(focusId);
    if (item) {
      this.highlight(focusId!);
      item.hidden = false;
      item.scrollIntoView({ block: 'nearest' });
      item.focus({ preventScroll: true });
    } else {
      this.parts.search.focus();
    }
    this.setStatus(message);
  }

  /** The page's language (`<html lang>`), read when needed: a host may set it after the panel starts. */
  private get readerLanguage(): string {
    return this.doc.documentElement.lang.trim();
  }

  /** What the add and edit forms offer besides "Every language". */
  private formLanguages(): { languages: string[]; languageName: (tag: string) => string } {
    return {
      languages: authoringLanguages(this.configuredLanguages, this.readerLanguage, this.entries),
      languageName: (tag) => languageName(tag, this.readerLanguage),
    };
  }

  private itemOf(id: number): HTMLLIElement | undefined {
    return this.rendered.find(({ entry }) => entry.id === id)?.item;
  }

  private setStatus(message: string): void {
    this.parts.status.textContent = message;
  }

  private listen<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): void {
    target.addEventListener(type, handler as EventListener);
    this.cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  }
}
