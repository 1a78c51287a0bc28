import { buildHelpEntryItem, type HelpEntryItem, type HelpEntryItemOptions } from './help-entry-item.component.js';
import type { HelpEntry, HelpPanelTexts } from '../core/index.js';
import { matchesSearch, searchTerms } from './help-search.parser.js';

export interface HelpEntryListOptions {
  texts: HelpPanelTexts;
  list: HTMLUListElement;
  search: HTMLInputElement;
  setStatus(message: string): void;
}

/** The panel's listed entries: their items, the search that hides some, and the highlighted one. */
export class HelpEntryList {
  private rendered: HelpEntryItem[] = [];
  private highlightedId: number | null = null;
  private listed = false;

  constructor(private readonly options: HelpEntryListOptions) {}

  /** The entries listed, in the server's order. */
  get entries(): HelpEntry[] {
    return this.rendered.map(({ entry }) => entry);
  }

  /** Whether the entries were loaded at least once (before, an empty list says nothing about the fields). */
  get isLoaded(): boolean {
    return this.listed;
  }

  /** Replaces the items; the highlight and the search stay as they were. */
  render(entries: readonly HelpEntry[], itemOptions: HelpEntryItemOptions): void {
    this.listed = true;
    this.rendered = entries.map((entry) => buildHelpEntryItem(entry, itemOptions));
    this.options.list.replaceChildren(...this.rendered.map(({ item }) => item));
    if (this.highlightedId !== null) this.highlight(this.highlightedId);
    this.applySearch();
  }

  applySearch(): void {
    const { texts, search, setStatus } = this.options;
    const terms = searchTerms(search.value);
    let shown = 0;
    for (const { item, searchable } of this.rendered) {
      item.hidden = !matchesSearch(searchable, terms);
      if (!item.hidden) shown += 1;
    }
    const total = this.rendered.length;
    if (total === 0) setStatus(texts.empty);
    else setStatus(shown === 0 ? texts.noMatches : texts.count(shown, total));
  }

  highlight(id: number): void {
    this.highlightedId = id;
    for (const { entry, item } of this.rendered) {
      const on = entry.id === id;
      item.classList.toggle('widgetlib-palette__entry--highlighted', on);
      if (on) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
  }

  /** Drops the highlight of an entry that is gone. */
  forget(id: number): void {
    if (this.highlightedId === id) this.highlightedId = null;
  }

  find(matches: (entry: HelpEntry) => boolean): HelpEntryItem | undefined {
    return this.rendered.find(({ entry }) => matches(entry));
  }

  itemOf(id: number): HTMLLIElement | undefined {
    return this.find((entry) => entry.id === id)?.item;
  }

  /** The entry after `id`'s, or the one before it at the end of the list. */
  neighbourOf(id: number): HelpEntry | undefined {
    const index = this.rendered.findIndex(({ entry }) => entry.id === id);
    return (this.rendered[index + 1] ?? this.rendered[index - 1])?.entry;
  }

  /** Highlights an entry, scrolls to it and focuses it; a search that hides it is cleared. */
  show(shown: HelpEntryItem): void {
    if (shown.item.hidden) {
      this.options.search.value = '';
      this.applySearch();
    }
    this.highlight(shown.entry.id);
    shown.item.scrollIntoView({ block: 'nearest' });
    shown.item.focus({ preventScroll: true });
  }

  /** Highlights, shows, scrolls to and focuses a (written) entry even if the search hides the others; false if not listed. */
  reveal(id: number): boolean {
    const item = this.itemOf(id);
    if (!item) return false;
    this.highlight(id);
    item.hidden = false;
    item.scrollIntoView({ block: 'nearest' });
    item.focus({ preventScroll: true });
    return true;
  }
}
