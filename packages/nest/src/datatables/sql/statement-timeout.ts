import { QueryFailedError, type DataSource, type QueryRunner } from 'typeorm';
import { databaseServer, type DatabaseServer } from '../../common/database-server.js';
import { SqliteDeadlineError } from './sql-dialect.js';

/** A statement of a list request that the database stopped because it ran past the statement timeout. */
export class StatementTimeoutError extends Error {
  constructor(readonly milliseconds: number) {
    super(`a statement ran longer than ${milliseconds} ms and was stopped`);
    this.name = 'StatementTimeoutError';
  }
}

/**
 * How each server bounds one statement. MariaDB and MySQL inside the statement itself (MariaDB's
 * `SET STATEMENT max_statement_time = s FOR`, MySQL's `MAX_EXECUTION_TIME` optimizer hint), so no
 * setting outlives it; PostgreSQL has no per-statement form, so a transaction of its own whose
 * `SET LOCAL statement_timeout` ends with it, set in the round trip that begins it. SQLite has no such
 * setting: its deadline is a bound parameter ({@link DEADLINE_PARAMETER}).
 */
type StatementBound =
  | { kind: 'rewrite'; rewrite: (sql: string) => string }
  | { kind: 'transaction'; begin: string }
  | { kind: 'parameter' };

function statementBound(server: DatabaseServer, milliseconds: number): StatementBound {
  switch (server) {
    case 'postgres':
      return { kind: 'transaction', begin: `BEGIN; SET LOCAL statement_timeout = ${milliseconds}` };
    case 'mariadb':
      return {
        kind: 'rewrite',
        rewrite: (sql) => `SET STATEMENT max_statement_time = ${milliseconds / 1000} FOR ${sql}`,
      };
    case 'mysql':
      return {
        kind: 'rewrite',
        rewrite: (sql) => sql.replace(/^\s*SELECT\b/i, `SELECT /*+ MAX_EXECUTION_TIME(${milliseconds}) */`),
      };
    case 'sqlite':
      return { kind: 'parameter' };
  }
}

/** `runner` with every statement it is given rewritten first. */
function rewritingRunner(runner: QueryRunner, rewrite: (sql: string) => string): QueryRunner {
  return new Proxy(runner, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, ...rest: unknown[]) =>
          (target.query as (...args: unknown[]) => Promise<unknown>)(rewrite(sql), ...rest);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Whether a failed statement was stopped by the timeout (PostgreSQL 57014, MariaDB 1969, MySQL 3024). */
export function stoppedByTimeout(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; errno?: unknown } | undefined;
  return (
    driverError instanceof SqliteDeadlineError ||
    driverError?.code === '57014' ||
    driverError?.errno === 1969 ||
    driverError?.errno === 3024
  );
}

/**
 * Bounds every statement `runner` runs from now on, inside the transaction it has open, to
 * `milliseconds` (> 0); answers what lifts the bound, to run before the transaction ends, since a
 * session setting would outlive it on the pooled connection. PostgreSQL's `SET LOCAL` ends with the
 * transaction by itself; MariaDB bounds every statement, MySQL only its SELECTs; SQLite cannot stop a
 * statement (its deadline is a bound parameter of the statements that fold text).
 */
export async function boundTransactionStatements(
  runner: QueryRunner,
  server: DatabaseServer,
  milliseconds: number,
): Promise<() => Promise<void>> {
  const sessionSetting = async (name: string, value: number) => {
    const [row] = (await runner.query(`SELECT @@SESSION.${name} AS previous`)) as Array<{ previous: unknown }>;
    await runner.query(`SET SESSION ${name} = ${value}`);
    return async () => {
      await runner.query(`SET SESSION ${name} = ${Number(row?.previous ?? 0)}`);
    };
  };
  switch (server) {
    case 'postgres':
      await runner.query(`SET LOCAL statement_timeout = ${milliseconds}`);
      return async () => undefined;
    case 'mariadb':
      return sessionSetting('max_statement_time', milliseconds / 1000);
    case 'mysql':
      return sessionSetting('max_execution_time', milliseconds);
    case 'sqlite':
      return async () => undefined;
  }
}

/**
 * Runs `work` (one statement) so that the database stops it after `milliseconds` (0: no limit),
 * on a query runner of its own that goes back to the pool as it came; a statement stopped that way
 * rejects with {@link StatementTimeoutError}.
 */
export async function withStatementTimeout<R>(
  dataSource: DataSource,
  milliseconds: number,
  work: (runner: QueryRunner | undefined) => Promise<R>,
): Promise<R> {
  const bound =
    milliseconds > 0 ? statementBound(await databaseServer(dataSource), milliseconds) : { kind: 'parameter' as const };
  if (bound.kind === 'parameter') return translated(milliseconds, () => work(undefined));
  const runner = dataSource.createQueryRunner();
  try {
    if (bound.kind === 'rewrite')
      return await translated(milliseconds, () => work(rewritingRunner(runner, bound.rewrite)));
    await runner.query(bound.begin);
    let result: R;
    try {
      result = await translated(milliseconds, () => work(runner));
    } catch (error) {
      // A rollback that fails too (the connection lost) must not hide why the statement failed.
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await runner.query('COMMIT');
    return result;
  } finally {
    await runner.release();
  }
}

async function translated<R>(milliseconds: number, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    throw stoppedByTimeout(error) ? new StatementTimeoutError(milliseconds) : error;
  }
}
