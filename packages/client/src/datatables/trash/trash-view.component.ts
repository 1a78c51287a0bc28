import type { Api, Config } from 'datatables.net';
import { escapeHtml } from '../../escape.js';
import type { CsrfOptions } from '../../http/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import type { WidgetLibColumn } from '../core/index.js';
import { FOR_TABLE_ATTRIBUTE, REQUIRES_ATTRIBUTE } from '../permissions/index.js';
import type { DataTableTrashOptions } from './trash.options.js';
import { trashListUrl, trashRecordUrl } from './trash-urls.writer.js';
import { sendTrashWrite } from './trash-write.client.js';

export const TRASH_CLASS = 'widgetlib-trash';
const ACTION_ATTRIBUTE = 'data-widgetlib-trash-action';
const KEY_ATTRIBUTE = 'data-widgetlib-trash-key';
let trashTables = 0;

/** The options the trash's own table is built with (those of `gtCreateDataTable` it needs). */
export interface TrashTableOptions {
  texts?: Partial<DataTableTexts>;
  lang?: string;
  language?: Config['language'];
  csrf?: CsrfOptions;
  columns?: WidgetLibColumn[];
  order?: [];
  searchDelay?: number;
  method?: 'GET';
}

/** What the Trash view of a table needs from it. */
export interface TrashViewSetup {
  url: string;
  trash: DataTableTrashOptions;
  columns: WidgetLibColumn[];
  csrf: CsrfOptions | undefined;
  texts: () => DataTableTexts;
  /** The table options of the trash's own table (its words and language). */
  tableOptions: Pick<TrashTableOptions, 'texts' | 'lang' | 'language' | 'csrf'>;
  /** Builds the trash's table (`gtCreateDataTable`). */
  create(element: HTMLTableElement, url: string, options: TrashTableOptions): Api;
}

/** The class of the table's own controls while its trash is shown (they act on the table, not on the trash). */
const BEHIND_TRASH_CLASS = `${TRASH_CLASS}-behind`;
const TABLE_CONTROLS = ['widgetlib-saved-views', 'widgetlib-bulk-actions'];

/** The saved views and the bulk bar of the table: those placed just before its container, as they place themselves. */
function controlsOfTable(wrapper: HTMLElement): HTMLElement[] {
  const controls: HTMLElement[] = [];
  for (let node = wrapper.previousElementSibling; node instanceof HTMLElement; node = node.previousElementSibling) {
    if (!TABLE_CONTROLS.some((name) => node.classList.contains(name))) break;
    controls.push(node);
  }
  return controls;
}

/** The buttons of a row of the trash: Restore, and Delete for good while the trash's answer allows it. */
function rowButtons(key: string, texts: DataTableTexts): string {
  const button = (action: 'restore' | 'purge', label: string, className: string) =>
    `<button type="button" class="${className}" ${ACTION_ATTRIBUTE}="${action}" ${KEY_ATTRIBUTE}="${escapeHtml(key)}" ` +
    `${REQUIRES_ATTRIBUTE}="${action}" hidden>${escapeHtml(label)}</button>`;
  return `${button('restore', texts.trashRestore, 'widgetlib-trash-restore')} ${button('purge', texts.trashPurge, 'widgetlib-trash-purge')}`;
}

/**
 * Adds a Trash view to the resource table `api`: a toggle button before it (pressed: the trash is
 * shown instead of the table), shown only while the list answer says the user may delete; the
 * trash's own table, built on first use with the table's columns (but its row actions and
 * checkboxes) and a column of buttons; a polite status line announcing each restore or purge.
 */
export function installTrashView(api: Api, table: HTMLTableElement, setup: TrashViewSetup): void {
  if (!table.id) table.id = `widgetlib-table-${++trashTables}`;
  const key = setup.trash.key ?? 'id';
  // DataTables wraps the table once it starts, which may come later (a saved state loading): until
  // then, the bar and the region go beside the table, where they stay outside the wrapper.
  const wrapper = () => (api.table().container() as HTMLElement | null) ?? table;
  const bar = document.createElement('div');
  bar.className = `${TRASH_CLASS}-bar`;
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = `${TRASH_CLASS}-toggle`;
  toggle.setAttribute('aria-pressed', 'false');
  toggle.setAttribute(REQUIRES_ATTRIBUTE, 'delete');
  toggle.setAttribute(FOR_TABLE_ATTRIBUTE, table.id);
  toggle.hidden = true;
  const status = document.createElement('p');
  status.className = `${TRASH_CLASS}-status`;
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  bar.append(toggle, status);
  const region = document.createElement('section');
  region.className = TRASH_CLASS;
  region.id = `${table.id}-trash-region`;
  region.tabIndex = -1;
  region.hidden = true;
  toggle.setAttribute('aria-controls', region.id);
  wrapper().before(bar);
  wrapper().after(region);
  let trashApi: Api | null = null;

  const words = () => {
    const texts = setup.texts();
    toggle.textContent = texts.trash;
    region.setAttribute('aria-label', texts.trashRegion);
    return texts;
  };
  words();

  const openTrash = (open: boolean) => {
    toggle.setAttribute('aria-pressed', String(open));
    for (const control of controlsOfTable(wrapper())) control.classList.toggle(BEHIND_TRASH_CLASS, open);
    wrapper().hidden = open;
    region.hidden = !open;
    status.textContent = '';
    if (!open) {
      api.ajax.reload(undefined, false);
      return;
    }
    if (trashApi) {
      trashApi.ajax.reload(undefined, false);
      return;
    }
    const element = document.createElement('table');
    element.id = `${table.id}-trash`;
    element.className = table.className;
    region.append(element);
    const columns = setup.columns
      .filter((column) => !column.selectRow && !column.rowActions)
      .map((column) => ({ ...column }));
    trashApi = setup.create(element, trashListUrl(setup.url), {
      ...setup.tableOptions,
      language: { ...setup.tableOptions.language, emptyTable: words().trashEmpty },
      order: [],
      searchDelay: 300,
      // The trash serves GET only (no `/query` form).
      method: 'GET',
      columns: [
        ...columns,
        {
          data: key,
          title: words().trashActions,
          type: 'readonly',
          // Always shown (Responsive's `all`): the row's buttons never go to a child row.
          className: `all ${TRASH_CLASS}-actions`,
          orderable: false,
          searchable: false,
          render: (value: unknown, type: string) => (type === 'display' ? rowButtons(String(value), words()) : ''),
        },
      ],
    });
  };

  toggle.addEventListener('click', () => openTrash(toggle.getAttribute('aria-pressed') !== 'true'));
  region.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(`button[${ACTION_ATTRIBUTE}]`);
    if (!button || !trashApi) return;
    const action = button.getAttribute(ACTION_ATTRIBUTE) === 'purge' ? 'purge' : 'restore';
    const texts = words();
    if (action === 'purge' && !window.confirm(texts.trashPurgeConfirm)) return;
    const rowKey = button.getAttribute(KEY_ATTRIBUTE) ?? '';
    const url = trashRecordUrl(setup.url, rowKey, action);
    button.disabled = true;
    void sendTrashWrite(url, action === 'purge' ? 'DELETE' : 'POST', rowKey, setup.csrf, texts).then((failure) => {
      button.disabled = false;
      status.textContent = failure ?? (action === 'purge' ? texts.trashPurged : texts.trashRestored);
      if (failure) return;
      // The row leaves the trash: focus stays in the trash rather than on a button that is gone.
      region.focus();
      trashApi!.ajax.reload(undefined, false);
    });
  });
}
