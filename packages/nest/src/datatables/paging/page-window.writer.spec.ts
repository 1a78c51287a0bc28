import fc from 'fast-check';
import { offsetPagePlan, reversedWindow, samePagePlan } from './page-window.writer.js';

/** The rows of a page read forward: `limit` rows (all when null) from the `offset`th. */
function forwardPage(rows: readonly number[], offset: number, limit: number | null): number[] {
  return rows.slice(offset, limit === null ? undefined : offset + limit);
}

describe('reversedWindow', () => {
  it('reads from the end exactly the rows of the forward page, for any count, offset and limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        (filtered, offset, limit) => {
          const rows = Array.from({ length: filtered }, (_, index) => index);
          const window = reversedWindow(offset, limit, filtered);
          if (window === null) {
            // Read forward: a page up to the middle, or past the end (no row).
            expect(2 * offset <= filtered || offset >= filtered).toBe(true);
            return;
          }
          expect(2 * offset > filtered && offset < filtered).toBe(true);
          expect(window.offset).toBeGreaterThanOrEqual(0);
          expect(window.offset).toBeLessThan(offset);
          const fromTheEnd = [...rows].reverse().slice(window.offset, window.offset + window.limit);
          expect(fromTheEnd.reverse()).toEqual(forwardPage(rows, offset, limit));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the last page of a million rows from the end, a partial one shortened', () => {
    expect(reversedWindow(999_950, 50, 1_000_000)).toEqual({ offset: 0, limit: 50 });
    expect(reversedWindow(999_980, 50, 1_000_010)).toEqual({ offset: 0, limit: 30 });
    expect(reversedWindow(600_000, 50, 1_000_000)).toEqual({ offset: 399_950, limit: 50 });
    expect(reversedWindow(600_000, null, 1_000_000)).toEqual({ offset: 0, limit: 400_000 });
    expect(reversedWindow(500_000, 50, 1_000_000)).toBeNull();
    expect(reversedWindow(1_000_000, 50, 1_000_000)).toBeNull();
  });
});

describe('offsetPagePlan', () => {
  const exact = (value: number) => ({ value, kind: 'exact' });

  it('reads past the middle from the end, nothing past the end, forward otherwise or by a count that is not exact', () => {
    expect(offsetPagePlan(1490, 50, exact(1500))).toEqual({ reversed: true, window: { offset: 0, limit: 10 } });
    expect(offsetPagePlan(100, 50, exact(1500))).toEqual({ reversed: false });
    expect(offsetPagePlan(1500, 50, exact(1500))).toEqual({ empty: true });
    expect(offsetPagePlan(1490, 50, { value: 1500, kind: 'capped' })).toEqual({ reversed: false });
  });

  it('tells plans apart by the rows they read', () => {
    const plan = (filtered: number) => offsetPagePlan(1490, 50, exact(filtered));
    expect(samePagePlan(plan(1500), plan(1500))).toBe(true);
    expect(samePagePlan(plan(1500), plan(1540))).toBe(false);
    expect(samePagePlan(plan(1500), plan(1490))).toBe(false);
    expect(samePagePlan(plan(1490), plan(1400))).toBe(true);
    expect(samePagePlan(plan(2000), plan(2980))).toBe(false);
    expect(samePagePlan(plan(2980), plan(3000))).toBe(true);
  });
});
