import type { DataSource } from 'typeorm';
import type { OrderSnapshots } from './database-dialect.types.js';
import { runSqliteStatement, sqliteConnection, sqliteValues } from './sqlite-statement.query.js';

interface SnapshotDatabase {
  readonly inTransaction: boolean;
  prepare(sql: string): {
    run(...parameters: unknown[]): unknown;
    pluck(): { get(): unknown };
  };
}

/** The tables each connection dropped while a transaction was open, to drop again once none is. */
const pendingDrops = new WeakMap<object, Set<string>>();

function connectionOf(dataSource: DataSource): SnapshotDatabase {
  const database = sqliteConnection<SnapshotDatabase>(dataSource);
  if (!database) throw new Error('the SQLite data source has no open connection');
  return database;
}

/**
 * Drops `table` unless a transaction is open: a rollback would bring it back (a table created inside
 * one is dropped by the rollback, one dropped inside one is restored), and nothing would drop it again.
 */
function dropOutsideTransactions(dataSource: DataSource, database: SnapshotDatabase, table: string): boolean {
  if (database.inTransaction) return false;
  const sql = `DROP TABLE IF EXISTS temp.${table}`;
  runSqliteStatement(dataSource, sql, [], () => database.prepare(sql).run());
  return true;
}

function dropPending(dataSource: DataSource, database: SnapshotDatabase): void {
  const pending = pendingDrops.get(database);
  for (const table of pending ?? []) if (dropOutsideTransactions(dataSource, database, table)) pending!.delete(table);
}

/**
 * SQLite's snapshots: `CREATE TEMP TABLE ... AS SELECT` numbers the rows in the SELECT's order (rowid
 * 1, 2, ...), and each range of positions is then a range of the table's integer key. The temporary
 * database lives in a file (better-sqlite3's default), so a snapshot costs the process its pages in
 * the cache, not its rows.
 */
export const sqliteOrderSnapshots: OrderSnapshots = {
  position: 'rowid',
  create: (dataSource, table, select, parameters) => {
    const database = connectionOf(dataSource);
    if (database.inTransaction) return null;
    dropPending(dataSource, database);
    const create = `CREATE TEMP TABLE ${table} AS ${select}`;
    const values = sqliteValues(parameters);
    runSqliteStatement(dataSource, create, values, () => database.prepare(create).run(...values));
    const count = `SELECT COALESCE(MAX(rowid), 0) FROM temp.${table}`;
    return Number(runSqliteStatement(dataSource, count, [], () => database.prepare(count).pluck().get()));
  },
  drop: (dataSource, table) => {
    const database = connectionOf(dataSource);
    dropPending(dataSource, database);
    if (dropOutsideTransactions(dataSource, database, table)) return;
    let pending = pendingDrops.get(database);
    if (!pending) pendingDrops.set(database, (pending = new Set()));
    pending.add(table);
  },
};
