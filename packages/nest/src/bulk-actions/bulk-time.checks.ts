import { BulkTimeLimitError } from './bulk-action.errors.js';

/** Milliseconds a bulk action may run in all, unless the module (`dataTables.bulkTimeLimit`) or the call says otherwise. */
export const DEFAULT_BULK_TIME_LIMIT_MS = 30_000;

/** The problem of a bulk time limit that is not a whole number of milliseconds >= 0, if any. */
export function bulkTimeLimitProblem(value: number): string | null {
  return Number.isSafeInteger(value) && value >= 0
    ? null
    : `bulkTimeLimit must be a whole number of milliseconds >= 0 (0: none), got ${String(value)}`;
}

/** The bounds of one bulk action, in milliseconds (0: none). */
export interface BulkTimeBounds {
  /** Each statement of the count and of every batch. */
  statementTimeout: number;
  /** The whole action, checked between batches: a batch that has begun ends. */
  timeLimit: number;
}

/** Throws {@link BulkTimeLimitError} when `now` is past the time limit of an action that began at `started`. */
export function checkBulkTime(bounds: BulkTimeBounds, started: number, now: number): void {
  if (bounds.timeLimit > 0 && now - started >= bounds.timeLimit) throw new BulkTimeLimitError(bounds.timeLimit);
}
