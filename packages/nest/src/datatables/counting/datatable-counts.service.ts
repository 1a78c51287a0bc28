import { randomUUID } from 'node:crypto';
import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cache } from 'cache-manager';
import { LRUCache } from 'lru-cache';
import { EntityMetadata, type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { boundedCountCache, type CountCache } from './bounded-count-cache.query.js';
import { countCacheKey, generationKey, recentWriteKey, writtenTables } from './count-cache-key.writer.js';

/** The most counts and write generations the in-memory cache holds. */
export const MAX_COUNTS_IN_MEMORY = 10_000;

/** A counting statement as the cache tells it apart: its SQL, parameters and data source. */
export interface CountedStatement {
  sql: string;
  parameters: unknown;
  source: string;
}

/**
 * How long after a write to a table (by the library, or announced with `invalidate()`) lists and
 * exports reading it read from the primary rather than a replica, which may not have it yet.
 */
export const PRIMARY_READS_AFTER_WRITE_MS = 10_000;

/**
 * The in-memory cache used when the host registers none: a bounded LRU map (least recently used goes
 * first, so a table's write generation, set after its last counts were read, outlives those counts).
 * It is read on every list request, so it is a plain map rather than a Keyv store behind cache-manager.
 */
function memoryCountCache(): CountCache {
  const entries = new LRUCache<string, NonNullable<unknown>>({ max: MAX_COUNTS_IN_MEMORY });
  const read = <T>(key: string) => entries.get(key) as T | undefined;
  return {
    get: <T>(key: string) => Promise.resolve(read<T>(key)),
    mget: <T>(keys: string[]) => Promise.resolve(keys.map((key) => read<T>(key))),
    set: <T>(key: string, value: T, ttl?: number) => {
      entries.set(key, value as NonNullable<unknown>, ttl ? { ttl } : undefined);
      return Promise.resolve(value);
    },
  };
}

/** A count as the cache keeps it. */
export interface CachedCount {
  value: number;
  kind: 'exact' | 'estimated' | 'capped';
  /** The rest of the counting statement's answer: aggregates it computed with the count. */
  rows?: Record<string, unknown>[];
}

/**
 * The cache of list counts (every count of `count: 'cached'`, the totals of `count: 'cached-total'`).
 * It keeps them in the host's cache when the host registers `CacheModule` from `@nestjs/cache-manager`
 * globally (a shared Keyv store such as Redis serves every instance of the app), otherwise in
 * memory. A count is kept under its own statement (SQL and parameters, so different scopes never
 * share one) and the write generation of every table it reads; `invalidate()` starts a new
 * generation for an entity's tables, so no later request reads a count made before it.
 */
@Injectable()
export class DataTableCounts {
  private readonly cache: CountCache;
  private readonly logger = new Logger('DataTableCounts');

  constructor(
    @Optional() @Inject(CACHE_MANAGER) hostCache?: Cache,
    @Optional() @InjectDataSource() private readonly dataSource?: DataSource,
  ) {
    this.cache = hostCache ? boundedCountCache(hostCache) : memoryCountCache();
  }

  /**
   * Forgets every count that reads the entity's table or its many-to-many join tables; call it
   * after writes of your own (the library's `DataTableResource` writes call it themselves).
   */
  async invalidate(entity: EntityTarget<ObjectLiteral> | EntityMetadata, dataSource?: DataSource): Promise<void> {
    const metadata = this.metadataOf(entity, dataSource);
    const generation = randomUUID();
    const tables = writtenTables(metadata);
    const replicated = metadata.connection.driver.isReplicated;
    const marks = tables.flatMap((table) => [
      this.cache.set(generationKey(table), generation),
      ...(replicated ? [this.cache.set(recentWriteKey(table), Date.now(), PRIMARY_READS_AFTER_WRITE_MS)] : []),
    ]);
    await Promise.all(marks).catch((error: unknown) =>
      this.logger.error(`Could not forget the cached counts of ${metadata.name}: ${String(error)}`),
    );
  }

  /**
   * Whether any of `tables` was written in the last {@link PRIMARY_READS_AFTER_WRITE_MS} (only
   * writes to a replicated data source are noted); a cache that cannot be read answers yes.
   */
  async writtenRecently(tables: readonly string[]): Promise<boolean> {
    try {
      const written = await this.cache.mget<number>(tables.map(recentWriteKey));
      return written.some((time) => time !== undefined && time !== null);
    } catch (error) {
      this.logger.warn(`The count cache cannot be read, reading from the primary: ${String(error)}`);
      return true;
    }
  }

  /** The count kept for `statement` reading `tables`, or `compute`'s, kept for `ttl` milliseconds. */
  remember(
    statement: CountedStatement,
    tables: readonly string[],
    ttl: number,
    compute: () => Promise<CachedCount>,
  ): Promise<CachedCount> {
    return this.keep(statement, tables, ttl, compute, true);
  }

  /** The count kept for `statement` reading `tables`, if any; never counts (an unreachable cache keeps none). */
  async kept(statement: CountedStatement, tables: readonly string[]): Promise<CachedCount | null> {
    try {
      const key = countCacheKey(statement, tables, await this.cache.mget<string>(tables.map(generationKey)));
      return (await this.cache.get<CachedCount>(key)) ?? null;
    } catch {
      return null;
    }
  }

  /** `compute`'s count for `statement` reading `tables`, kept for `ttl` milliseconds in place of the one kept. */
  renew(
    statement: CountedStatement,
    tables: readonly string[],
    ttl: number,
    compute: () => Promise<CachedCount>,
  ): Promise<CachedCount> {
    return this.keep(statement, tables, ttl, compute, false);
  }

  private async keep(
    statement: CountedStatement,
    tables: readonly string[],
    ttl: number,
    compute: () => Promise<CachedCount>,
    reuse: boolean,
  ): Promise<CachedCount> {
    let key: string;
    try {
      // The generations are read before counting: a write during the count leaves it under the old ones.
      key = countCacheKey(statement, tables, await this.cache.mget<string>(tables.map(generationKey)));
      const kept = reuse ? await this.cache.get<CachedCount>(key) : undefined;
      if (kept) return kept;
    } catch (error) {
      // A cache that cannot be reached costs a count, never the list.
      this.logger.warn(`The count cache cannot be read, counting instead: ${String(error)}`);
      return compute();
    }
    const count = await compute();
    await this.cache.set(key, count, ttl).catch(() => undefined);
    return count;
  }

  private metadataOf(entity: EntityTarget<ObjectLiteral> | EntityMetadata, dataSource?: DataSource): EntityMetadata {
    if (entity instanceof EntityMetadata) return entity;
    const source = dataSource ?? this.dataSource;
    if (!source) throw new Error('DataTableCounts.invalidate() needs the DataSource of an entity given by its class');
    return source.getMetadata(entity);
  }
}
