import { csrfHeaders, languageHeaders, noteOwnWrite } from '../../http/index.js';
import { dataTableTexts, type DataTableTexts } from '../../texts/index.js';
import { grants, parseTablePermissions } from '../permissions/index.js';
import { errorMessage } from '../transport/datatables-response.parser.js';
import {
  changeCells,
  fillHistoryText,
  parseHistoryPage,
  revisionHeading,
  type RecordHistoryPage,
  type RecordRevision,
} from './history-change.writer.js';
import type { RecordHistoryOptions, RecordHistoryView } from './record-history.options.js';

let dialogs = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<Pick<HTMLElement, 'className' | 'textContent' | 'id'>> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties);
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

async function requested(url: string, init: RequestInit): Promise<unknown> {
  if (init.method === 'POST') noteOwnWrite();
  const response = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...languageHeaders(), ...init.headers },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessage(response.status, response.statusText, body));
  return body;
}

/** Whether Restore is offered: the option, else the table's last answer (`permissions.update`), else no. */
function restoreOffered(options: RecordHistoryOptions): boolean {
  if (options.mayRestore !== undefined) return options.mayRestore;
  const answer = options.table?.ajax.json() as { permissions?: unknown } | undefined;
  const permissions = parseTablePermissions(answer?.permissions);
  return permissions !== null && grants(permissions, 'update');
}

/**
 * Opens the history of one record of a `DataTableResource` kept with `history`: a modal dialog
 * listing its revisions newest first (who, when, each field before → after), paged, with a Restore
 * button on each earlier version when the user may update. Keyboard: focus moves into the dialog,
 * Tab stays in it, Escape or Close closes it and gives focus back (`returnFocus`, else what opened it).
 */
export function openRecordHistory(options: RecordHistoryOptions): RecordHistoryView {
  const texts: DataTableTexts = { ...dataTableTexts(), ...options.texts };
  const url = withSlash(options.url);
  const mayRestore = restoreOffered(options);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const id = `widgetlib-history-${++dialogs}`;

  const dialog = element('dialog', { className: 'widgetlib-history' });
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const heading = element('h2', {
    id: `${id}-title`,
    textContent: fillHistoryText(texts.historyOf, { record: options.record }),
  });
  heading.tabIndex = -1;
  const status = element('p', { className: 'widgetlib-history__status' });
  status.setAttribute('role', 'status');
  const list = element('ol', { className: 'widgetlib-history__revisions' });
  const pager = element('nav', { className: 'widgetlib-history__pages' });
  pager.setAttribute('aria-label', texts.history);
  const newer = element('button', { className: 'widgetlib-history__newer', textContent: texts.historyNewer });
  const pageLabel = element('span');
  const older = element('button', { className: 'widgetlib-history__older', textContent: texts.historyOlder });
  const close = element('button', { className: 'widgetlib-history__close', textContent: texts.historyClose });
  for (const button of [newer, older, close]) button.type = 'button';
  pager.append(newer, pageLabel, older);
  dialog.append(heading, status, list, pager, close);
  document.body.append(dialog);

  const language = document.documentElement.lang || undefined;
  const when = (at: string) => new Date(at).toLocaleString(language);
  let shown: RecordHistoryPage | null = null;

  function revisionItem(revision: RecordRevision, latest: boolean): HTMLLIElement {
    const item = element('li', { className: 'widgetlib-history__revision' });
    const title = element('h3', {
      id: `${id}-revision-${revision.id}`,
      textContent: revisionHeading(revision, when(revision.at), texts),
    });
    const table = element('table', { className: 'widgetlib-history__changes' });
    const head = table.createTHead().insertRow();
    for (const word of [texts.historyField, texts.historyBefore, texts.historyAfter]) {
      head.append(Object.assign(element('th', { textContent: word }), { scope: 'col' }));
    }
    const body = table.createTBody();
    for (const change of revision.changes) {
      const cells = changeCells(change, texts, options.labels);
      const row = body.insertRow();
      row.append(Object.assign(element('th', { textContent: cells.field }), { scope: 'row' }));
      row.insertCell().textContent = cells.before;
      row.insertCell().textContent = cells.after;
    }
    item.append(title, table);
    if (mayRestore && !latest && revision.action !== 'delete') {
      const restore = element('button', {
        className: 'widgetlib-history__restore',
        textContent: texts.historyRestoreButton,
      });
      restore.type = 'button';
      // Its name is its words; which version it restores, the revision's heading describes.
      restore.setAttribute('aria-describedby', title.id);
      restore.addEventListener('click', () => void restoreRevision(revision, restore));
      item.append(restore);
    }
    return item;
  }

  function render(page: RecordHistoryPage): void {
    shown = page;
    const pages = Math.max(1, Math.ceil(page.total / page.size));
    list.replaceChildren(
      ...page.revisions.map((revision, index) => revisionItem(revision, page.page === 1 && index === 0)),
    );
    if (page.total === 0) list.append(element('li', { textContent: texts.historyEmpty }));
    pager.hidden = pages <= 1;
    newer.disabled = page.page <= 1;
    older.disabled = page.page >= pages;
    pageLabel.textContent = fillHistoryText(texts.historyPage, { page: String(page.page), pages: String(pages) });
  }

  async function load(page: number): Promise<RecordHistoryPage | null> {
    status.textContent = texts.historyLoading;
    dialog.setAttribute('aria-busy', 'true');
    try {
      const size = options.pageSize ?? 20;
      const body = await requested(`${url}?page=${page}&size=${size}`, { method: 'GET' });
      const answer = parseHistoryPage(body);
      if (!answer) throw new Error(texts.unreachable);
      render(answer);
      status.textContent = '';
      return answer;
    } catch (error) {
      status.textContent = `${texts.historyFailed} ${(error as Error).message}`;
      return null;
    } finally {
      dialog.removeAttribute('aria-busy');
    }
  }

  async function restoreRevision(revision: RecordRevision, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    const target = `${url}${revision.id}/restore/`;
    try {
      const record = await requested(target, { method: 'POST', headers: csrfHeaders(target, options.csrf) });
      await load(1);
      status.textContent = fillHistoryText(texts.historyRestored, { when: when(revision.at) });
      heading.focus();
      options.onRestored?.(record as Record<string, unknown>);
    } catch (error) {
      button.disabled = false;
      status.textContent = `${texts.historyRestoreFailed} ${(error as Error).message}`;
    }
  }

  newer.addEventListener('click', () => void (shown && load(shown.page - 1)));
  older.addEventListener('click', () => void (shown && load(shown.page + 1)));
  close.addEventListener('click', () => dialog.close());
  // Escape closes a modal dialog by itself ('cancel', then 'close').
  dialog.addEventListener('close', () => {
    dialog.remove();
    const target = options.returnFocus?.() ?? opener;
    if (target?.isConnected) target.focus();
  });
  dialog.showModal();
  heading.focus();
  return { dialog, loaded: load(1), close: () => dialog.close() };
}
