import { liveStreamUrl, parseLiveChange, reopenDelay, type LiveChange } from './live-notice.parser.js';

/** Milliseconds the stream waits for the page's other live tables before it opens (or opens again). */
export const LIVE_OPEN_DELAY_MS = 300;

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
  private opening: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly stream: string) {}

  /** Starts telling `listener` the notices of `table`; the function answered stops. */
  follow(table: string, listener: LiveListener): () => void {
    const known = this.listeners.has(table);
    const set = this.listeners.get(table) ?? new Set();
    set.add(listener);
    this.listeners.set(table, set);
    if (!known) this.reopen();
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(table);
      if (this.listeners.size === 0) this.close();
      else this.reopen();
    };
  }

  /** Opens the stream for the tables followed now, shortly: the page's tables start one after another. */
  private reopen(): void {
    if (this.opening) clearTimeout(this.opening);
    this.opening = setTimeout(() => {
      this.opening = null;
      this.open();
    }, LIVE_OPEN_DELAY_MS);
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
    if (this.opening) clearTimeout(this.opening);
    this.opening = null;
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
