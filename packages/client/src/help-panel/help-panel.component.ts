import {
  HelpApiClient,
  HelpApiError,
  failureMessages,
  loadHelpTextSanitizer,
  resolveHelpPanelTexts,
  showMessages,
  type HelpEntry,
  type HelpPanelConfig,
  type HelpPanelOptions,
  type HelpPanelTexts,
} from './core/index.js';
import { HelpEntryList, entryLanguageBadge, formLanguages } from './entries/index.js';
import { FieldHelpIcons, findLabelledFields } from './fields/index.js';
import { PanelGeometryController, PanelGeometryStore, defaultStorage } from './geometry/index.js';
import { buildHelpPanelElements, type HelpPanelElements } from './help-panel-elements.component.js';
import { wireHelpPanelEvents } from './help-panel-events.component.js';
import { HelpPanelReader } from './help-panel-reader.component.js';
import type { HelpAuthoring } from './help-authoring.component.js';
import { loadHelpAuthoring } from './help-authoring.loader.js';
import { helpAuthoringOptions } from './help-authoring.options.js';
import { panelCoverageReporter, type HelpCoverageReporter } from './reporting/index.js';

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

  private readonly list: HelpEntryList;
  private readonly reader: HelpPanelReader;
  /** Forms, deletes, history, authoring mode, deleted entries: loaded as the panel starts for a user who may write. */
  private readonly authoringLoad: Promise<HelpAuthoring> | null;
  private authoringParts: HelpAuthoring | null = null;
  private readonly coverage: HelpCoverageReporter | null;
  private loaded: Promise<void> | null = null;
  private returnFocusTo: HTMLElement | null = null;

  constructor(options: HelpPanelOptions) {
    this.config = options.config;
    this.texts = resolveHelpPanelTexts(options.texts, options.lang);
    this.doc = options.panel?.ownerDocument ?? document;
    this.element = options.panel ?? this.doc.body.appendChild(this.doc.createElement('div'));
    this.toggle = options.toggle ?? null;
    this.fieldRoot = options.fieldRoot ?? this.doc;
    this.configuredLanguages = options.languages;
    this.idPrefix = this.element.id || `widgetlib-palette-${++panelCount}`;
    this.element.id = this.idPrefix;
    this.api = new HelpApiClient(this.config.help_url, this.texts, options.csrf);
    this.coverage = options.reportFields === false ? null : panelCoverageReporter(this.config, this.api);
    this.icons = new FieldHelpIcons(this.fieldRoot, {
      iconClass: options.fieldIconClass,
      accessibleName: (entry) => this.texts.fieldHelp(entry.help_title),
      onActivate: (entry, icon) => {
        void this.reader.usage.asked(entry.question_name);
        void this.showEntry(entry.question_name, icon);
      },
    });
    const { permissions } = this.config;
    this.parts = buildHelpPanelElements(this.element, { texts: this.texts, idPrefix: this.idPrefix, permissions });
    const { header, moveButton, resizeHandle, search } = this.parts;
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
    this.list = new HelpEntryList({
      texts: this.texts,
      list: this.parts.list,
      search,
      setStatus: (message) => this.setStatus(message),
    });
    this.reader = new HelpPanelReader({
      doc: this.doc,
      texts: this.texts,
      idPrefix: this.idPrefix,
      config: this.config,
      api: this.api,
      panel: this.element,
      list: this.parts.list,
      fieldRoot: this.fieldRoot,
      showListed: (matches, notFound) => void this.showListed(matches, this.toggle, notFound),
      openWithNotice: (notice) => void this.open().then(() => this.setStatus(notice)),
    });
    const { add, change, delete: remove } = permissions;
    this.authoringLoad =
      add || change || remove
        ? loadHelpAuthoring().then(({ createHelpAuthoring }) => {
            this.authoringParts = createHelpAuthoring(
              helpAuthoringOptions({
                doc: this.doc,
                texts: this.texts,
                idPrefix: this.idPrefix,
                config: this.config,
                api: this.api,
                fieldRoot: this.fieldRoot,
                list: this.list,
                parts: this.parts,
                editorUrl: options.editorUrl,
                readerLanguage: () => this.readerLanguage,
                formLanguages: () => formLanguages(this.configuredLanguages, this.readerLanguage, this.entries),
                afterWrite: (focusId, message) => this.afterWrite(focusId, message),
                addHelpFor: (questionName, button) => void this.addHelpFor(questionName, button),
              }),
            );
            return this.authoringParts;
          })
        : null;
    this.authoringLoad?.catch((error: unknown) => {
      console.warn('widgetlib help panel:', error);
      showMessages(this.parts.error, [this.texts.partUnavailable]);
    });

    wireHelpPanelEvents({
      element: this.element,
      doc: this.doc,
      parts: this.parts,
      toggle: this.toggle,
      isOpen: () => this.isOpen,
      open: (returnFocusTo) => void this.open(returnFocusTo),
      close: () => this.close(),
      startAdd: () => this.withAuthoring(({ writes }) => writes.startAdd()),
      applySearch: () => this.list.applySearch(),
      refit: () => this.geometry.apply(),
      listen: (target, type, handler) => this.listen(target, type, handler),
    });
    if (permissions.view) {
      void this.reload();
      // A changed fragment alone names the entry: the query's `help` was followed when the page loaded.
      this.listen(this.doc.defaultView ?? window, 'hashchange', () =>
        this.reader.followDeepLink({ hash: this.doc.location.hash, search: '' }),
      );
      this.reader.followDeepLink(this.doc.location);
    } else {
      this.setStatus(this.texts.noPermission);
    }
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The entries listed, in the server's order. */
  get entries(): HelpEntry[] {
    return this.list.entries;
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
  showEntry(questionName: string, returnFocusTo: HTMLElement | null = this.toggle): Promise<void> {
    return this.showListed((entry) => entry.question_name === questionName, returnFocusTo);
  }

  /** Loads the view's entries again and updates the list and the page's question-mark icons. */
  reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  /** Puts question-mark icons (and in authoring mode "+" buttons) on labels added since the entries were loaded. */
  refreshFieldIcons(): void {
    this.icons.sync(this.entries);
    this.syncFieldsWithoutHelp();
    void this.coverage?.report(findLabelledFields(this.fieldRoot));
  }

  destroy(): void {
    this.authoringParts?.authoring?.destroy();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.icons.destroy();
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  private async load(): Promise<void> {
    if (this.list.entries.length === 0) this.setStatus(this.texts.loading);
    try {
      const [entries, sanitizer] = await Promise.all([
        this.api.list(this.config.id_view, this.readerLanguage || undefined),
        loadHelpTextSanitizer().catch((error: unknown) => {
          console.warn('widgetlib help panel:', error);
          throw new HelpApiError(0, [this.texts.partUnavailable]);
        }),
      ]);
      // The server filters already; this keeps the panel to its view even behind a lenient API.
      this.render(
        entries.filter((entry) => entry.id_view === this.config.id_view),
        sanitizer.sanitizeHelpText,
      );
      showMessages(this.parts.error, []);
    } catch (error) {
      this.setStatus('');
      showMessages(this.parts.error, failureMessages(error));
    }
  }

  private render(entries: readonly HelpEntry[], sanitize: (html: string) => string): void {
    this.list.render(entries, {
      doc: this.doc,
      sanitize,
      texts: this.texts,
      idPrefix: this.idPrefix,
      permissions: this.config.permissions,
      languageBadge: ({ language }: HelpEntry) => entryLanguageBadge(language, this.readerLanguage, this.texts),
      edit: (entry) => this.withAuthoring(({ writes }) => writes.startEdit(entry)),
      delete: (entry, item) => this.withAuthoring(({ writes }) => writes.confirmDelete(entry, item)),
      history: (entry, item) => this.withAuthoring(({ writes }) => writes.toggleHistory(entry, item)),
      footer: (entry) => this.reader.footer(entry),
    });
    this.authoringParts?.writes.reattachForm();
    this.icons.sync(entries);
    this.syncFieldsWithoutHelp();
    void this.coverage?.report(findLabelledFields(this.fieldRoot));
  }

  private syncFieldsWithoutHelp(): void {
    this.authoringParts?.authoring?.sync();
    this.reader.syncFields(this.entries);
  }

  /** Opens the panel on a listed entry (reporting it opened), or with `notFound` when it is not listed. */
  private async showListed(
    matches: (entry: HelpEntry) => boolean,
    returnFocusTo: HTMLElement | null,
    notFound?: string,
  ): Promise<void> {
    await this.open(returnFocusTo);
    const shown = this.list.find(matches);
    if (!shown) {
      if (notFound) this.setStatus(notFound);
      return;
    }
    this.list.show(shown);
    this.setStatus(this.texts.showingEntry(shown.entry.help_title));
    void this.reader.usage.opened(shown.entry.id);
  }

  /** Authoring mode's "+": the add form with the field chosen. */
  private async addHelpFor(questionName: string, returnFocusTo: HTMLElement): Promise<void> {
    await this.open(returnFocusTo);
    this.withAuthoring(({ writes }) => writes.startAdd(questionName));
  }

  private async afterWrite(focusId: number | null, message: string): Promise<void> {
    this.authoringParts?.writes.closeForm(false);
    await this.reload();
    const deleted = this.authoringParts?.deleted;
    if (deleted?.isShown) await deleted.show();
    if (focusId === null || !this.list.reveal(focusId)) this.parts.search.focus();
    this.setStatus(message);
  }

  /** The page's language (`<html lang>`), read when needed: a host may set it after the panel starts. */
  private get readerLanguage(): string {
    return this.doc.documentElement.lang.trim();
  }

  /** Runs `use` once the authoring parts are there (at once after the panel's start); says so when they cannot be loaded. */
  private withAuthoring(use: (parts: HelpAuthoring) => void): void {
    this.authoringLoad?.then(use, () => showMessages(this.parts.error, [this.texts.partUnavailable]));
  }

  private setStatus(message: string): void {
    this.parts.status.textContent = message;
  }

  private listen<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): void {
    target.addEventListener(type, handler as EventListener);
    this.cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  }
}
