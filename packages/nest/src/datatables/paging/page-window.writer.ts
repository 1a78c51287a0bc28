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
