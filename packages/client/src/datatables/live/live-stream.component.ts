import { liveStreamUrl, parseLiveChange, reopenDelay, type LiveChange } from './live-notice.parser.js';

/** What a table following the page's stream is told. */
export interface LiveListener {
  change(change: LiveChange): void;
  /** Notices may have been lost (a restart, a reconnection that could not resume): reload once. */
  reload(): void;
}

/**
 * The page's one stream of change notices (an `EventSource` on `stream`), shared by every live
 * table of the page: opened again with every table when one is added, and, when the server refuses
 * it (too many streams, a restart in progress), opened again later, resuming after the last event.
 */
export class LiveStreamConnection {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private source: EventSource | null = null;
  private lastEventId: string | null = null;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly stream: string) {}

  /** Starts telling `listener` the notices of `table`; the function answered stops. */
  follow(table: string, listener: LiveListener): () => void {
    const known = this.listeners.has(table);
    const set = this.listeners.get(table) ?? new Set();
    set.add(listener);
    this.listeners.set(table, set);
    if (!known) this.open();
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(table);
      if (this.listeners.size === 0) this.close();
      else this.open();
    };
  }

  private open(): void {
    this.close();
    const source = new EventSource(liveStreamUrl(this.stream, [...this.listeners.keys()], this.lastEventId));
    this.source = source;
    const remember = (event: MessageEvent) => {
      if (event.lastEventId) this.lastEventId = event.lastEventId;
    };
    source.addEventListener('ready', (event) => {
      this.attempts = 0;
      remember(event);
    });
    source.addEventListener('change', (event) => {
      remember(event);
      const change = parseLiveChange(String(event.data));
      if (change) for (const listener of this.listeners.get(change.table) ?? []) listener.change(change);
    });
    source.addEventListener('reload', (event) => {
      remember(event);
      this.attempts = 0;
      for (const set of this.listeners.values()) for (const listener of set) listener.reload();
    });
    source.addEventListener('error', () => {
      // A dropped stream is reconnected by the browser (sending Last-Event-ID); a refused one is closed.
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      this.source = null;
      this.retry = setTimeout(() => this.open(), reopenDelay(++this.attempts));
    });
  }

  private close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.source?.close();
    this.source = null;
  }
}

const connections = new Map<string, LiveStreamConnection>();

/** The page's stream at `stream`, opened on first use. */
export function liveStreamConnection(stream: string): LiveStreamConnection {
  let connection = connections.get(stream);
  if (!connection) connections.set(stream, (connection = new LiveStreamConnection(stream)));
  return connection;
}
