import type { Api } from 'datatables.net';
import { bulkActionParams, fillBulkText, pickedActionParams, selectionKey } from './bulk-request.writer.js';
import type { RowSelection } from './row-selection.component.js';
import { formatTableNumber, type DataTableTransportOptions, type ShownRequest } from '../core/index.js';
import { errorMessage, listRequest } from '../transport/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import { isMissingPermissions, noteOwnWrite } from '../../http/index.js';

/** An action of `bulkActions`: a button that POSTs the table's request to `url`, for the selected rows. */
export interface DataTableBulkAction {
  /** The button's text. */
  label: string;
  /** The host's `@DataTableBulkAction` route (e.g. `DataTableResource`'s `<list>/bulk-delete`). */
  url: string;
  /**
   * The action's name in the list answer's `permissions.bulk` (the server's: its method name, as
   * `bulkDelete` or `markExplicit`): the button is shown only when the answer grants it. Without
   * it the button is shown whatever the answer says (the server still checks).
   */
  permission?: string;
  /** Asked (`window.confirm`) before the action is sent; `{count}` is the number of rows it covers. */
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
  /** The rows picked one by one (the `selectRow` column), when the table has one. */
  rows: RowSelection | null;
  /** Shows or hides the `selectRow` column (hidden while no action is allowed). */
  showSelectColumn?: (shown: boolean) => void;
}

/** What the table tells the bar: each answer's request, and what the user may do. */
export interface BulkActionsControl {
  /** The request the rows answer (null after a failed request). */
  show(shown: ShownRequest | null): void;
  /** Which actions the user may use; the bar and the row checkboxes are hidden when none. */
  permit(allowed: (action: DataTableBulkAction) => boolean): void;
}

function button(text: string, className: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

type BulkOutcome = { answer: Record<string, unknown> } | { error: string; status: number; missingPermissions: boolean };

/** The words of a failed action: the server's message, or for a missing permission and 401 the table's own words. */
function failure(texts: Readonly<DataTableTexts>, outcome: Exclude<BulkOutcome, { answer: unknown }>): string {
  if (outcome.missingPermissions) return `${texts.bulkFailed} ${texts.forbidden}`;
  if (outcome.status === 401) return `${texts.bulkFailed} ${texts.signedOut}`;
  return `${texts.bulkFailed} ${outcome.error}`;
}

/**
 * Puts above the table a bar with "Select all N matching rows" (a toggle button) and a button per
 * action, enabled while rows are selected: every row matching the request, or the rows picked one
 * by one with the `selectRow` column's checkboxes ("3 selected"). An action POSTs the request the
 * table last showed (with `ids` for picked rows), announces the outcome in a status region and
 * redraws the table. A request that selects other rows (a new search, filter or selection, not a
 * new page or ordering) clears the selection. Without an allowed action the bar is hidden.
 */
export function addBulkActions(
  api: Api,
  actions: readonly DataTableBulkAction[],
  options: BulkActionsOptions,
): BulkActionsControl {
  const { rows } = options;
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
  /** The request key of "all matching", or null. */
  let allMatching: string | null = null;
  let pickedKey: string | null = null;
  let busy = false;
  let note = '';
  const format = (value: number) => formatTableNumber(api.settings()[0] as object, value);
  const picked = () => rows?.ids() ?? [];

  const render = () => {
    const texts = options.texts();
    bar.setAttribute('aria-label', texts.bulkGroup);
    const count = shown?.recordsFiltered ?? 0;
    const pickedCount = picked().length;
    selectAll.textContent = fillBulkText(texts.bulkSelectAll, { count }, format);
    selectAll.disabled = busy || count === 0;
    selectAll.setAttribute('aria-pressed', String(allMatching !== null));
    for (const each of actionButtons) each.disabled = busy || (allMatching === null && pickedCount === 0);
    status.textContent =
      note ||
      (allMatching !== null
        ? fillBulkText(texts.bulkSelected, { count }, format)
        : pickedCount > 0
          ? fillBulkText(texts.bulkPicked, { count: pickedCount }, format)
          : '');
  };

  selectAll.addEventListener('click', () => {
    if (!shown) return;
    note = '';
    if (allMatching === null) {
      rows?.clear();
      allMatching = selectionKey(shown.params);
    } else {
      allMatching = null;
    }
    render();
  });

  api.on('select deselect', () => {
    note = '';
    if (picked().length > 0) {
      allMatching = null;
      pickedKey ??= shown ? selectionKey(shown.params) : null;
    }
    render();
  });

  actions.forEach((action, index) => {
    actionButtons[index]!.addEventListener('click', () => {
      if (!shown) return;
      const ids = picked();
      if (allMatching === null && ids.length === 0) return;
      const texts = options.texts();
      const count = allMatching === null ? ids.length : shown.recordsFiltered;
      if (action.confirm && !window.confirm(fillBulkText(action.confirm, { count }, format))) return;
      const params = allMatching === null ? pickedActionParams(shown, ids) : bulkActionParams(shown);
      const request = listRequest(options.url, params, { ...options.transport, method: 'POST', postUrl: action.url });
      busy = true;
      note = texts.bulkWorking;
      render();
      void send(request, allMatching === null ? ids : null).then((outcome) => {
        busy = false;
        if ('answer' in outcome) {
          allMatching = null;
          rows?.clear();
          // The answer's own members (`processed`, `deleted`, ...) for `done`; `{count}` stays the number selected.
          note = fillBulkText(action.done ?? texts.bulkDone, { ...outcome.answer, count }, format);
          api.draw(false);
        } else {
          note = failure(texts, outcome);
        }
        render();
      });
    });
  });

  render();
  return {
    show(answered) {
      shown = answered;
      const key = answered ? selectionKey(answered.params) : null;
      if (allMatching !== null && key !== allMatching) {
        allMatching = null;
        note = '';
      }
      // Rows picked under other conditions are not what the user sees now.
      if (pickedKey !== null && key !== pickedKey) {
        rows?.clear();
        note = '';
      }
      pickedKey = picked().length > 0 ? key : null;
      render();
    },
    permit(allowed) {
      let any = false;
      actions.forEach((action, index) => {
        const permitted = allowed(action);
        actionButtons[index]!.hidden = !permitted;
        any ||= permitted;
      });
      bar.hidden = !any;
      rows?.enable(any);
      if (!any) {
        rows?.clear();
        allMatching = null;
      }
      options.showSelectColumn?.(any);
      render();
    },
  };
}

/** Sends a bulk action on the rows `keys` (null: every matching row). */
async function send(
  request: ReturnType<typeof listRequest>,
  keys: ReadonlyArray<string | number> | null,
): Promise<BulkOutcome> {
  try {
    const { url, ...init } = request;
    noteOwnWrite(keys);
    const response = await fetch(url, { ...init, credentials: 'same-origin' });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorMessage(response.status, response.statusText, body);
      return { error, status: response.status, missingPermissions: isMissingPermissions(body) };
    }
    return { answer: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {} };
  } catch (error) {
    return { error: String(error), status: 0, missingPermissions: false };
  }
}
