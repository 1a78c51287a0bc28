import { LRUCache } from 'lru-cache';
import { type DataSource, QueryFailedError } from 'typeorm';
import type { RowArrays } from './database-dialect.types.js';

interface RawStatement {
  readonly reader: boolean;
  raw(on: boolean): RawStatement;
  columns(): { name: string }[];
  all(...parameters: unknown[]): unknown[][];
}

interface RawDatabase {
  prepare(sql: string): RawStatement;
}

/** A statement in raw mode (rows as arrays) and the names of its columns. */
interface PreparedArrays {
  statement: RawStatement;
  columns: readonly string[];
}

/** The most statements kept prepared per connection, as TypeORM's own runner keeps by default. */
const STATEMENTS_KEPT = 100;
const prepared = new WeakMap<object, LRUCache<string, PreparedArrays>>();

function preparedArrays(database: RawDatabase, sql: string): PreparedArrays | null {
  let statements = prepared.get(database);
  if (!statements) prepared.set(database, (statements = new LRUCache({ max: STATEMENTS_KEPT })));
  let kept = statements.get(sql);
  if (!kept) {
    const statement = database.prepare(sql);
    if (!statement.reader) return null;
    kept = { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) };
    statements.set(sql, kept);
  }
  return kept;
}

/**
 * Runs a SELECT of a better-sqlite3 data source on its connection (TypeORM's single one) and answers
 * its rows as arrays: better-sqlite3 builds an object per row property by property, which costs more
 * than the rest of a short list request. As TypeORM's runner does, the statement is logged, booleans
 * are bound as 0/1, and a failure is a `QueryFailedError` carrying the driver's error.
 */
export function sqliteRowArrays(dataSource: DataSource, sql: string, parameters: readonly unknown[]): RowArrays | null {
  const database = (dataSource.driver as unknown as { databaseConnection?: RawDatabase }).databaseConnection;
  if (!database) return null;
  const values = parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  const { logger } = dataSource;
  const failed = (error: unknown) => {
    logger.logQueryError(error as Error, sql, values);
    return new QueryFailedError(sql, values, error as Error);
  };
  let statement: PreparedArrays | null;
  try {
    statement = preparedArrays(database, sql);
  } catch (error) {
    logger.logQuery(sql, values);
    throw failed(error);
  }
  if (!statement) return null;
  logger.logQuery(sql, values);
  const started = Date.now();
  let rows: unknown[][];
  try {
    rows = statement.statement.all(...values);
  } catch (error) {
    throw failed(error);
  }
  const took = Date.now() - started;
  const slow = dataSource.options.maxQueryExecutionTime;
  if (slow && took > slow) logger.logQuerySlow(took, sql, values);
  return { columns: statement.columns, rows };
}
