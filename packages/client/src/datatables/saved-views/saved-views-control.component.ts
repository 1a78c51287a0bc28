import type { Api } from 'datatables.net';
import { isSavedViewsRequestError, type SavedViewsClient, type SavedViewSummary } from './saved-views.client.js';
import { SAVED_VIEWS_CLASS, SAVED_VIEWS_STATUS_CLASS } from './saved-views-control.types.js';
import type { SavedViewsReport } from './saved-views.options.js';
import { stateKey, viewLink, withoutBlankSearchBuilder, type TableState } from './table-state.format.js';
import { placeBeforeTable } from './saved-views-place.component.js';
import { SavedViewsKeys } from './saved-views-keys.component.js';
import type { DataTableTexts } from '../../texts/index.js';

let controlCount = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, part: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = `${SAVED_VIEWS_CLASS}__${part}`;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** A cell of a view's row in the list's grid. */
function cell(...content: Node[]): HTMLSpanElement {
  const made = element('span', 'cell');
  made.setAttribute('role', 'gridcell');
  made.append(...content);
  return made;
}

function button(part: string, text: string, label?: string): HTMLButtonElement {
  const made = element('button', part, text);
  made.type = 'button';
  if (label !== undefined) made.setAttribute('aria-label', label);
  return made;
}

/** The view the table shows: its id, and the table's state (page aside) once it was drawn in it. */
interface LoadedView {
  id: number;
  key: string | null;
}

/**
 * A minimal control for a table's saved views: a name field with a save button, and the views
 * (own first, then those others share) each with a load button and a link (`#view=<id>`); own
 * views also with a share toggle and a delete button, which asks first. The view the table shows
 * is marked (`aria-current` and a visible word) until the table's state changes away from it.
 * Every name is written as text.
 */
export class SavedViewsControl implements SavedViewsReport {
  readonly root = document.createElement('section');
  private readonly list = element('ul', 'list');
  private readonly status = element('p', 'status');
  private readonly error = element('p', 'error');
  private readonly nameField = element('input', 'name');
  private readonly keys = new SavedViewsKeys(this.list);
  private shown: LoadedView | null = null;

  constructor(
    private readonly api: Api,
    private readonly client: SavedViewsClient,
    private readonly texts: () => DataTableTexts,
    private readonly savedState: () => TableState,
  ) {
    const words = texts();
    this.root.className = SAVED_VIEWS_CLASS;
    const form = element('form', 'form');
    const name = this.nameField;
    name.type = 'text';
    name.required = true;
    name.maxLength = 100;
    name.setAttribute('aria-label', words.viewName);
    name.placeholder = words.viewName;
    form.append(name, element('button', 'save', words.saveView));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(async () => {
        const created = await this.client.create(name.value, this.savedState());
        name.value = '';
        this.loaded(created.id, true);
      });
    });
    this.status.setAttribute('role', 'status');
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    // The host's page owns its heading levels: the control's title is a label, not a heading.
    const title = element('span', 'title', words.savedViews);
    title.id = `${SAVED_VIEWS_CLASS}-${++controlCount}`;
    this.root.setAttribute('aria-labelledby', title.id);
    this.list.setAttribute('aria-labelledby', title.id);
    this.root.append(title, form, this.list, this.status, this.error);
    api.on('draw', () => {
      if (this.shown && this.shown.key === null) this.shown.key = this.currentKey();
      this.markShown();
    });
  }

  /** Lists the views again. */
  async refresh(): Promise<void> {
    await this.run(null);
  }

  /** Marks the view `id` as the one the table shows (`shown`: already, else from its next draw). */
  loaded(id: number, shown: boolean): void {
    this.shown = { id, key: shown ? this.currentKey() : null };
    this.error.hidden = true;
    this.markShown();
  }

  /** Shows why a view could not be opened. */
  problem(text: string): void {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  private currentKey(): string {
    return stateKey(this.savedState(), true);
  }

  private markShown(): void {
    const shown = this.shown;
    const current = shown !== null && shown.key === this.currentKey() ? String(shown.id) : null;
    for (const item of this.list.querySelectorAll<HTMLElement>(`.${SAVED_VIEWS_CLASS}__item`)) {
      const load = item.querySelector(`.${SAVED_VIEWS_CLASS}__load`);
      const mark = item.querySelector<HTMLElement>(`.${SAVED_VIEWS_CLASS}__current`);
      const isCurrent = item.dataset.viewId === current;
      item.classList.toggle(`${SAVED_VIEWS_CLASS}__item--current`, isCurrent);
      if (isCurrent) load?.setAttribute('aria-current', 'true');
      else load?.removeAttribute('aria-current');
      if (mark) mark.hidden = !isCurrent;
    }
    this.keys.update(current);
  }

  /**
   * Runs a change (none: lists the views again, leaving what the control says), then shows the views
   * as they now are, or why the change was refused.
   */
  private async run(change: (() => Promise<unknown>) | null, done?: string): Promise<boolean> {
    try {
      await change?.();
      const views = await this.client.list();
      this.list.replaceChildren(...views.map((view) => this.item(view)));
      // A grid needs rows: an empty list is a plain list.
      if (views.length > 0) this.list.setAttribute('role', 'grid');
      else this.list.removeAttribute('role');
      this.markShown();
      if (change === null) return true;
      this.error.hidden = true;
      this.status.textContent = done ?? '';
      return true;
    } catch (error) {
      const words = this.texts();
      this.status.textContent = '';
      this.error.textContent =
        isSavedViewsRequestError(error) && error.takenName !== undefined
          ? words.viewNameTaken.replace('{name}', error.takenName)
          : `${words.savedViewsError} ${isSavedViewsRequestError(error) ? error.serverMessage : (error as Error).message}`;
      this.error.hidden = false;
      return false;
    }
  }

  private item(view: SavedViewSummary): HTMLLIElement {
    const words = this.texts();
    const item = element('li', 'item');
    item.setAttribute('role', 'row');
    item.dataset.viewId = String(view.id);
    const load = button('load', view.name);
    load.addEventListener('click', () => {
      this.loaded(view.id, false);
      this.api.state(withoutBlankSearchBuilder(view.state as TableState) as never).draw(false);
      history.replaceState(history.state, '', viewLink(view.id, window.location.href));
    });
    const mark = element('span', 'current', words.currentView);
    mark.hidden = true;
    const link = element('a', 'link', words.viewLink);
    link.href = viewLink(view.id, window.location.href);
    link.setAttribute('aria-label', `${words.viewLink}: ${view.name}`);
    const copy = button('copy', words.copyViewLink, `${words.copyViewLink}: ${view.name}`);
    copy.addEventListener('click', () => {
      void this.run(
        () => navigator.clipboard.writeText(link.href),
        words.viewLinkCopied.replace('{name}', view.name),
      ).then(() => this.refocus(view.id, 'copy'));
    });
    item.append(cell(load, mark), cell(link), cell(copy));
    if (!view.mine) {
      item.append(cell(element('span', 'owner', words.sharedBy.replace('{owner}', view.owner))));
      return item;
    }
    const share = element('label', 'share');
    const toggle = document.createElement('input');
    toggle.type = 'checkbox';
    toggle.checked = view.shared;
    toggle.addEventListener('change', () => {
      void this.run(() => this.client.update(view.id, { shared: toggle.checked })).then(() =>
        this.refocus(view.id, 'share input'),
      );
    });
    toggle.setAttribute('aria-label', `${words.shareView}: ${view.name}`);
    share.append(toggle, ` ${words.shareView}`);
    const remove = button('delete', words.deleteView, `${words.deleteView}: ${view.name}`);
    remove.addEventListener('click', () => this.confirmDelete(view, item, remove));
    item.append(cell(share), cell(remove));
    return item;
  }

  /** After the list was drawn again: the focus back on the same control of the view `id`, if it had it. */
  private refocus(id: number, part: string): void {
    if (document.activeElement !== document.body && this.root.contains(document.activeElement)) return;
    this.list.querySelector<HTMLElement>(`[data-view-id="${id}"] .${SAVED_VIEWS_CLASS}__${part}`)?.focus();
  }

  /** Asks in the item whether to delete the view; the question's buttons take the keyboard. */
  private confirmDelete(view: SavedViewSummary, item: HTMLLIElement, remove: HTMLButtonElement): void {
    if (item.querySelector(`.${SAVED_VIEWS_CLASS}__confirm`)) return;
    const words = this.texts();
    const confirm = element('span', 'confirm');
    confirm.setAttribute('role', 'group');
    const question = element('span', 'question', words.confirmDeleteView.replace('{name}', view.name));
    question.id = `${SAVED_VIEWS_CLASS}-confirm-${view.id}`;
    confirm.setAttribute('aria-labelledby', question.id);
    const yes = button('confirm-delete', words.deleteView);
    const no = button('cancel-delete', words.cancelDeleteView);
    const cancel = (): void => {
      confirm.remove();
      remove.hidden = false;
      remove.focus();
    };
    yes.addEventListener('click', () => {
      yes.disabled = true;
      void this.run(() => this.client.remove(view.id), words.viewDeleted.replace('{name}', view.name)).then((done) => {
        if (done) this.nameField.focus();
        else cancel();
      });
    });
    no.addEventListener('click', cancel);
    confirm.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      cancel();
    });
    confirm.append(question, yes, no);
    remove.hidden = true;
    remove.after(confirm);
    no.focus();
  }
}

/** The status line of a table whose saved views have no control: what became of a view's link. */
class SavedViewsStatusLine implements SavedViewsReport {
  readonly root = document.createElement('p');

  constructor() {
    this.root.className = SAVED_VIEWS_STATUS_CLASS;
    this.root.setAttribute('role', 'alert');
    this.root.hidden = true;
  }

  loaded(): void {
    this.root.hidden = true;
  }

  problem(text: string): void {
    this.root.textContent = text;
    this.root.hidden = false;
  }
}

/**
 * Builds the control of a table's `savedViews` option: in `host`, else just before the table's
 * DataTables container; with `false`, only a status line there that tells why a linked view was
 * not opened. Its list is asked for once the table's first request is on its way.
 */
export function mountSavedViewsControl(
  api: Api,
  client: SavedViewsClient,
  host: HTMLElement | false | null,
  texts: () => DataTableTexts,
  savedState: () => TableState,
): SavedViewsReport {
  if (host === false) {
    const line = new SavedViewsStatusLine();
    placeBeforeTable(api, line.root);
    return line;
  }
  const control = new SavedViewsControl(api, client, texts, savedState);
  if (host) host.append(control.root);
  else placeBeforeTable(api, control.root);
  // The table's first request is sent in DataTables' `preXhr` turn: the list follows it, never before.
  if (api.ajax.params() !== undefined) void control.refresh();
  else api.one('preXhr', () => queueMicrotask(() => void control.refresh()));
  return control;
}
