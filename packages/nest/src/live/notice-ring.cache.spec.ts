import { formatEventId, NoticeRing, resumption } from './notice-ring.cache.js';

const change = (entity: string) => ({ entity, kind: 'updated' as const, keys: [1] });

describe('NoticeRing', () => {
  it('numbers the notices and answers those after a number while they are kept', () => {
    const ring = new NoticeRing(3);
    for (const entity of ['a', 'b', 'c', 'd']) ring.add(change(entity));
    expect(ring.position).toBe(4);
    expect(ring.since(4)).toEqual([]);
    expect(ring.since(2)!.map((notice) => notice.change!.entity)).toEqual(['c', 'd']);
    expect(ring.since(1)!.map((notice) => notice.seq)).toEqual([2, 3, 4]);
    // Notice 1 is gone: the stream cannot be told what it missed.
    expect(ring.since(0)).toBeNull();
    expect(ring.since(5)).toBeNull();
    expect(ring.since(-1)).toBeNull();
  });
});

describe('resumption', () => {
  const ring = new NoticeRing(10);
  ring.add(change('a'));
  ring.add(change('b'));

  it('starts afresh without an id, replays after an id of this instance', () => {
    expect(resumption(null, 'abc', ring)).toEqual({ kind: 'fresh' });
    expect(resumption(formatEventId('abc', 1), 'abc', ring)).toEqual({
      kind: 'replay',
      notices: [{ seq: 2, change: change('b') }],
    });
  });

  it('reloads for an id of another instance (a restart), a malformed one, or across a gap', () => {
    expect(resumption(formatEventId('other', 1), 'abc', ring)).toEqual({ kind: 'reload' });
    expect(resumption('nonsense', 'abc', ring)).toEqual({ kind: 'reload' });
    const gapped = new NoticeRing(10);
    gapped.add(change('a'));
    gapped.add(null);
    expect(resumption(formatEventId('abc', 1), 'abc', gapped)).toEqual({ kind: 'reload' });
  });
});
