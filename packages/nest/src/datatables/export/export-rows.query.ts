import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ReadSource, type ResolvedPath, setUpTableQuery } from '../sql/index.js';
import type { TableRequest } from '../model/index.js';
import { walkOrderedRows } from '../paging/index.js';

/** Every row a request matches, counted first, then read chunk by chunk in the list's order. */
export interface RowWalk<T> {
  /** How many rows the request matches (an exact count, made before any row is read). */
  matched: number;
  /** The rows, at most `chunkSize` at a time ({@link walkOrderedRows}); stopping the iteration stops the walk. */
  chunks: AsyncGenerator<T[], void, undefined>;
}

/** The rows the request's search, filters, conditions and pane selections keep, counted as the list counts them. */
async function countMatches<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  statementTimeout: number,
  readSource: ReadSource,
): Promise<number> {
  const { scope, condition, sql, repeatsRows, run } = await setUpTableQuery(
    base,
    request,
    paths,
    statementTimeout,
    readSource,
  );
  const query = scope.clone();
  if (condition) query.andWhere(condition, sql.parameters);
  query.select(repeatsRows ? `COUNT(DISTINCT ${sql.primaryKey})` : 'COUNT(*)', 'wl_count');
  const row = await run(query, (statement) => statement.getRawOne<{ wl_count: number | string }>());
  return Number(row?.wl_count ?? 0);
}

/**
 * Starts the walk of every row of `request` over `base` (its offset, limit and cursor left
 * aside): the count, then chunks in the request's ordering and the primary key
 * ({@link walkOrderedRows}), so that no chunk costs more for being deep and the result is never
 * held whole.
 */
export async function startRowWalk<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  statementTimeout: number,
  chunkSize: number,
  readSource: ReadSource = 'primary',
): Promise<RowWalk<T>> {
  const whole: TableRequest = { ...request, offset: 0, limit: null, keyset: null };
  const matched = await countMatches(base, whole, paths, statementTimeout, readSource);
  return { matched, chunks: walkOrderedRows(base, whole, paths, { chunkSize, statementTimeout, readSource }) };
}
