import type { Api } from 'datatables.net';
import { bulkActionParams, fillBulkText, selectionKey } from './bulk-request.writer.js';
import { formatTableNumber, type DataTableTransportOptions, type ShownRequest } from '../core/index.js';
import { errorMessage, listRequest } from '../transport/index.js';
import type { DataTableTexts } from '../../texts/index.js';

/** An action of `bulkActions`: a button that POSTs the table's request to `url`, for every matching row. */
export interface DataTableBulkAction {
  /** The button's text. */
  label: string;
  /** The host's `@DataTableBulkAction` route (e.g. `DataTableResource`'s `<list>/bulk-delete`). */
  url: string;
  /** Asked (`window.confirm`) before the action is sent; `{count}` is the number of matching rows. */
  confirm?: string;
  /**
   * Announced after it succeeded: `{count}` (the rows selected) and each member of the answer by
   * name (`{processed}` of a `forEachBatch` report, `{deleted}` of a resource's bulk delete).
   */
  done?: string;
}

export interface BulkActionsOptions {
  /** The list URL (its own query parameters travel with the action, as with the list's POST form). */
  url: string;
  /** The table's transport: its CSRF options are the action's. */
  transport: DataTableTransportOptions;
  texts: () => Readonly<DataTableTexts>;
}

function button(text: string, className: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * Puts above the table a bar with "Select all N matching rows" (a toggle button) and a button per
 * action, enabled while the rows are selected; an action POSTs the request the table last showed,
 * announces the outcome in a status region and redraws the table. A request that selects other
 * rows (a new search, filter or selection, not a new page or ordering) clears the selection.
 * Answers the function the table calls with each answer (null after a failed request).
 */
export function addBulkActions(
  api: Api,
  actions: readonly DataTableBulkAction[],
  options: BulkActionsOptions,
): (shown: ShownRequest | null) => void {
  const bar = document.createElement('div');
  bar.className = 'widgetlib-bulk-actions';
  bar.setAttribute('role', 'group');
  const selectAll = button('', 'widgetlib-bulk-select');
  selectAll.setAttribute('aria-pressed', 'false');
  const status = document.createElement('p');
  status.className = 'widgetlib-bulk-status';
  status.setAttribute('role', 'status');
  const actionButtons = actions.map((action) => button(action.label, 'widgetlib-bulk-action'));
  bar.append(selectAll, ...actionButtons, status);
  // A table whose state loads from the server (saved views) builds its container later, in the
  // table's place: the bar goes before the table then, which leaves it before the container.
  ((api.table().container() as HTMLElement | null) ?? (api.table().node() as HTMLElement)).before(bar);

  let shown: ShownRequest | null = null;
  let selected: string | null = null;
  let busy = false;
  const format = (value: number) => formatTableNumber(api.settings()[0] as object, value);

  const render = () => {
    const texts = options.texts();
    bar.setAttribute('aria-label', texts.bulkGroup);
    const count = shown?.recordsFiltered ?? 0;
    selectAll.textContent = fillBulkText(texts.bulkSelectAll, { count }, format);
    selectAll.disabled = busy || count === 0;
    selectAll.setAttribute('aria-pressed', String(selected !== null));
    for (const each of actionButtons) each.disabled = busy || selected === null;
  };

  selectAll.addEventListener('click', () => {
    if (!shown) return;
    selected = selected === null ? selectionKey(shown.params) : null;
    status.textContent =
      selected === null ? '' : fillBulkText(options.texts().bulkSelected, { count: shown.recordsFiltered }, format);
    render();
  });

  actions.forEach((action, index) => {
    actionButtons[index]!.addEventListener('click', () => {
      if (!shown || selected === null) return;
      const texts = options.texts();
      const count = shown.recordsFiltered;
      if (action.confirm && !window.confirm(fillBulkText(action.confirm, { count }, format))) return;
      const request = listRequest(options.url, bulkActionParams(shown), {
        ...options.transport,
        method: 'POST',
        postUrl: action.url,
      });
      busy = true;
      status.textContent = texts.bulkWorking;
      render();
      void send(request).then((outcome) => {
        busy = false;
        if ('answer' in outcome) {
          selected = null;
          // The answer's own members (`processed`, `deleted`, ...) for `done`; `{count}` stays the number selected.
          status.textContent = fillBulkText(action.done ?? texts.bulkDone, { ...outcome.answer, count }, format);
          api.draw(false);
        } else {
          status.textContent = `${texts.bulkFailed} ${outcome.error}`;
        }
        render();
      });
    });
  });

  render();
  return (answered) => {
    shown = answered;
    if (selected !== null && (!answered || selectionKey(answered.params) !== selected)) {
      selected = null;
      status.textContent = '';
    }
    render();
  };
}

async function send(
  request: ReturnType<typeof listRequest>,
): Promise<{ answer: Record<string, unknown> } | { error: string }> {
  try {
    const { url, ...init } = request;
    const response = await fetch(url, { ...init, credentials: 'same-origin' });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { error: errorMessage(response.status, response.statusText, body) };
    return { answer: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {} };
  } catch (error) {
    return { error: String(error) };
  }
}
