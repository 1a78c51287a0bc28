import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { DatabaseDialect, RowArrays } from '../../dialect/index.js';

/**
 * The rows of `query` as arrays, where the dialect reads them so and TypeORM would do nothing more
 * than run the statement (no query runner of the builder's own, result cache, transaction or query
 * subscriber); null otherwise (read them with `getRawMany()`).
 */
export function readRowArrays(query: SelectQueryBuilder<ObjectLiteral>, dialect: DatabaseDialect): RowArrays | null {
  if (!dialect.rowArrays) return null;
  const { connection, expressionMap } = query;
  if (
    (query as unknown as { queryRunner?: QueryRunner }).queryRunner ||
    connection.queryResultCache ||
    expressionMap.useTransaction ||
    expressionMap.lockMode === 'optimistic' ||
    connection.subscribers.some(
      (subscriber) => typeof subscriber.beforeQuery === 'function' || typeof subscriber.afterQuery === 'function',
    )
  )
    return null;
  const [sql, parameters] = query.getQueryAndParameters();
  return dialect.rowArrays(connection, sql, parameters);
}

/** The first row of `query` (as `getRawOne()` answers it), read as an array where {@link readRowArrays} can. */
export async function readFirstRow<R extends Record<string, unknown>>(
  query: SelectQueryBuilder<ObjectLiteral>,
  dialect: DatabaseDialect,
): Promise<R | undefined> {
  const arrays = readRowArrays(query, dialect);
  if (!arrays) return query.getRawOne<R>();
  const [first] = arrays.rows;
  return first && (Object.fromEntries(arrays.columns.map((column, index) => [column, first[index]])) as R);
}
