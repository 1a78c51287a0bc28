import type { Cache } from 'cache-manager';
import { boundedCountCache } from './bounded-count-cache.query.js';

const never = () => new Promise<never>(() => undefined);

describe('boundedCountCache', () => {
  it('gives up on a cache that does not answer (a shared store that is down and queues)', async () => {
    const silent = { get: never, mget: never, set: never } as unknown as Cache;
    const cache = boundedCountCache(silent, 20);
    await expect(cache.get('a')).rejects.toThrow('the cache did not answer within 20 ms');
    await expect(cache.mget(['a', 'b'])).rejects.toThrow('within 20 ms');
    await expect(cache.set('a', 1)).rejects.toThrow('within 20 ms');
  });

  it("passes on a cache's answers and failures as they are", async () => {
    const stored = new Map<string, unknown>([['a', 7]]);
    const answering = {
      get: (key: string) => Promise.resolve(stored.get(key)),
      mget: (keys: string[]) => Promise.resolve(keys.map((key) => stored.get(key))),
      set: (key: string) => (key === 'bad' ? Promise.reject(new Error('refused')) : Promise.resolve(key)),
    } as unknown as Cache;
    const cache = boundedCountCache(answering, 1_000);
    expect(await cache.get('a')).toBe(7);
    expect(await cache.mget(['a', 'b'])).toEqual([7, undefined]);
    await expect(cache.set('bad', 1)).rejects.toThrow('refused');
  });
});
