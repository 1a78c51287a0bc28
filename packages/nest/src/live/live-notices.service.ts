import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DataTableCounts } from '../datatables/internal.js';
import { WIDGETLIB_MODULE_OPTIONS } from '../widgetlib.module-definition.js';
import type { WidgetLibModuleOptions } from '../widgetlib.options.js';
import type { ChangeNotice, LiveNotice } from './live-notice.types.js';
import { resolveLiveOptions, type ResolvedLiveOptions } from './live-options.checks.js';
import { NoticeRing, resumption, type Resumption } from './notice-ring.cache.js';
import { RedisNotices } from './redis-notices.service.js';

type NoticeListener = (notice: LiveNotice) => void;

/**
 * The change notices of this instance: numbered and kept for streams that reconnect, handed to
 * every open stream, and shared with the other instances through Redis when `live.redisUrl` is set.
 * A notice from another instance forgets this instance's cached counts of the entity too.
 */
@Injectable()
export class LiveNotices implements OnModuleInit, OnModuleDestroy {
  /** Names this process in event ids: an id of another process (a restart) cannot be resumed. */
  readonly instance = randomBytes(6).toString('hex');
  readonly options: ResolvedLiveOptions;
  private readonly logger = new Logger('LiveTables');
  private readonly ring: NoticeRing;
  private readonly listeners = new Set<NoticeListener>();
  private redis: RedisNotices | null = null;

  constructor(
    @Inject(WIDGETLIB_MODULE_OPTIONS) moduleOptions: WidgetLibModuleOptions,
    private readonly counts: DataTableCounts,
    @Optional() @InjectDataSource() private readonly dataSource?: DataSource,
  ) {
    this.options = resolveLiveOptions(moduleOptions.live);
    this.ring = new NoticeRing(this.options.replay);
  }

  async onModuleInit(): Promise<void> {
    const { redisUrl, channel } = this.options;
    if (!redisUrl) return;
    this.redis = await RedisNotices.connect(redisUrl, channel, this.instance, {
      received: (change) => this.received(change),
      lost: () => {
        this.logger.warn('The Redis subscription of live tables was lost: open tables reload');
        this.deliver(this.ring.add(null));
      },
    });
  }

  onModuleDestroy(): void {
    this.redis?.close();
    this.listeners.clear();
  }

  /** The number of the last notice. */
  get position(): number {
    return this.ring.position;
  }

  /** Tells this instance's streams, then the others through Redis. */
  async publish(change: ChangeNotice): Promise<void> {
    this.deliver(this.ring.add(change));
    await this.redis?.publish(change);
  }

  /** How a stream reconnecting with `lastEventId` starts. */
  resume(lastEventId: string | null): Resumption {
    return resumption(lastEventId, this.instance, this.ring);
  }

  /** Calls `listener` with every later notice until the function it answers is called. */
  listen(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private received(change: ChangeNotice): void {
    if (this.dataSource?.hasMetadata(change.entity)) {
      void this.counts.invalidate(this.dataSource.getMetadata(change.entity));
    }
    this.deliver(this.ring.add(change));
  }

  private deliver(notice: LiveNotice): void {
    for (const listener of this.listeners) listener(notice);
  }
}
