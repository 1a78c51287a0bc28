import type { Api } from 'datatables.net';
import type { DataTableTexts } from '../../texts/index.js';
import { OWN_WRITE_EVENT, type OwnWrite } from '../../http/index.js';
import { hasOpenCellEditor } from '../core/index.js';
import { liveStreamConnection } from './live-stream.component.js';
import type { LiveChange, LiveTableInfo } from './live-notice.parser.js';

/** The class a row changed by someone else carries for {@link LIVE_MARK_MS} after the redraw. */
export const LIVE_CHANGED_CLASS = 'widgetlib-live-changed';
/** Milliseconds notices wait for others before the table reloads once for all of them. */
export const LIVE_DEBOUNCE_MS = 150;
export const LIVE_MARK_MS = 2500;
/**
 * Milliseconds after the page's own write within which a notice of the rows it wrote (or, for a
 * notice without keys, any notice) is taken as that write's: the page already shows it (the row
 * redrawn from the answer), so the table is left as it is, with the focus in it and the write's own
 * outcome ("Title saved.") told. A notice naming other rows reloads the table as usual.
 */
export const OWN_WRITE_QUIET_MS = 3000;
/** Milliseconds between looks at a table whose cell editor is open, before it reloads. */
export const LIVE_EDITING_RETRY_MS = 500;

interface NotedWrite {
  at: number;
  keys: ReadonlySet<string> | null;
}

const ANNOUNCER_SELECTOR = '.widgetlib-table-announcer';

/**
 * Keeps `api` true to the server: on a notice of its table, reloads the current page (the page,
 * the ordering and the selection kept), marks the rows whose keys the notice names, and tells
 * screen readers through the table's polite announcer. Stops when the table is destroyed.
 */
export function followLiveTable(api: Api, info: LiveTableInfo, texts: () => Readonly<DataTableTexts>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let keys = new Set<string>();
  let ownWrites: NotedWrite[] = [];
  const ownWrite = (event: Event) => {
    const keys = (event as CustomEvent<OwnWrite | null>).detail?.keys ?? null;
    ownWrites.push({ at: Date.now(), keys: keys ? new Set(keys) : null });
  };
  /** The page's writes of the last {@link OWN_WRITE_QUIET_MS}. */
  const recentOwnWrites = () => {
    const since = Date.now() - OWN_WRITE_QUIET_MS;
    ownWrites = ownWrites.filter((write) => write.at >= since);
    return ownWrites;
  };
  /** The keys of `change` the page did not write lately: none left, the change is the page's own. */
  const othersKeys = (change: LiveChange): string[] | null => {
    const own = recentOwnWrites();
    const keys = (change.keys ?? []).map(String);
    if (own.length === 0) return change.keys ? keys : null;
    if (!change.keys) return [];
    return keys.filter((key) => !own.some((write) => !write.keys || write.keys.has(key)));
  };
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
    // A draw now would take away what the user is typing in a cell: the reload waits for the editor.
    if (hasOpenCellEditor(api.table().node() as HTMLElement)) {
      timer = setTimeout(reload, LIVE_EDITING_RETRY_MS);
      return;
    }
    timer = null;
    for (const key of keys) marked.set(key, null);
    keys = new Set();
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
      const others = othersKeys(change);
      if (others?.length === 0) return;
      for (const key of others ?? []) keys.add(key);
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
