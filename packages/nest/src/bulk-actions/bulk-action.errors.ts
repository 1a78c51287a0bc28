import { WidgetLibError } from '../common/errors/index.js';

/** Thrown between two batches when the action has run past its time limit (made a {@link BulkStoppedError}). */
export class BulkTimeLimitError extends Error {
  constructor(readonly milliseconds: number) {
    super(`the bulk action ran past its time limit of ${milliseconds} ms`);
    this.name = 'BulkTimeLimitError';
  }
}

/** What a stopped action did: nothing in `'all'` mode (rolled back), the batches before it in `'per-batch'`. */
export interface BulkStop {
  reason: 'timeLimit' | 'statementTimeout';
  milliseconds: number;
  batchesDone: number;
  rowsDone: number;
}

/** The message of a stopped action, naming the bound that stopped it. */
export function bulkStopMessage(stop: BulkStop): string {
  const what =
    stop.reason === 'timeLimit'
      ? `The bulk action ran past its time limit of ${stop.milliseconds} ms (timeLimit; the module's dataTables.bulkTimeLimit) and was stopped`
      : `A statement of the bulk action ran longer than ${stop.milliseconds} ms (statementTimeout; the list's) and was stopped`;
  return stop.batchesDone === 0
    ? `${what}; nothing was changed`
    : `${what}; the ${stop.batchesDone} batches before it (${stop.rowsDone} rows) stay done`;
}

/** An action a bound stopped (a 503), with what stays done. */
export class BulkStoppedError extends WidgetLibError {
  constructor(readonly stop: BulkStop) {
    super('unavailable', bulkStopMessage(stop), { batches: stop.batchesDone, processed: stop.rowsDone });
  }
}

/** The number of matching rows is not the one `confirm` names (a 409): the table changed since it was shown. */
export class BulkConfirmError extends WidgetLibError {
  constructor(problem: string) {
    super('conflict', problem);
  }
}
