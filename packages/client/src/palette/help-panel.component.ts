import { HelpApiClient, HelpApiError, type HelpEntryInput } from './help-api.client.js';
import { HelpEntryForm } from './help-entry.form.js';
import { FieldHelpIcons, findLabelledFields } from './field-help.icons.js';
import { resolveHelpPanelTexts, type HelpPanelTexts } from './help-panel.texts.js';
import type { HelpEntry, HelpPanelConfig, HelpPanelOptions } from './help-panel.types.js';
import { matchesSearch, searchableText, searchTerms } from './help-search.filter.js';
import { sanitizeHelpText } from './help-text.sanitizer.js';
import { createElement } from './palette-dom.js';
import { clampGeometry, defaultGeometry, VIEWPORT_MARGIN, type PanelGeometry } from './panel-geometry.clamp.js';
import { defaultStorage, PanelGeometryStore } from './panel-geometry.storage.js';
import { arrowKeyStep, trackPointer, type PointerDelta } from './panel-pointer.handlers.js';

let panelCount = 0;

const INTERACTIVE = 'button, a[href], input, select, textarea, [contenteditable="true"]';

interface RenderedEntry {
  entry: HelpEntry;
  item: HTMLLIElement;
  searchable: string;
}

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
  private readonly geometryStore: PanelGeometryStore;
  private readonly icons: FieldHelpIcons;
  private readonly fieldRoot: ParentNode;
  private readonly toggle: HTMLElement | null;
  private readonly idPrefix: string;
  private readonly cleanups: (() => void)[] = [];

  private readonly search: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly error: HTMLElement;
  private readonly formSlot: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly closeButton: HTMLButtonElement;

  private rendered: RenderedEntry[] = [];
  private loaded: Promise<void> | null = null;
  private openForm: { form: HelpEntryForm; entryId: number | null } | null = null;
  private highlightedId: number | null = null;
  private returnFocusTo: HTMLElement | null = null;
  /** The geometry the user chose; what is shown is this clamped to the current viewport. */
  private wanted: PanelGeometry | null;

  constructor(options: HelpPanelOptions) {
    this.config = options.config;
    this.texts = resolveHelpPanelTexts(options.texts);
    this.doc = options.panel?.ownerDocument ?? document;
    this.element = options.panel ?? this.doc.body.appendChild(this.doc.createElement('div'));
    this.toggle = options.toggle ?? null;
    this.fieldRoot = options.fieldRoot ?? this.doc;
    this.idPrefix = this.element.id || `widgetlib-palette-${++panelCount}`;
    this.element.id = this.idPrefix;
    this.api = new HelpApiClient(this.config.help_url, this.texts, options.csrf);
    this.geometryStore = new PanelGeometryStore(
      options.storage === undefined ? defaultStorage() : options.storage,
      options.storageKey ?? `widgetlib:help-panel:${this.config.help_url}`,
    );
    this.wanted = this.geometryStore.load();
    this.icons = new FieldHelpIcons(this.fieldRoot, {
      iconClass: options.fieldIconClass,
      accessibleName: (entry) => this.texts.fieldHelp(entry.help_title),
      onActivate: (entry, icon) => void this.showEntry(entry.question_name, icon),
    });

    const { texts, doc, idPrefix } = this;
    this.element.classList.add('widgetlib-palette');
    this.element.setAttribute('role', 'dialog');
    if (!this.element.hasAttribute('aria-label')) this.element.setAttribute('aria-labelledby', `${idPrefix}-title`);
    this.element.hidden = true;

    this.closeButton = this.iconButton('widgetlib-palette__close', texts.close, '×');
    this.closeButton.addEventListener('click', () => this.close());
    const hint = createElement(doc, 'span', {
      className: 'widgetlib-visually-hidden',
      text: texts.keyboardHint,
      attributes: { id: `${idPrefix}-keyboard-hint` },
    });
    const moveButton = this.iconButton('widgetlib-palette__move', texts.move, '✥');
    moveButton.setAttribute('aria-describedby', hint.id);
    const header = createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__header' },
      createElement(doc, 'h2', {
        className: 'widgetlib-palette__title',
        text: texts.title,
        attributes: { id: `${idPrefix}-title` },
      }),
      moveButton,
      this.closeButton,
      hint,
    );

    this.search = createElement(doc, 'input', {
      className: 'widgetlib-palette__search',
      attributes: {
        id: `${idPrefix}-search`,
        type: 'search',
        placeholder: texts.searchPlaceholder,
        autocomplete: 'off',
        'aria-controls': `${idPrefix}-list`,
      },
    });
    const searchLabel = createElement(doc, 'label', {
      className: 'widgetlib-visually-hidden',
      text: texts.searchLabel,
      attributes: { for: this.search.id },
    });
    this.search.hidden = !this.config.permissions.view;
    const toolbar = createElement(doc, 'div', { className: 'widgetlib-palette__toolbar' }, searchLabel, this.search);
    if (this.config.permissions.add) {
      const addButton = createElement(doc, 'button', {
        className: 'widgetlib-palette__button widgetlib-palette__add',
        text: texts.add,
        attributes: { type: 'button' },
      });
      addButton.addEventListener('click', () => this.startAdd());
      toolbar.append(addButton);
    }
    this.status = createElement(doc, 'p', {
      className: 'widgetlib-palette__status',
      attributes: { role: 'status', 'aria-live': 'polite' },
    });
    this.error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
    this.error.hidden = true;
    this.formSlot = createElement(doc, 'div', { className: 'widgetlib-palette__form-slot' });
    this.list = createElement(doc, 'ul', {
      className: 'widgetlib-palette__list',
      attributes: { id: `${idPrefix}-list`, 'aria-label': texts.entriesLabel },
    });
    const body = createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__body' },
      toolbar,
      this.status,
      this.error,
      this.formSlot,
      this.list,
    );
    const resizeHandle = this.iconButton('widgetlib-palette__resize', texts.resize, '');
    resizeHandle.setAttribute('aria-describedby', hint.id);
    this.element.replaceChildren(header, body, resizeHandle);

    this.listen(this.search, 'input', () => this.applySearch());
    this.listen<KeyboardEvent>(this.element, 'keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      this.close();
    });
    this.attachMoveAndResize(header, moveButton, resizeHandle);
    this.listen(this.doc.defaultView ?? window, 'resize', () => {
      if (this.isOpen) this.applyGeometry();
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
    if (this.config.permissions.view) void this.reload();
    else this.setStatus(texts.noPermission);
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
      this.applyGeometry();
      this.toggle?.setAttribute('aria-expanded', 'true');
      this.element.classList.add('widgetlib-palette--open');
      (this.config.permissions.view ? this.search : this.closeButton).focus();
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
      this.search.value = '';
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
      const entries = await this.api.list(this.config.id_view);
      // The server filters already; this keeps the panel to its view even behind a lenient API.
      this.render(entries.filter((entry) => entry.id_view === this.config.id_view));
      this.showListError([]);
    } catch (error) {
      this.setStatus('');
      this.showListError(error instanceof HelpApiError ? error.messages : [String(error)]);
    }
  }

  private render(entries: readonly HelpEntry[]): void {
    this.rendered = entries.map((entry) => this.renderEntry(entry));
    this.list.replaceChildren(...this.rendered.map(({ item }) => item));
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

  private renderEntry(entry: HelpEntry): RenderedEntry {
    const { doc, texts, idPrefix } = this;
    const titleId = `${idPrefix}-entry-${entry.id}`;
    const text = createElement(doc, 'div', { className: 'widgetlib-palette__text' });
    text.innerHTML = sanitizeHelpText(entry.help_text ?? '');
    const item = createElement(
      doc,
      'li',
      {
        className: 'widgetlib-palette__entry',
        attributes: { tabindex: '-1', 'aria-labelledby': titleId, 'data-help-id': String(entry.id) },
      },
      createElement(doc, 'h3', {
        className: 'widgetlib-palette__entry-title',
        text: entry.help_title,
        attributes: { id: titleId },
      }),
      createElement(doc, 'p', { className: 'widgetlib-palette__question', text: entry.question_name }),
      text,
    );
    item.dataset.questionName = entry.question_name;
    const { change, delete: remove } = this.config.permissions;
    if (change || remove) {
      const actions = createElement(doc, 'div', { className: 'widgetlib-palette__entry-actions' });
      const title = entry.help_title;
      if (change) actions.append(this.entryButton(texts.edit, texts.editEntry(title), 'edit', () => this.startEdit(entry)));
      if (remove) {
        actions.append(
          this.entryButton(texts.delete, texts.deleteEntry(title), 'delete', () => this.confirmDelete(entry, item)),
        );
      }
      item.append(actions);
    }
    return { entry, item, searchable: searchableText(entry.help_title, text.textContent ?? '') };
  }

  private applySearch(): void {
    const terms = searchTerms(this.search.value);
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
      namesWithHelp: new Set(this.entries.map((entry) => entry.question_name)),
      submit: async (input) => {
        const created = await this.api.create(this.config.id_view, input);
        await this.afterWrite(created.id, this.texts.saved);
      },
      cancel: () => this.closeForm(),
    });
    this.showForm(form, null);
    this.formSlot.append(form.element);
    this.revealForm(form);
  }

  private startEdit(entry: HelpEntry): void {
    const item = this.itemOf(entry.id);
    if (!item) return;
    const form = new HelpEntryForm({
      doc: this.doc,
      texts: this.texts,
      idPrefix: `${this.idPrefix}-edit-${entry.id}`,
      entry,
      fields: [],
      namesWithHelp: new Set(),
      submit: async (input: HelpEntryInput) => {
        await this.api.update(entry.id, { help_title: input.help_title, help_text: input.help_text });
        await this.afterWrite(entry.id, this.texts.saved);
      },
      cancel: () => this.closeForm(),
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
    current.form.element.remove();
    const item = current.entryId === null ? null : this.itemOf(current.entryId);
    item?.classList.remove('widgetlib-palette__entry--editing');
    if (restoreFocus) (item?.querySelector<HTMLElement>('.widgetlib-palette__edit') ?? this.search).focus();
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
      this.search.focus();
    }
    this.setStatus(message);
  }

  private confirmDelete(entry: HelpEntry, item: HTMLLIElement): void {
    const { doc, texts } = this;
    const actions = item.querySelector<HTMLElement>('.widgetlib-palette__entry-actions');
    if (!actions || item.querySelector('.widgetlib-palette__confirm')) return;
    const error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
    error.hidden = true;
    const question = createElement(doc, 'p', {
      text: texts.confirmDelete(entry.help_title),
      attributes: { id: `${this.idPrefix}-confirm-${entry.id}` },
    });
    const yes = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__button--danger widgetlib-palette__confirm-delete',
      text: texts.confirmDeleteYes,
      attributes: { type: 'button' },
    });
    const no = createElement(doc, 'button', {
      className: 'widgetlib-palette__button',
      text: texts.cancel,
      attributes: { type: 'button' },
    });
    const confirm = createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__confirm', attributes: { role: 'group', 'aria-labelledby': question.id } },
      question,
      error,
      yes,
      no,
    );
    actions.hidden = true;
    item.append(confirm);
    const dismiss = () => {
      confirm.remove();
      actions.hidden = false;
      actions.querySelector<HTMLElement>('.widgetlib-palette__delete')?.focus();
    };
    no.addEventListener('click', dismiss);
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      try {
        await this.api.remove(entry.id);
      } catch (failure) {
        yes.disabled = false;
        const messages = failure instanceof HelpApiError ? failure.messages : [String(failure)];
        error.replaceChildren(...messages.map((message) => createElement(doc, 'p', { text: message })));
        error.hidden = false;
        return;
      }
      const index = this.rendered.findIndex((shown) => shown.entry.id === entry.id);
      const next = this.rendered[index + 1] ?? this.rendered[index - 1];
      if (this.highlightedId === entry.id) this.highlightedId = null;
      await this.afterWrite(next?.entry.id ?? null, texts.deleted);
    });
    yes.focus();
  }

  private attachMoveAndResize(
    header: HTMLElement,
    moveButton: HTMLButtonElement,
    resizeHandle: HTMLButtonElement,
  ): void {
    let start: PanelGeometry | null = null;
    const begin = () => {
      start = this.shownGeometry();
      return true;
    };
    const finish = () => {
      start = null;
      if (this.wanted) this.geometryStore.save(this.wanted);
    };
    const moveBy = (from: PanelGeometry, { dx, dy }: PointerDelta) =>
      this.setWanted({ ...from, left: from.left + dx, top: from.top + dy });
    const resizeBy = (from: PanelGeometry, { dx, dy }: PointerDelta) => this.setWanted(this.resized(from, dx, dy));

    this.cleanups.push(
      trackPointer(header, {
        start: (event) => {
          const target = event.target as Element;
          const control = target.closest(INTERACTIVE);
          return (!control || control === moveButton) && begin();
        },
        move: (delta) => start && moveBy(start, delta),
        end: finish,
      }),
      trackPointer(resizeHandle, { start: begin, move: (delta) => start && resizeBy(start, delta), end: finish }),
    );
    moveButton.addEventListener('keydown', (event) => {
      const step = arrowKeyStep(event);
      if (!step) return;
      event.preventDefault();
      moveBy(this.shownGeometry(), step);
      finish();
    });
    resizeHandle.addEventListener('keydown', (event) => {
      const step = arrowKeyStep(event);
      if (!step) return;
      event.preventDefault();
      resizeBy(this.shownGeometry(), step);
      finish();
    });
  }

  /** The size grown by the pointer's movement, the top left corner staying where it is. */
  private resized(from: PanelGeometry, dx: number, dy: number): PanelGeometry {
    const viewport = this.viewport();
    return {
      ...from,
      width: Math.min(from.width + dx, viewport.width - VIEWPORT_MARGIN - from.left),
      height: Math.min(from.height + dy, viewport.height - VIEWPORT_MARGIN - from.top),
    };
  }

  private setWanted(geometry: PanelGeometry): void {
    this.wanted = clampGeometry(geometry, this.viewport());
    this.applyGeometry();
  }

  private shownGeometry(): PanelGeometry {
    const viewport = this.viewport();
    return clampGeometry(this.wanted ?? defaultGeometry(viewport, this.toggleBox()), viewport);
  }

  /** The footer icon's box when it is shown, for the panel's first position. */
  private toggleBox(): DOMRect | null {
    const box = this.toggle?.getBoundingClientRect();
    return box && box.width > 0 && box.height > 0 ? box : null;
  }

  private applyGeometry(): void {
    const { left, top, width, height } = this.shownGeometry();
    const style = this.element.style;
    style.left = `${left}px`;
    style.top = `${top}px`;
    style.width = `${width}px`;
    style.height = `${height}px`;
  }

  private viewport(): { width: number; height: number } {
    const root = this.doc.documentElement;
    return { width: root.clientWidth, height: root.clientHeight };
  }

  private itemOf(id: number): HTMLLIElement | undefined {
    return this.rendered.find(({ entry }) => entry.id === id)?.item;
  }

  private setStatus(message: string): void {
    this.status.textContent = message;
  }

  private showListError(messages: readonly string[]): void {
    this.error.replaceChildren(...messages.map((message) => createElement(this.doc, 'p', { text: message })));
    this.error.hidden = messages.length === 0;
  }

  private iconButton(className: string, label: string, glyph: string): HTMLButtonElement {
    const button = createElement(this.doc, 'button', {
      className: `widgetlib-palette__icon-button ${className}`,
      attributes: { type: 'button', 'aria-label': label, title: label },
    });
    if (glyph) button.append(createElement(this.doc, 'span', { text: glyph, attributes: { 'aria-hidden': 'true' } }));
    return button;
  }

  private entryButton(text: string, label: string, kind: 'edit' | 'delete', onClick: () => void): HTMLButtonElement {
    const button = createElement(this.doc, 'button', {
      className: `widgetlib-palette__button widgetlib-palette__${kind}`,
      text,
      attributes: { type: 'button', 'aria-label': label },
    });
    button.addEventListener('click', onClick);
    return button;
  }

  private listen<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): void {
    target.addEventListener(type, handler as EventListener);
    this.cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  }
}
