/** Where a live table's notices come from, as its list answers (`live`) or the page says. */
export interface LiveTableInfo {
  /** The table's id on the server (`@DataTable({ id })`). */
  table: string;
  /** The path of the page's stream (`<prefix>/live/`). */
  stream: string;
  /** The field of each row holding its primary key. */
  key: string;
}

/** A `change` event: keys and kind only when the user's table lists the whole entity. */
export interface LiveChange {
  table: string;
  kind: string;
  keys: Array<string | number> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's `live` member, or null when it is none. */
export function parseLiveInfo(value: unknown): LiveTableInfo | null {
  if (!isRecord(value)) return null;
  const { table, stream, key } = value;
  if (typeof table !== 'string' || table === '' || typeof stream !== 'string' || !stream.startsWith('/')) return null;
  return { table, stream, key: typeof key === 'string' && key !== '' ? key : 'id' };
}

/** A `change` event's data, or null when it is not one. */
export function parseLiveChange(data: string): LiveChange | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.table !== 'string' || typeof value.kind !== 'string') return null;
  const keys =
    Array.isArray(value.keys) && value.keys.every((key) => typeof key === 'string' || typeof key === 'number')
      ? (value.keys as Array<string | number>)
      : null;
  return { table: value.table, kind: value.kind, keys };
}

/** The stream's address for `tables`, resuming after `lastEventId` when a stream was open before. */
export function liveStreamUrl(stream: string, tables: readonly string[], lastEventId: string | null): string {
  const params = new URLSearchParams({ tables: [...tables].sort().join(',') });
  if (lastEventId) params.set('last_event_id', lastEventId);
  return `${stream}?${params.toString()}`;
}

/** Milliseconds before the `attempt`-th try (1, 2...) to open a refused stream again: doubling, at most a minute. */
export function reopenDelay(attempt: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.max(0, attempt - 1));
}
