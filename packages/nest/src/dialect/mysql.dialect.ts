import type { DataSource, QueryRunner } from 'typeorm';
import type { DatabaseDialect, DialectFamily, DriverErrorShape, MysqlServer } from './database-dialect.types.js';
import { containsPattern, foldedContains } from './like-pattern.writer.js';

/** MySQL/MariaDB client and server errors of a lost or refused connection. */
const CONNECTION_LOST_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
]);

/** mysql2 errors that carry no code but mean the connection is gone. */
const CONNECTION_LOST_MESSAGES = [/Can't add new command when connection is in closed state/, /^Pool is closed/];

/** Whether a `SELECT VERSION()` answer is MariaDB's (`10.11.6-MariaDB-0+deb12u1`) rather than MySQL's (`8.4.3`). */
export function mysqlServerOfVersion(version: string): MysqlServer {
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/**
 * The utf8mb4 collation that compares exactly: by code point, case, accents and trailing spaces
 * significant (NO PAD). MariaDB's `utf8mb4_bin` and MySQL's `utf8mb4_bin` ignore trailing spaces;
 * MariaDB has no `utf8mb4_0900_*` collations, MySQL (8.0 and later) no `*_nopad_*` ones.
 */
export function exactCollation(server: MysqlServer): string {
  return server === 'mariadb' ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin';
}

/** Sets a session variable for the transaction under way; answers what sets it back. */
async function sessionSetting(runner: QueryRunner, name: string, value: number): Promise<() => Promise<void>> {
  const [row] = (await runner.query(`SELECT @@SESSION.${name} AS previous`)) as Array<{ previous: unknown }>;
  await runner.query(`SET SESSION ${name} = ${value}`);
  return async () => {
    await runner.query(`SET SESSION ${name} = ${Number(row?.previous ?? 0)}`);
  };
}

/** MySQL or MariaDB: the same SQL but for the exact collation, the row estimate and the statement bound. */
function mysqlDialect(server: MysqlServer): DatabaseDialect {
  const collation = exactCollation(server);
  const binary = (expression: string) => `CONVERT(${expression} USING utf8mb4) COLLATE ${collation}`;
  const dialect: DatabaseDialect = {
    server,
    fold: (expression) => `LOWER(CONVERT(${expression} USING utf8mb4))`,
    binary,
    exact: binary,
    temporalText: (expression) => `CAST(${expression} AS CHAR)`,
    containsIgnoringCase: (expression, text, anchor, bind) =>
      foldedContains(dialect, expression, bind(containsPattern(text, anchor))),
    inSubquery: (expression, subquery) => `${expression} IN (${subquery})`,
    exactAggregate: (aggregate, expression, scale) =>
      `CAST(ROUND(${aggregate}(${expression}) * ${10 ** scale}) AS CHAR)`,
    // MariaDB's TABLE_ROWS is InnoDB's live row estimate (sampled by ANALYZE, then moved by every
    // insert and delete). MySQL 8 answers it from a cache kept for information_schema_stats_expiry
    // (a day by default), which is too stale to page by: MySQL counts.
    estimatedCount: (table, threshold, exactCount) =>
      server === 'mariadb'
        ? `SELECT CASE WHEN TABLE_ROWS >= ${threshold} THEN TABLE_ROWS ELSE (${exactCount}) END AS wl_count, ` +
          `TABLE_ROWS >= ${threshold} AS wl_estimated FROM information_schema.TABLES ` +
          `WHERE TABLE_SCHEMA = COALESCE(${table.schema}, DATABASE()) AND TABLE_NAME = ${table.name}`
        : null,
    // Inside the statement itself, so that no setting outlives it: MariaDB bounds every statement,
    // MySQL's optimizer hint only its SELECTs.
    statementBound: (milliseconds) => ({
      kind: 'rewrite',
      rewrite:
        server === 'mariadb'
          ? (sql) => `SET STATEMENT max_statement_time = ${milliseconds / 1000} FOR ${sql}`
          : (sql) => sql.replace(/^\s*SELECT\b/i, `SELECT /*+ MAX_EXECUTION_TIME(${milliseconds}) */`),
    }),
    // A session setting outlives the transaction on the pooled connection: lifted before it ends.
    boundTransactionStatements: (runner, milliseconds) =>
      server === 'mariadb'
        ? sessionSetting(runner, 'max_statement_time', milliseconds / 1000)
        : sessionSetting(runner, 'max_execution_time', milliseconds),
    // The rows read.
    lockForUpdate: (query) => query.setLock('pessimistic_write'),
    readCommitted: 'READ COMMITTED',
    sharesOneConnection: false,
    placeholder: () => '?',
    onConflictIncrement: (_table, _key, counter) => `ON DUPLICATE KEY UPDATE ${counter} = ${counter} + 1`,
  };
  return dialect;
}

/** The dialect of each server of the family, by the name its version gives. */
export const mysqlDialects: Readonly<Record<MysqlServer, DatabaseDialect>> = {
  mysql: mysqlDialect('mysql'),
  mariadb: mysqlDialect('mariadb'),
};
const servers = new WeakMap<DataSource, Promise<MysqlServer>>();

async function askServer(asked: DataSource | QueryRunner): Promise<MysqlServer> {
  const [row] = (await asked.query('SELECT VERSION() AS version')) as Array<{ version: string }>;
  return mysqlServerOfVersion(row!.version);
}

/**
 * MySQL and MariaDB are told apart by the server's own version, asked once per data source, never
 * by the driver type: a `mysql://` URL reaches MariaDB through TypeORM's `mysql` driver, and the
 * `mariadb` driver can reach MySQL.
 */
export const mysqlFamily: DialectFamily = {
  driverTypes: ['mysql', 'mariadb'],
  dialectOf: async (dataSource, runner) => {
    let server = servers.get(dataSource);
    if (!server) {
      server = askServer(runner ?? dataSource);
      servers.set(dataSource, server);
      // A failed question (the server unreachable for a moment) is asked again next time.
      server.catch(() => servers.delete(dataSource));
    }
    return mysqlDialects[await server];
  },
  textColumnByteCapacity: 65_535,
  isUniqueViolation: (error) => error.code === 'ER_DUP_ENTRY',
  isValueTooLong: (error) => error.code === 'ER_DATA_TOO_LONG',
  // MariaDB 1969 (max_statement_time), MySQL 3024 (max_execution_time).
  isStatementTimeout: (error) => {
    const errno = (error as DriverErrorShape | undefined)?.errno;
    return errno === 1969 || errno === 3024;
  },
  isConnectionLost: (error) => {
    if (typeof error.code === 'string' && CONNECTION_LOST_CODES.has(error.code)) return true;
    // mysql2 marks every error after which the connection cannot be used.
    if (error.fatal === true) return true;
    const message = typeof error.message === 'string' ? error.message : '';
    return CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message));
  },
};
