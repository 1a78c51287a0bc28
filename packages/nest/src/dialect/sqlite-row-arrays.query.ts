import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { RowArrays } from './database-dialect.types.js';
import { runSqliteStatement, sqliteConnection, sqliteFailure, sqliteValues } from './sqlite-statement.query.js';

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
  const database = sqliteConnection<RawDatabase>(dataSource);
  if (!database) return null;
  const values = sqliteValues(parameters);
  let statement: PreparedArrays | null;
  try {
    statement = preparedArrays(database, sql);
  } catch (error) {
    dataSource.logger.logQuery(sql, values);
    throw sqliteFailure(dataSource, sql, values, error);
  }
  if (!statement) return null;
  const { columns } = statement;
  const rows = runSqliteStatement(dataSource, sql, values, () => statement.statement.all(...values));
  return { columns, rows };
}
