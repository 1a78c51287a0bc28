import type { ChangeKind } from './live.options.js';
import type { LiveChangeEvent, LiveNotice, LiveSubscription, NoticeKey } from './live-notice.types.js';
import { formatEventId, type Resumption } from './notice-ring.cache.js';

/** An event of a live stream, as Nest's `@Sse` writes it. */
export interface LiveEvent {
  type: 'ready' | 'change' | 'reload';
  id: string;
  data: LiveChangeEvent | Record<string, never>;
  retry?: number;
}

export interface LiveStreamSettings {
  instance: string;
  /** Milliseconds notices of one table are gathered (0: each is sent at once). */
  interval: number;
  maxKeys: number;
  /** Milliseconds a browser waits before reconnecting (the `retry` of the first event). */
  retry: number;
}

interface Pending {
  kinds: Set<ChangeKind>;
  /** null: more than `maxKeys`, or a change whose keys are not known. */
  keys: Set<NoticeKey> | null;
  /** Whether a related entity's rows changed: their keys are not the table's, and are never told. */
  related: boolean;
}

/** The notices of a merged change as one subscriber may learn them. */
export function changeEvent(subscription: LiveSubscription, pending: Pending): LiveChangeEvent {
  if (!subscription.keys || pending.related) return { table: subscription.table, kind: 'changed' };
  const [only] = pending.kinds;
  const kind = pending.kinds.size === 1 && only ? only : 'changed';
  return { table: subscription.table, kind, ...(pending.keys ? { keys: [...pending.keys] } : {}) };
}

/**
 * One client's stream: the notices of its tables' entities, and bare ones of the entities they read
 * through relations, gathered per table for `interval`
 * milliseconds into one `change` event each, numbered with the last notice seen so that a client
 * reconnecting with `Last-Event-ID` is told what it missed.
 */
export class LiveStream {
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seq: number;

  constructor(
    private readonly subscriptions: readonly LiveSubscription[],
    private readonly settings: LiveStreamSettings,
    private readonly emit: (event: LiveEvent) => void,
    position: number,
  ) {
    this.seq = position;
  }

  /** The first events: the notices missed since the client's last event then `ready`, or `reload`. */
  start(resume: Resumption): void {
    const retry = this.settings.retry;
    if (resume.kind === 'reload') {
      this.emit({ type: 'reload', id: this.id, data: {}, retry });
      return;
    }
    if (resume.kind === 'replay') {
      for (const notice of resume.notices) this.gather(notice);
      this.flush();
    }
    this.emit({ type: 'ready', id: this.id, data: {}, retry });
  }

  notice(notice: LiveNotice): void {
    if (notice.seq <= this.seq) return;
    if (notice.change === null) {
      this.seq = notice.seq;
      this.pending.clear();
      this.stopTimer();
      this.emit({ type: 'reload', id: this.id, data: {} });
      return;
    }
    if (!this.gather(notice)) return;
    if (this.settings.interval === 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.settings.interval);
  }

  close(): void {
    this.stopTimer();
    this.pending.clear();
  }

  private get id(): string {
    return formatEventId(this.settings.instance, this.seq);
  }

  /** Adds `notice` to the pending changes of the tables it concerns; false when it concerns none. */
  private gather(notice: LiveNotice): boolean {
    this.seq = Math.max(this.seq, notice.seq);
    const change = notice.change!;
    let concerned = false;
    for (const subscription of this.subscriptions) {
      const own = subscription.entity === change.entity;
      if (!own && !subscription.related.includes(change.entity)) continue;
      concerned = true;
      const pending = this.pending.get(subscription.table) ?? { kinds: new Set(), keys: new Set(), related: false };
      if (own) {
        pending.kinds.add(change.kind);
        if (pending.keys && change.keys) for (const key of change.keys) pending.keys.add(key);
        if (!change.keys || (pending.keys && pending.keys.size > this.settings.maxKeys)) pending.keys = null;
      } else pending.related = true;
      this.pending.set(subscription.table, pending);
    }
    return concerned;
  }

  private flush(): void {
    this.stopTimer();
    for (const subscription of this.subscriptions) {
      const pending = this.pending.get(subscription.table);
      if (pending) this.emit({ type: 'change', id: this.id, data: changeEvent(subscription, pending) });
    }
    this.pending.clear();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
