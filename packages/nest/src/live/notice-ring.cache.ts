import type { LiveNotice } from './live-notice.types.js';

/** The last notices of this instance, for streams that reconnect with the id of the last they received. */
export class NoticeRing {
  private readonly notices: LiveNotice[] = [];
  private latest = 0;

  constructor(private readonly capacity: number) {}

  /** The number of the last notice (0: none yet). */
  get position(): number {
    return this.latest;
  }

  /** Numbers `change` (null: a gap, notices may have been lost) and keeps it. */
  add(change: LiveNotice['change']): LiveNotice {
    const notice = { seq: ++this.latest, change };
    this.notices.push(notice);
    if (this.notices.length > this.capacity) this.notices.shift();
    return notice;
  }

  /** The notices after `seq`, or null when some of them are no longer kept (or `seq` was never given). */
  since(seq: number): LiveNotice[] | null {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > this.latest) return null;
    if (seq === this.latest) return [];
    const first = this.notices[0]?.seq ?? this.latest + 1;
    if (seq < first - 1) return null;
    return this.notices.filter((notice) => notice.seq > seq);
  }
}

/** An event id: the instance that numbered the notice, and its number. */
export function formatEventId(instance: string, seq: number): string {
  return `${instance}-${seq}`;
}

/** How a stream starts: afresh, after the notices it missed, or with a reload (they cannot be told). */
export type Resumption = { kind: 'fresh' } | { kind: 'replay'; notices: LiveNotice[] } | { kind: 'reload' };

/**
 * How a stream that says `lastEventId` (the `Last-Event-ID` header, or the client's own parameter)
 * resumes on `instance`: an id of another instance (a restart, another server) or one older than
 * the kept notices reloads.
 */
export function resumption(lastEventId: string | null, instance: string, ring: NoticeRing): Resumption {
  if (lastEventId === null || lastEventId === '') return { kind: 'fresh' };
  const match = /^([A-Za-z0-9]+)-(\d{1,15})$/.exec(lastEventId);
  if (!match || match[1] !== instance) return { kind: 'reload' };
  const missed = ring.since(Number(match[2]));
  if (missed === null || missed.some((notice) => notice.change === null)) return { kind: 'reload' };
  return { kind: 'replay', notices: missed };
}
