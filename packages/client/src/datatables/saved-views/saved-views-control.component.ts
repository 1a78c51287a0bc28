import type { Api } from 'datatables.net';
import type { SavedViewsClient, SavedViewSummary } from './saved-views.client.js';
import { viewLink, type TableState } from './table-state.format.js';
import type { DataTableTexts } from '../../texts/index.js';

/** The control's root class; its parts are `__form`, `__list`, `__item`, `__load`, `__share`, `__delete`, `__link`, `__error`. */
export const SAVED_VIEWS_CLASS = 'widgetlib-saved-views';

let controlCount = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, part: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = `${SAVED_VIEWS_CLASS}__${part}`;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * A minimal control for a table's saved views: a name field with a save button, and the views
 * (own first, then those others share) each with a load button and a link (`#view=<id>`); own
 * views also with a share toggle and a delete button. Every name is written as text.
 */
export class SavedViewsControl {
  readonly root = document.createElement('section');
  private readonly list = element('ul', 'list');
  private readonly error = element('p', 'error');

  constructor(
    private readonly api: Api,
    private readonly client: SavedViewsClient,
    private readonly texts: () => DataTableTexts,
    private readonly savedState: () => TableState,
  ) {
    const words = texts();
    this.root.className = SAVED_VIEWS_CLASS;
    const form = element('form', 'form');
    const name = element('input', 'name');
    name.type = 'text';
    name.required = true;
    name.maxLength = 100;
    name.setAttribute('aria-label', words.viewName);
    name.placeholder = words.viewName;
    form.append(name, element('button', 'save', words.saveView));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(async () => {
        await this.client.create(name.value, this.savedState());
        name.value = '';
      });
    });
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    // The host's page owns its heading levels: the control's title is a label, not a heading.
    const title = element('span', 'title', words.savedViews);
    title.id = `${SAVED_VIEWS_CLASS}-${++controlCount}`;
    this.root.setAttribute('aria-labelledby', title.id);
    this.list.setAttribute('aria-labelledby', title.id);
    this.root.append(title, form, this.list, this.error);
  }

  /** Lists the views again. */
  refresh(): Promise<void> {
    return this.run(async () => undefined);
  }

  /** Runs a change, then shows the views as they now are, or the server's message. */
  private async run(change: () => Promise<unknown>): Promise<void> {
    try {
      await change();
      const views = await this.client.list();
      this.list.replaceChildren(...views.map((view) => this.item(view)));
      this.error.hidden = true;
    } catch (error) {
      this.error.textContent = (error as Error).message;
      this.error.hidden = false;
    }
  }

  private item(view: SavedViewSummary): HTMLLIElement {
    const words = this.texts();
    const item = element('li', 'item');
    item.dataset.viewId = String(view.id);
    const load = element('button', 'load', view.name);
    load.type = 'button';
    load.addEventListener('click', () => {
      this.api.state(view.state as never).draw(false);
      history.replaceState(history.state, '', viewLink(view.id, window.location.href));
    });
    const link = element('a', 'link', words.viewLink);
    link.href = viewLink(view.id, window.location.href);
    link.setAttribute('aria-label', `${words.viewLink}: ${view.name}`);
    item.append(load, link);
    if (!view.mine) {
      item.append(element('span', 'owner', words.sharedBy.replace('{owner}', view.owner)));
      return item;
    }
    const share = element('label', 'share');
    const toggle = document.createElement('input');
    toggle.type = 'checkbox';
    toggle.checked = view.shared;
    toggle.addEventListener('change', () => {
      void this.run(() => this.client.update(view.id, { shared: toggle.checked }));
    });
    toggle.setAttribute('aria-label', `${words.shareView}: ${view.name}`);
    share.append(toggle, ` ${words.shareView}`);
    const remove = element('button', 'delete', words.deleteView);
    remove.type = 'button';
    remove.setAttribute('aria-label', `${words.deleteView}: ${view.name}`);
    remove.addEventListener('click', () => void this.run(() => this.client.remove(view.id)));
    item.append(share, remove);
    return item;
  }
}

/**
 * Builds the control of a table's `savedViews` option: in the element it names (or that has its
 * id), else just before the table's DataTables container; none with `false`.
 */
export function mountSavedViewsControl(
  api: Api,
  client: SavedViewsClient,
  place: boolean | HTMLElement | string | undefined,
  texts: () => DataTableTexts,
  savedState: () => TableState,
): SavedViewsControl | null {
  if (place === false) return null;
  const control = new SavedViewsControl(api, client, texts, savedState);
  const host = typeof place === 'string' ? document.getElementById(place) : place instanceof HTMLElement ? place : null;
  if (typeof place === 'string' && !host) throw new Error(`widgetlib: no element has the id ${JSON.stringify(place)}`);
  if (host) host.append(control.root);
  else {
    // DataTables 2.3 and 3 both wrap the table in `.dt-container`.
    const table = api.table().node();
    (table.closest('.dt-container') ?? table).before(control.root);
  }
  void control.refresh();
  return control;
}
