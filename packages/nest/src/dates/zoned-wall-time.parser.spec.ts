import fc from 'fast-check';
import { DateTime, Info } from 'luxon';
import { instantOfWallTime } from './zoned-wall-time.parser.js';

// Zones with hour, half-hour and odd offsets, changes at midnight (Santiago), and a skipped day (Apia).
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Asia/Tehran',
];

const WALL_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond'] as const;

function wallFields(dateTime: DateTime): number[] {
  return WALL_FIELDS.map((field) => dateTime[field]);
}

const WEEK_MS = 7 * 86_400_000;

interface OffsetChange {
  zoneName: string;
  /** The first millisecond of the new offset. */
  at: number;
  /** The offsets before and after, in milliseconds. */
  before: number;
  after: number;
}

/** Every change of `zoneName`'s offset between `from` and `to`, found week by week. */
function offsetChanges(zoneName: string, from: number, to: number): OffsetChange[] {
  const zone = Info.normalizeZone(zoneName);
  const offsetMs = (instant: number) => Math.round(zone.offset(instant) * 60_000);
  const changes: OffsetChange[] = [];
  for (let start = from; start < to; start += WEEK_MS) {
    if (offsetMs(start) === offsetMs(start + WEEK_MS)) continue;
    let [before, after] = [start, start + WEEK_MS];
    while (after - before > 1) {
      const middle = before + Math.floor((after - before) / 2);
      if (offsetMs(middle) === offsetMs(before)) before = middle;
      else after = middle;
    }
    changes.push({ zoneName, at: after, before: offsetMs(before), after: offsetMs(after) });
  }
  return changes;
}

const instants = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('instantOfWallTime', () => {
  it('finds an instant at which the zone shows the wall time, the earliest one, never later than a real one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instants, (zoneName, actual) => {
        const zone = Info.normalizeZone(zoneName);
        const wall = DateTime.fromJSDate(actual, { zone }).setZone('utc', { keepLocalTime: true });
        const found = instantOfWallTime(wall, zone);
        expect(found).not.toBeNull();
        expect(found!.getTime()).toBeLessThanOrEqual(actual.getTime());
        expect(wallFields(DateTime.fromJSDate(found!, { zone }))).toEqual(wallFields(wall));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the earliest instant showing a wall time near an offset change, null when there is none', () => {
    // Around a change at `at` from offset `before` to offset `after`, the wall time w is shown at
    // w - before if that is earlier than `at`, and at w - after if that is not.
    const changes = ZONES.flatMap((zone) => offsetChanges(zone, Date.UTC(1970, 0, 1), Date.UTC(2040, 0, 1)));
    expect(changes.length).toBeGreaterThan(500);
    const nearChanges = fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }));
    const outcomes = { skipped: 0, repeated: 0 };
    fc.assert(
      fc.property(nearChanges, ([{ zoneName, at, before, after }, shift]) => {
        const wallMs = at + after + shift;
        const shown = [wallMs - before, wallMs - after].filter((instant, index) =>
          index === 0 ? instant < at : instant >= at,
        );
        const wall = DateTime.fromMillis(wallMs, { zone: 'utc' });
        const found = instantOfWallTime(wall, Info.normalizeZone(zoneName));
        expect(found?.getTime() ?? null).toBe(shown.length > 0 ? Math.min(...shown) : null);
        if (shown.length === 0) outcomes.skipped += 1;
        if (shown.length === 2) outcomes.repeated += 1;
      }),
      { numRuns: 3000 },
    );
    expect(outcomes.skipped).toBeGreaterThan(100);
    expect(outcomes.repeated).toBeGreaterThan(100);
  });

  it('knows the skipped and the repeated hours of Europe/Berlin in 2024', () => {
    const zone = Info.normalizeZone('Europe/Berlin');
    const wall = (text: string) => DateTime.fromISO(text, { zone: 'utc' });
    expect(instantOfWallTime(wall('2024-03-31T02:00'), zone)).toBeNull();
    expect(instantOfWallTime(wall('2024-03-31T02:59:59.999'), zone)).toBeNull();
    expect(instantOfWallTime(wall('2024-03-31T03:00'), zone)?.toISOString()).toBe('2024-03-31T01:00:00.000Z');
    expect(instantOfWallTime(wall('2024-10-27T02:00'), zone)?.toISOString()).toBe('2024-10-27T00:00:00.000Z');
    expect(instantOfWallTime(wall('2024-10-27T02:59'), zone)?.toISOString()).toBe('2024-10-27T00:59:00.000Z');
  });

  it('knows that Samoa skipped 30 December 2011', () => {
    const zone = Info.normalizeZone('Pacific/Apia');
    expect(instantOfWallTime(DateTime.fromISO('2011-12-30T12:00', { zone: 'utc' }), zone)).toBeNull();
    expect(instantOfWallTime(DateTime.fromISO('2011-12-31T00:00', { zone: 'utc' }), zone)?.toISOString()).toBe(
      '2011-12-30T10:00:00.000Z',
    );
  });
});
