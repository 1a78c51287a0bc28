import type { Api } from 'datatables.net';
import type { DataTableTexts } from '../../texts/index.js';
import { OWN_WRITE_EVENT } from '../../http/index.js';
import { liveStreamConnection } from './live-stream.component.js';
import type { LiveTableInfo } from './live-notice.parser.js';

/** The class a row changed by someone else carries for {@link LIVE_MARK_MS} after the redraw. */
export const LIVE_CHANGED_CLASS = 'widgetlib-live-changed';
/** Milliseconds notices wait for others before the table reloads once for all of them. */
export const LIVE_DEBOUNCE_MS = 150;
export const LIVE_MARK_MS = 2500;
/**
 * Milliseconds after the page's own write within which a notice is taken as that write's: the page
 * already shows it (the row redrawn from the answer), so the table is left as it is, with the focus
 * in it and the write's own outcome ("Title saved.") told.
 */
export const OWN_WRITE_QUIET_MS = 3000;

const ANNOUNCER_SELECTOR = '.widgetlib-table-announcer';

/**
 * Keeps `api` true to the server: on a notice of its table, reloads the current page (the page,
 * the ordering and the selection kept), marks the rows whose keys the notice names, and tells
 * screen readers through the table's polite announcer. Stops when the table is destroyed.
 */
export function followLiveTable(api: Api, info: LiveTableInfo, texts: () => Readonly<DataTableTexts>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let keys = new Set<string>();
  let ownWriteAt = Number.NEGATIVE_INFINITY;
  const ownWrite = () => {
    ownWriteAt = Date.now();
  };
  document.addEventListener(OWN_WRITE_EVENT, ownWrite);
  /**
   * The rows marked changed, by key, until when (null: from the next draw on); a draw meanwhile
   * (new row elements) marks them again.
   */
  const marked = new Map<string, number | null>();
  const mark = () => {
    const now = Date.now();
    for (const [key, until] of marked) {
      if (until === null) marked.set(key, now + LIVE_MARK_MS);
      else if (until <= now) marked.delete(key);
    }
    if (marked.size === 0) return;
    api.rows({ page: 'current' }).every(function (this: { data(): unknown; node(): Node | null }) {
      const row = this.data() as Record<string, unknown> | null;
      const node = this.node();
      const until = row ? marked.get(String(row[info.key])) : undefined;
      if (!until || !(node instanceof HTMLElement)) return;
      node.classList.add(LIVE_CHANGED_CLASS);
      setTimeout(() => node.classList.remove(LIVE_CHANGED_CLASS), until - now);
    });
  };
  api.on('draw', mark);
  const reload = () => {
    timer = null;
    const own = Date.now() - ownWriteAt < OWN_WRITE_QUIET_MS;
    if (!own) for (const key of keys) marked.set(key, null);
    keys = new Set();
    if (own) return;
    const region = api.table().container().querySelector(ANNOUNCER_SELECTOR);
    const before = region?.textContent ?? '';
    api.one('draw', () => {
      if (!region) return;
      // The announcer has just told what the draw changed (the matches, the page), or nothing.
      const told = region.textContent !== before ? region.textContent : '';
      region.textContent = told ? `${texts().liveUpdated}. ${told}` : texts().liveUpdated;
    });
    api.ajax.reload(undefined, false);
  };
  const schedule = () => {
    timer ??= setTimeout(reload, LIVE_DEBOUNCE_MS);
  };
  const stop = liveStreamConnection(info.stream).follow(info.table, {
    change: (change) => {
      for (const key of change.keys ?? []) keys.add(String(key));
      schedule();
    },
    reload: schedule,
  });
  api.on('destroy', () => {
    stop();
    document.removeEventListener(OWN_WRITE_EVENT, ownWrite);
    if (timer) clearTimeout(timer);
  });
  return stop;
}
