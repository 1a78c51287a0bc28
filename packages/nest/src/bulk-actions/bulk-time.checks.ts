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

/** Thrown between two batches when the action has run past its time limit. */
export class BulkTimeLimitError extends Error {
  constructor(readonly milliseconds: number) {
    super(`the bulk action ran past its time limit of ${milliseconds} ms`);
    this.name = 'BulkTimeLimitError';
  }
}

/** Throws {@link BulkTimeLimitError} when `now` is past the time limit of an action that began at `started`. */
export function checkBulkTime(bounds: BulkTimeBounds, started: number, now: number): void {
  if (bounds.timeLimit > 0 && now - started >= bounds.timeLimit) throw new BulkTimeLimitError(bounds.timeLimit);
}

/** What a stopped action did: nothing in `'all'` mode (rolled back), the batches before it in `'per-batch'`. */
export interface BulkStop {
  reason: 'timeLimit' | 'statementTimeout';
  milliseconds: number;
  batchesDone: number;
  rowsDone: number;
}

/** The message of the 503 of a stopped action, naming the bound that stopped it. */
export function bulkStopMessage(stop: BulkStop): string {
  const what =
    stop.reason === 'timeLimit'
      ? `The bulk action ran past its time limit of ${stop.milliseconds} ms (timeLimit; the module's dataTables.bulkTimeLimit) and was stopped`
      : `A statement of the bulk action ran longer than ${stop.milliseconds} ms (statementTimeout; the list's) and was stopped`;
  return stop.batchesDone === 0
    ? `${what}; nothing was changed`
    : `${what}; the ${stop.batchesDone} batches before it (${stop.rowsDone} rows) stay done`;
}
