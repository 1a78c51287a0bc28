import type { DataSource, EntityManager, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import { yieldToEventLoop } from '../common/event-loop.scheduler.js';
import type { ChangeKind, DataTableChanges } from '../live/internal.js';
import {
  StatementTimeoutError,
  withStatementTimeout,
  type TableQuerySetup,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from '../datatables/internal.js';
import { databaseDialect, type DatabaseDialect, stoppedByTimeout } from '../dialect/index.js';
import { confirmProblem, type BulkConsent } from './bulk-consent.parser.js';
import { BulkConfirmError, BulkStoppedError, BulkTimeLimitError } from './bulk-action.errors.js';
import {
  bulkTimeLimitProblem,
  checkBulkTime,
  DEFAULT_BULK_TIME_LIMIT_MS,
  type BulkTimeBounds,
} from './bulk-time.checks.js';
import { countSelected, nextSelectedKeys, type BulkKey } from './selected-keys.query.js';

/** `'all'`: every batch in one transaction, all or nothing; `'per-batch'`: each batch its own. */
export type BulkTransaction = 'all' | 'per-batch';

export interface BatchOptions {
  /** Rows per batch (default 500). */
  batchSize?: number;
  /** Default `'all'`. */
  transaction?: BulkTransaction;
  /** Milliseconds each statement of the count and the batches may run (default: the list's `statementTimeout`; 0: none). */
  statementTimeout?: number;
  /** Milliseconds the whole action may run, checked between batches (default: the module's `dataTables.bulkTimeLimit`; 0: none). */
  timeLimit?: number;
  /** What the action does to the rows, as live tables are told once it commits (default `'updated'`). */
  change?: Exclude<ChangeKind, 'created'>;
}

/** What a bulk action did. */
export interface BulkReport {
  /** Rows the request selected when the action began. */
  matched: number;
  /** Rows handed to the action. */
  processed: number;
  batches: number;
}

/** The host's work on one batch: the primary keys of its rows, and the manager of its transaction. */
export type BatchAction = (keys: BulkKey[], manager: EntityManager) => Promise<unknown>;

export const DEFAULT_BATCH_SIZE = 500;
/** Past this many rows, a bulk action's notice carries no keys (live tables reload all the same). */
const MAX_NOTICE_KEYS = 1000;

/**
 * The rows of the listed entity that a data-table request selects within the handler's base query:
 * the base's own conditions in brackets, ANDed with the request's search, filters, SearchBuilder
 * criteria and panes' selections. Ordering and paging are not used: the action covers every
 * selected row, batch by batch in primary key order.
 */
export class TableSelection<T extends ObjectLiteral> {
  constructor(
    private readonly setup: TableQuerySetup<T>,
    private readonly consent: BulkConsent,
    private readonly changes: DataTableChanges,
    private readonly bounds: BulkTimeBounds = {
      statementTimeout: DEFAULT_STATEMENT_TIMEOUT_MS,
      timeLimit: DEFAULT_BULK_TIME_LIMIT_MS,
    },
  ) {}

  private get dataSource(): DataSource {
    return this.setup.base.connection;
  }

  /** The base query the selection is made in. */
  get baseQuery(): SelectQueryBuilder<T> {
    return this.setup.base;
  }

  /** How many rows the request selects now. */
  count(): Promise<number> {
    return countSelected(this.setup);
  }

  /**
   * Runs `action` over every selected row, `batchSize` keys at a time, each batch read by keyset
   * after the last key of the one before (in the transaction the batch runs in); then forgets the
   * entity's cached counts. With `confirm` in the request, a {@link BulkConfirmError} (409)
   * before any batch when the number of selected rows differs. In `'all'` mode an error undoes every batch; in `'per-batch'` mode
   * the batches before it stay done. Each statement is bounded by `statementTimeout`, the whole
   * action by `timeLimit` (checked between batches); either stops it with a {@link BulkStoppedError}
   * (503) naming the bound.
   * Between batches other requests are answered, except in `'all'` mode on SQLite: there every
   * request shares the one connection, and would read the open transaction's uncommitted rows and
   * have its own writes undone with it, so they wait until the action ends.
   */
  async forEachBatch(action: BatchAction, options: BatchOptions = {}): Promise<BulkReport> {
    const { batchSize = DEFAULT_BATCH_SIZE, transaction = 'all' } = options;
    const bounds: BulkTimeBounds = {
      statementTimeout: options.statementTimeout ?? this.bounds.statementTimeout,
      timeLimit: options.timeLimit ?? this.bounds.timeLimit,
    };
    const problem = batchOptionsProblem(batchSize, bounds);
    if (problem) throw new Error(`forEachBatch: ${problem}`);
    const started = Date.now();
    const dialect = await databaseDialect(this.dataSource);
    const report: BulkReport = { matched: 0, processed: 0, batches: 0 };
    /** The keys committed (up to one more than a notice carries), for the notice. */
    let committed: BulkKey[] = [];
    let uncommitted: BulkKey[] = [];
    /** When SQLite's fold stops a statement begun now (0: never). */
    const deadline = () => (bounds.statementTimeout > 0 ? Date.now() + bounds.statementTimeout : 0);
    const confirm = (matched: number) => {
      report.matched = matched;
      const problem = confirmProblem(matched, this.consent);
      if (problem) throw new BulkConfirmError(problem);
    };
    const step = async (manager: EntityManager, after: BulkKey | null): Promise<BulkKey | null> => {
      const keys = await nextSelectedKeys(this.setup, manager.queryRunner!, after, batchSize, deadline());
      if (keys.length === 0) return null;
      await action(keys, manager);
      uncommitted = uncommitted.concat(keys.slice(0, Math.max(0, MAX_NOTICE_KEYS + 1 - uncommitted.length)));
      report.batches += 1;
      report.processed += keys.length;
      return keys.length < batchSize ? null : keys.at(-1)!;
    };
    /** Between two batches: past the time limit, stop; else let other requests in (when `yields`). */
    const between = async (yields: boolean) => {
      checkBulkTime(bounds, started, Date.now());
      if (yields) await yieldToEventLoop();
    };
    try {
      if (transaction === 'all') {
        await this.dataSource.transaction((manager) =>
          bounded(manager.queryRunner!, dialect, bounds.statementTimeout, async () => {
            confirm(await countSelected(this.setup, manager.queryRunner!, deadline()));
            let after = await step(manager, null);
            while (after !== null) {
              await between(!dialect.sharesOneConnection);
              after = await step(manager, after);
            }
          }),
        );
        committed = uncommitted;
      } else {
        confirm(
          await withStatementTimeout(this.dataSource, bounds.statementTimeout, (runner) =>
            countSelected(this.setup, runner, deadline()),
          ),
        );
        const batch = async (after: BulkKey | null) => {
          uncommitted = committed;
          const next = await this.dataSource.transaction((manager) =>
            bounded(manager.queryRunner!, dialect, bounds.statementTimeout, () => step(manager, after)),
          );
          committed = uncommitted;
          return next;
        };
        let after = await batch(null);
        while (after !== null) {
          await between(true);
          after = await batch(after);
        }
      }
    } catch (error) {
      throw stopped(error, bounds, transaction === 'all' ? null : report) ?? error;
    } finally {
      if (report.batches > 0) {
        const keys = committed.length <= MAX_NOTICE_KEYS ? committed : null;
        await this.changes.published(this.setup.sql.metadata, keys, options.change ?? 'updated', this.dataSource);
      }
    }
    return report;
  }
}

function batchOptionsProblem(batchSize: number, bounds: BulkTimeBounds): string | null {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
    return `batchSize must be a positive integer, got ${String(batchSize)}`;
  }
  if (!Number.isSafeInteger(bounds.statementTimeout) || bounds.statementTimeout < 0) {
    return `statementTimeout must be a whole number of milliseconds >= 0, got ${String(bounds.statementTimeout)}`;
  }
  const timeProblem = bulkTimeLimitProblem(bounds.timeLimit);
  return timeProblem ? timeProblem.replace('bulkTimeLimit', 'timeLimit') : null;
}

/** Runs `work` with every statement of `runner`'s open transaction bounded to `milliseconds` (0: none). */
async function bounded<R>(
  runner: QueryRunner,
  dialect: DatabaseDialect,
  milliseconds: number,
  work: () => Promise<R>,
): Promise<R> {
  if (milliseconds === 0) return work();
  const lift = await dialect.boundTransactionStatements(runner, milliseconds);
  let result: R;
  try {
    result = await work();
  } catch (error) {
    // A bound that cannot be lifted (the connection lost) must not hide why the work failed.
    await lift().catch(() => undefined);
    throw error;
  }
  await lift();
  return result;
}

/** The error of an action a bound stopped, with what stays done (`done`: null when rolled back), or null. */
function stopped(error: unknown, bounds: BulkTimeBounds, done: BulkReport | null): BulkStoppedError | null {
  const reason =
    error instanceof BulkTimeLimitError
      ? ('timeLimit' as const)
      : error instanceof StatementTimeoutError || stoppedByTimeout(error)
        ? ('statementTimeout' as const)
        : null;
  if (!reason) return null;
  return new BulkStoppedError({
    reason,
    milliseconds: bounds[reason],
    batchesDone: done?.batches ?? 0,
    rowsDone: done?.processed ?? 0,
  });
}
