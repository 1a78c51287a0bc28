import { LiveStream, type LiveEvent } from './live-stream.writer.js';

const SUBSCRIPTIONS = [
  { table: 'albums', entity: 'Album', related: ['Genre'], keys: true },
  { table: 'my-albums', entity: 'Album', related: [], keys: false },
  { table: 'artists', entity: 'Artist', related: [], keys: true },
];
const settings = { instance: 'i1', interval: 0, maxKeys: 3, retry: 2000 };

function streamOf(interval = 0): { stream: LiveStream; events: LiveEvent[] } {
  const events: LiveEvent[] = [];
  const stream = new LiveStream(SUBSCRIPTIONS, { ...settings, interval }, (event) => events.push(event), 7);
  return { stream, events };
}

describe('LiveStream', () => {
  it('starts with ready, numbered with the position it started at', () => {
    const { stream, events } = streamOf();
    stream.start({ kind: 'fresh' });
    expect(events).toEqual([{ type: 'ready', id: 'i1-7', data: {}, retry: 2000 }]);
  });

  it('tells keys and kind to an unscoped table, a bare "changed" to a scoped one, nothing to others', () => {
    const { stream, events } = streamOf();
    stream.notice({ seq: 8, change: { entity: 'Album', kind: 'deleted', keys: [4] } });
    expect(events).toEqual([
      { type: 'change', id: 'i1-8', data: { table: 'albums', kind: 'deleted', keys: [4] } },
      { type: 'change', id: 'i1-8', data: { table: 'my-albums', kind: 'changed' } },
    ]);
    stream.notice({ seq: 9, change: { entity: 'Label', kind: 'created', keys: [1] } });
    expect(events).toHaveLength(2);
  });

  it('gathers the notices of an interval into one event per table; mixed kinds are "changed"; too many keys, none', async () => {
    const interval = () => new Promise((resolve) => setTimeout(resolve, 120));
    const { stream, events } = streamOf(100);
    stream.notice({ seq: 8, change: { entity: 'Artist', kind: 'updated', keys: [1, 2] } });
    stream.notice({ seq: 9, change: { entity: 'Artist', kind: 'created', keys: [3] } });
    expect(events).toEqual([]);
    await interval();
    expect(events).toEqual([
      { type: 'change', id: 'i1-9', data: { table: 'artists', kind: 'changed', keys: [1, 2, 3] } },
    ]);
    stream.notice({ seq: 10, change: { entity: 'Artist', kind: 'updated', keys: [1, 2, 3] } });
    stream.notice({ seq: 11, change: { entity: 'Artist', kind: 'updated', keys: [4] } });
    await interval();
    expect(events[1]).toEqual({ type: 'change', id: 'i1-11', data: { table: 'artists', kind: 'updated' } });
    stream.close();
  });

  it('tells a table reading a related entity a bare "changed" for that entity\'s rows, never their keys', async () => {
    const { stream, events } = streamOf();
    stream.notice({ seq: 8, change: { entity: 'Genre', kind: 'deleted', keys: [9] } });
    expect(events).toEqual([{ type: 'change', id: 'i1-8', data: { table: 'albums', kind: 'changed' } }]);
    // Gathered with a change of its own rows, the event is bare all the same.
    const gathered = streamOf(50);
    gathered.stream.notice({ seq: 8, change: { entity: 'Album', kind: 'updated', keys: [1] } });
    gathered.stream.notice({ seq: 9, change: { entity: 'Genre', kind: 'updated', keys: [5] } });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(gathered.events).toEqual([
      { type: 'change', id: 'i1-9', data: { table: 'albums', kind: 'changed' } },
      { type: 'change', id: 'i1-9', data: { table: 'my-albums', kind: 'changed' } },
    ]);
    gathered.stream.close();
  });

  it('replays the notices missed before ready, and reloads on a gap or when it cannot resume', () => {
    const { stream, events } = streamOf();
    stream.start({ kind: 'replay', notices: [{ seq: 8, change: { entity: 'Artist', kind: 'updated', keys: [5] } }] });
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ['change', 'i1-8'],
      ['ready', 'i1-8'],
    ]);
    stream.notice({ seq: 9, change: null });
    expect(events.at(-1)).toEqual({ type: 'reload', id: 'i1-9', data: {} });
    const other = streamOf();
    other.stream.start({ kind: 'reload' });
    expect(other.events).toEqual([{ type: 'reload', id: 'i1-7', data: {}, retry: 2000 }]);
  });
});
