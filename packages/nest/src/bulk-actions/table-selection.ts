import { ConflictException } from '@nestjs/common';
import type { DataSource, EntityManager, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { DataTableCounts } from '../datatables/count-cache.service.js';
import type { TableQuerySetup } from '../datatables/table-query.setup.js';
import { confirmProblem, type BulkConsent } from './bulk-consent.parser.js';
import { countSelected, nextSelectedKeys, type BulkKey } from './selected-keys.query.js';

/** `'all'`: every batch in one transaction, all or nothing; `'per-batch'`: each batch its own. */
export type BulkTransaction = 'all' | 'per-batch';

export interface BatchOptions {
  /** Rows per batch (default 500). */
  batchSize?: number;
  /** Default `'all'`. */
  transaction?: BulkTransaction;
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
    private readonly counts: DataTableCounts,
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
   * entity's cached counts. With `confirm` in the request, a 409 before any batch when the number
   * of selected rows differs. In `'all'` mode an error undoes every batch; in `'per-batch'` mode
   * the batches before it stay done.
   */
  async forEachBatch(action: BatchAction, options: BatchOptions = {}): Promise<BulkReport> {
    const { batchSize = DEFAULT_BATCH_SIZE, transaction = 'all' } = options;
    if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
      throw new Error(`forEachBatch: batchSize must be a positive integer, got ${String(batchSize)}`);
    }
    const report: BulkReport = { matched: 0, processed: 0, batches: 0 };
    const begin = async (runner?: QueryRunner) => {
      report.matched = await countSelected(this.setup, runner);
      const problem = confirmProblem(report.matched, this.consent);
      if (problem) throw new ConflictException(problem);
    };
    const step = async (manager: EntityManager, after: BulkKey | null): Promise<BulkKey | null> => {
      const keys = await nextSelectedKeys(this.setup, manager.queryRunner!, after, batchSize);
      if (keys.length === 0) return null;
      await action(keys, manager);
      report.batches += 1;
      report.processed += keys.length;
      return keys.length < batchSize ? null : keys.at(-1)!;
    };
    try {
      if (transaction === 'all') {
        await this.dataSource.transaction(async (manager) => {
          await begin(manager.queryRunner!);
          let after: BulkKey | null = null;
          do after = await step(manager, after);
          while (after !== null);
        });
      } else {
        await begin();
        let after: BulkKey | null = null;
        do after = await this.dataSource.transaction((manager) => step(manager, after));
        while (after !== null);
      }
    } finally {
      if (report.batches > 0) await this.counts.invalidate(this.setup.sql.metadata, this.dataSource);
    }
    return report;
  }
}
