import { DEFAULT_LIVE_OPTIONS, resolveLiveOptions } from './live-options.checks.js';
import { parsePublishedNotice } from './redis-notices.service.js';

describe('resolveLiveOptions', () => {
  it('applies the defaults', () => {
    expect(resolveLiveOptions()).toEqual(DEFAULT_LIVE_OPTIONS);
    expect(resolveLiveOptions({ maxStreamsPerUser: 2, redisUrl: 'redis://x:6379' })).toMatchObject({
      maxStreamsPerUser: 2,
      redisUrl: 'redis://x:6379',
      interval: 250,
    });
  });

  it('refuses wrong options, naming each', () => {
    expect(() =>
      resolveLiveOptions({ maxStreamsPerUser: 0, interval: -1, redisUrl: 'http://x', channel: ' ' }),
    ).toThrow(
      'WidgetLibModule: live.maxStreamsPerUser must be a positive integer, got 0; ' +
        'live.interval must be a whole number of milliseconds from 0 to 60000, got -1; ' +
        'live.redisUrl must be a redis:// or rediss:// URL; live.channel must be a non-empty text',
    );
  });
});

describe('parsePublishedNotice', () => {
  it('reads an instance’s notice and nothing else', () => {
    const notice = { origin: 'i1', entity: 'Album', kind: 'created', keys: [1, 'x'] };
    expect(parsePublishedNotice(JSON.stringify(notice))).toEqual(notice);
    expect(parsePublishedNotice(JSON.stringify({ ...notice, keys: null }))).toEqual({ ...notice, keys: null });
    for (const other of [
      'nope',
      '[]',
      JSON.stringify({ ...notice, kind: 'x' }),
      JSON.stringify({ ...notice, keys: [{}] }),
    ]) {
      expect(parsePublishedNotice(other)).toBeNull();
    }
  });
});
