import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import { PAGE_KEY, type TableQuerySetup } from '../datatables/internal.js';
import { DEADLINE_PARAMETER, deadlineValue } from '../dialect/index.js';

/** A primary key value as the database answers it. */
export type BulkKey = string | number;

const AFTER_PARAMETER = 'wl_bulk_after';

/**
 * The base query's scope (its own conditions in brackets) with the request's conditions ANDed;
 * `deadline` (milliseconds since the epoch, 0: none) is when SQLite's fold stops the statement.
 */
function selected<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  runner: QueryRunner | undefined,
  deadline: number,
): SelectQueryBuilder<T> {
  const query = setup.scope.clone();
  if (runner) query.setQueryRunner(runner);
  if (setup.condition) query.andWhere(setup.condition);
  return query.setParameters({
    ...query.getParameters(),
    ...setup.sql.parameters,
    [DEADLINE_PARAMETER]: deadlineValue(deadline),
  });
}

/** How many rows of the listed entity the request selects (read through `runner` when given). */
export async function countSelected<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  runner?: QueryRunner,
  deadline = 0,
): Promise<number> {
  const { sql, repeatsRows } = setup;
  const row = await selected(setup, runner, deadline)
    .select(repeatsRows ? `COUNT(DISTINCT ${sql.primaryKey})` : 'COUNT(*)', 'wl_count')
    .getRawOne<{ wl_count: string | number }>();
  return Number(row?.wl_count ?? 0);
}

/**
 * The primary keys of the next `size` selected rows after the key `after` (from the first when
 * null), in primary key order: a keyset step, so that a batch costs the same at any depth and a row
 * the previous batches changed or removed is neither read again nor makes another skipped.
 */
export async function nextSelectedKeys<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  runner: QueryRunner,
  after: BulkKey | null,
  size: number,
  deadline = 0,
): Promise<BulkKey[]> {
  const { sql, repeatsRows } = setup;
  const query = selected(setup, runner, deadline).select(sql.primaryKey, PAGE_KEY).distinct(repeatsRows);
  if (after !== null) query.andWhere(`${sql.primaryKey} > :${AFTER_PARAMETER}`, { [AFTER_PARAMETER]: after });
  query.orderBy(sql.escape(PAGE_KEY), 'ASC').limit(size);
  const rows = await query.getRawMany<Record<string, BulkKey>>();
  return rows.map((row) => row[PAGE_KEY]!);
}
