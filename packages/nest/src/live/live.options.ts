/** How live tables work (`WidgetLibModule.forRoot({ live })`); see the README's "Live tables". */
export interface LiveTablesOptions {
  /**
   * A Redis server (`redis://...`) whose pub/sub carries every change notice to every instance of
   * the app (needs the package `@redis/client`). Without it, notices stay in the process.
   */
  redisUrl?: string;
  /** The Redis channel of the notices (default `widgetlib:live`); apps sharing a server use their own. */
  channel?: string;
  /** Most streams one user (by `getUserName`) may hold open (default 5); one more is refused with a 429. */
  maxStreamsPerUser?: number;
  /** Most tables one stream follows (default 20). */
  maxTablesPerStream?: number;
  /** Milliseconds the notices of one table are gathered into one for each stream (default 250). */
  interval?: number;
  /** Notices kept for a stream that reconnects with `Last-Event-ID` (default 500); an older one reloads. */
  replay?: number;
  /** Most keys one notice carries (default 100); a change of more rows is told without its keys. */
  maxKeys?: number;
}

/** What a notice says happened to rows of an entity. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

export const CHANGE_KINDS: readonly ChangeKind[] = ['created', 'updated', 'deleted'];
