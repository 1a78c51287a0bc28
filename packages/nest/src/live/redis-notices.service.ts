import { Logger } from '@nestjs/common';
import type { ChangeNotice } from './live-notice.types.js';
import { CHANGE_KINDS } from './live.options.js';

/** What one instance publishes: its change, and which instance it is (to skip its own). */
interface PublishedNotice extends ChangeNotice {
  origin: string;
}

interface RedisClient {
  connect(): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready' | 'end', listener: () => void): unknown;
  destroy(): void;
}

export interface RedisNoticesHandlers {
  /** A change another instance published. */
  received(change: ChangeNotice): void;
  /** The subscription was lost and is back: notices published meanwhile may have been missed. */
  lost(): void;
}

/** A published message read back, or null when it is none of ours. */
export function parsePublishedNotice(message: string): PublishedNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { origin, entity, kind, keys } = value as Record<string, unknown>;
  const validKeys =
    keys === null || (Array.isArray(keys) && keys.every((key) => typeof key === 'string' || typeof key === 'number'));
  if (typeof origin !== 'string' || typeof entity !== 'string' || !validKeys) return null;
  if (!CHANGE_KINDS.includes(kind as never)) return null;
  return { origin, entity, kind: kind as ChangeNotice['kind'], keys: keys as ChangeNotice['keys'] };
}

/**
 * The notices of every instance through Redis pub/sub: one connection publishes, one subscribes.
 * A publication that fails (Redis down) is logged; the other instances then lose the subscription
 * too, and are told (`lost`) once it is back, so that their streams reload.
 */
export class RedisNotices {
  private readonly logger = new Logger('LiveTables');

  private constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: RedisClient,
    private readonly channel: string,
    private readonly origin: string,
  ) {}

  static async connect(
    url: string,
    channel: string,
    origin: string,
    handlers: RedisNoticesHandlers,
  ): Promise<RedisNotices> {
    let createClient: (options: object) => RedisClient;
    try {
      ({ createClient } = (await import('@redis/client')) as unknown as { createClient: typeof createClient });
    } catch {
      throw new Error('WidgetLibModule option live.redisUrl needs the package @redis/client: install it');
    }
    // Offline, a publication fails at once rather than waiting in a queue of unbounded length.
    const options = { url, disableOfflineQueue: true };
    const publisher = createClient(options);
    const subscriber = createClient(options);
    const notices = new RedisNotices(publisher, subscriber, channel, origin);
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) => notices.logger.warn(`Redis: ${error.message}`));
    }
    let connected = false;
    let lost = false;
    subscriber.on('end', () => (lost = connected));
    subscriber.on('error', () => (lost = connected));
    subscriber.on('ready', () => {
      // The client subscribes again by itself once reconnected.
      if (lost) handlers.lost();
      lost = false;
      connected = true;
    });
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, (message) => {
      const notice = parsePublishedNotice(message);
      if (notice && notice.origin !== origin) {
        const { origin: _origin, ...change } = notice;
        handlers.received(change);
      }
    });
    return notices;
  }

  async publish(change: ChangeNotice): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, ...change }));
    } catch (error) {
      this.logger.warn(`A change notice of ${change.entity} could not be published: ${String(error)}`);
    }
  }

  close(): void {
    this.publisher.destroy();
    this.subscriber.destroy();
  }
}
