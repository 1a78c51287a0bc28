import { liveStreamUrl, parseLiveChange, parseLiveInfo, reopenDelay } from './live-notice.parser.js';

describe('live notices', () => {
  it("reads a list answer's live member", () => {
    expect(parseLiveInfo({ table: 'albums', stream: '/api/live/', key: 'code' })).toEqual({
      table: 'albums',
      stream: '/api/live/',
      key: 'code',
    });
    expect(parseLiveInfo({ table: 'albums', stream: '/live/' })).toMatchObject({ key: 'id' });
    for (const other of [
      undefined,
      null,
      {},
      { table: 'a', stream: 'http://elsewhere/' },
      { table: '', stream: '/' },
    ]) {
      expect(parseLiveInfo(other)).toBeNull();
    }
  });

  it("reads a change event's data, keys only when they are keys", () => {
    expect(parseLiveChange('{"table":"albums","kind":"updated","keys":[1,"2"]}')).toEqual({
      table: 'albums',
      kind: 'updated',
      keys: [1, '2'],
    });
    expect(parseLiveChange('{"table":"albums","kind":"changed"}')).toEqual({
      table: 'albums',
      kind: 'changed',
      keys: null,
    });
    expect(parseLiveChange('not json')).toBeNull();
    expect(parseLiveChange('{"kind":"changed"}')).toBeNull();
  });

  it('names the tables of the stream in one order, and the event to resume after', () => {
    expect(liveStreamUrl('/live/', ['b', 'a'], null)).toBe('/live/?tables=a%2Cb');
    expect(liveStreamUrl('/live/', ['a'], 'i1-4')).toBe('/live/?tables=a&last_event_id=i1-4');
  });

  it('waits longer after each refusal, at most a minute', () => {
    expect([1, 2, 3, 10].map(reopenDelay)).toEqual([2000, 4000, 8000, 60_000]);
  });
});
