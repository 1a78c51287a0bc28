import { type DataSource, QueryFailedError } from 'typeorm';

/** The better-sqlite3 connection of `dataSource` (TypeORM's single one), null while it has none. */
export function sqliteConnection<D>(dataSource: DataSource): D | null {
  return (dataSource.driver as unknown as { databaseConnection?: D }).databaseConnection ?? null;
}

/** Parameter values as TypeORM's better-sqlite3 runner binds them: booleans as 0 and 1. */
export function sqliteValues(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
}

/** The failure of `sql` as TypeORM reports one: logged, a `QueryFailedError` carrying the driver's error. */
export function sqliteFailure(
  dataSource: DataSource,
  sql: string,
  values: unknown[],
  error: unknown,
): QueryFailedError {
  dataSource.logger.logQueryError(error as Error, sql, values);
  return new QueryFailedError(sql, values, error as Error);
}

/**
 * Runs `step`, the statement `sql` on the connection, as TypeORM's runner runs one: logged, reported
 * when slower than the data source's `maxQueryExecutionTime`, a failure a {@link sqliteFailure}.
 */
export function runSqliteStatement<R>(dataSource: DataSource, sql: string, values: unknown[], step: () => R): R {
  const { logger } = dataSource;
  logger.logQuery(sql, values);
  const started = Date.now();
  let result: R;
  try {
    result = step();
  } catch (error) {
    throw sqliteFailure(dataSource, sql, values, error);
  }
  const took = Date.now() - started;
  const slow = dataSource.options.maxQueryExecutionTime;
  if (slow && took > slow) logger.logQuerySlow(took, sql, values);
  return result;
}
