/**
 * The smallest offset at which a list request waits for its filtered count before reading its page,
 * to read it from the end when it lies past the middle. Below it the count and the page run
 * concurrently as for any page: skipping fewer rows costs less than a count's wait.
 */
export const REVERSED_READ_MIN_OFFSET = 1_000;

/** Which rows, counted from the end in the reversed ordering, hold a page. */
export interface ReversedWindow {
  offset: number;
  limit: number;
}

/**
 * The page of `limit` rows (all when null) from the `offset`th of `filtered` ordered rows, counted
 * from the end in the reversed ordering, when it lies past their middle (skipping from the end then
 * skips fewer rows); null when it does not, or when it holds no row (offset past the end). The last
 * page may be partial: its reversed window starts at 0 and holds only the rows that remain.
 */
export function reversedWindow(offset: number, limit: number | null, filtered: number): ReversedWindow | null {
  if (offset >= filtered || 2 * offset <= filtered) return null;
  const end = limit === null ? filtered : Math.min(offset + limit, filtered);
  return { offset: filtered - end, limit: end - offset };
}

/** How to read an offset page once the filtered rows are counted: a window, or no statement (past the end). */
export type OffsetPagePlan = { reversed: false } | { reversed: true; window: ReversedWindow } | { empty: true };

/**
 * The plan of the page of `limit` rows from the `offset`th, given `filtered` rows counted exactly:
 * read from the end past the middle, nothing past the end, forward otherwise. A count that is not
 * exact (estimated, capped) plans a forward read.
 */
export function offsetPagePlan(
  offset: number,
  limit: number | null,
  filtered: { value: number; kind: string },
): OffsetPagePlan {
  if (filtered.kind !== 'exact') return { reversed: false };
  if (offset >= filtered.value) return { empty: true };
  const window = reversedWindow(offset, limit, filtered.value);
  return window ? { reversed: true, window } : { reversed: false };
}

/** Whether two plans read the same rows. */
export function samePagePlan(a: OffsetPagePlan, b: OffsetPagePlan): boolean {
  if ('empty' in a || 'empty' in b) return 'empty' in a && 'empty' in b;
  if (!a.reversed || !b.reversed) return a.reversed === b.reversed;
  return a.window.offset === b.window.offset && a.window.limit === b.window.limit;
}
