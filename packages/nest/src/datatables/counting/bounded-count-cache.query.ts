import type { Cache } from 'cache-manager';

/** What the counts need of a cache: the host's `cache-manager` cache, or the library's own in memory. */
export type CountCache = Pick<Cache, 'get' | 'mget' | 'set'>;

/**
 * The longest the counts wait for the host's cache. A shared store that is down may queue commands
 * until it is back (Keyv's Redis store does): past this, a read counts as a miss and a write as
 * failed, so that lists and the library's writes go on without it.
 */
export const HOST_CACHE_WAIT_MS = 1_000;

function bounded<T>(call: Promise<T>, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the cache did not answer within ${waitMs} ms`)), waitMs);
    timer.unref();
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

/** `cache` with every call given up after `waitMs`. */
export function boundedCountCache(cache: CountCache, waitMs = HOST_CACHE_WAIT_MS): CountCache {
  return {
    get: <T>(key: string) => bounded(cache.get<T>(key), waitMs),
    mget: <T>(keys: string[]) => bounded(cache.mget<T>(keys), waitMs),
    set: <T>(key: string, value: T, ttl?: number) => bounded(cache.set<T>(key, value, ttl), waitMs),
  };
}
