import type { DataSource, QueryRunner } from 'typeorm';
import type { DatabaseDialect, DialectFamily, DriverErrorShape, MysqlServer } from './database-dialect.types.js';
import { collationOf } from './collation-language.checks.js';
import type { TailoredLanguage } from './collation-language.types.js';
import { containsPattern, foldedContains, LIKE_ESCAPE } from './like-pattern.writer.js';

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

/**
 * The utf8mb4 collations of the server the search and the ordering use: `search` ignores case and
 * accents (UCA at its first level), `natural` orders by the full collation (base letters, then
 * accents, then case) of the root collation and of each tailored language.
 */
export interface MysqlCollations {
  search: string;
  natural: Readonly<Record<TailoredLanguage | 'root', string>>;
}

/** The candidates of each role, best first: MariaDB 10.10+ (UCA 14), MySQL 8 (UCA 9), then UCA 5.2 and 4.0. */
const SEARCH_COLLATIONS = [
  'utf8mb4_uca1400_ai_ci',
  'utf8mb4_0900_ai_ci',
  'utf8mb4_unicode_520_ci',
  'utf8mb4_unicode_ci',
];
const NATURAL_COLLATIONS = [
  'utf8mb4_uca1400_nopad_as_cs',
  'utf8mb4_0900_as_cs',
  'utf8mb4_unicode_520_nopad_ci',
  'utf8mb4_unicode_520_ci',
  'utf8mb4_unicode_ci',
];
/** A tailored language's own: MariaDB 10.10+ names the language, MySQL 8 its code, older servers UCA 4.0's. */
const LANGUAGE_COLLATIONS: Readonly<Record<TailoredLanguage, string[]>> = {
  es: ['utf8mb4_uca1400_spanish_nopad_as_cs', 'utf8mb4_es_0900_as_cs', 'utf8mb4_spanish_ci'],
  sv: ['utf8mb4_uca1400_swedish_nopad_as_cs', 'utf8mb4_sv_0900_as_cs', 'utf8mb4_swedish_ci'],
};

/** The best collation of each role among those the server `has`; a language without its own orders as root. */
export function mysqlCollationsOf(has: ReadonlySet<string>): MysqlCollations {
  const best = (candidates: string[]) => candidates.find((name) => has.has(name));
  const root = best(NATURAL_COLLATIONS) ?? 'utf8mb4_unicode_ci';
  return {
    search: best(SEARCH_COLLATIONS) ?? 'utf8mb4_unicode_ci',
    natural: {
      root,
      es: best(LANGUAGE_COLLATIONS.es) ?? root,
      sv: best(LANGUAGE_COLLATIONS.sv) ?? root,
    },
  };
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
export function mysqlDialectOf(server: MysqlServer, collations: MysqlCollations): DatabaseDialect {
  const collation = exactCollation(server);
  const binary = (expression: string) => `CONVERT(${expression} USING utf8mb4) COLLATE ${collation}`;
  const search = (expression: string) => `CONVERT(${expression} USING utf8mb4) COLLATE ${collations.search}`;
  const dialect: DatabaseDialect = {
    server,
    fold: (expression) => `LOWER(CONVERT(${expression} USING utf8mb4))`,
    binary,
    exact: binary,
    temporalText: (expression) => `CAST(${expression} AS CHAR)`,
    temporalPrefilter: () => null,
    prefilterComparison: (comparison) => comparison,
    boundInteger: (value) => value,
    pageBound: (placeholder) => placeholder,
    containsIgnoringCase: (expression, text, anchor, bind) =>
      foldedContains(dialect, expression, bind(containsPattern(text, anchor))),
    // LIKE under a UCA collation compares one character at a time by its weights: a letter with
    // accents or another case matches, an expansion (`æ` for `ae`, `ß` for `ss`) does not.
    containsIgnoringAccents: (expression, text, anchor, bind) =>
      `${search(expression)} LIKE ${search(bind(containsPattern(text, anchor)))} ESCAPE '${LIKE_ESCAPE}'`,
    // The collation's weights, compared as bytes: MariaDB 10.11's sort of rows under a UCA 14
    // collation orders some texts by case before accents (seen with ORDER BY ... LIMIT on 33 rows),
    // while its comparisons and WEIGHT_STRING follow the collation.
    natural: (expression, language) =>
      `WEIGHT_STRING(CONVERT(${expression} USING utf8mb4) COLLATE ${collations.natural[collationOf(language)]})`,
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
    rowArrays: null,
    orderSnapshots: null,
    onConflictIncrement: (_table, _key, counter) => `ON DUPLICATE KEY UPDATE ${counter} = ${counter} + 1`,
  };
  return dialect;
}

/** The dialect of each server of the family with its usual collations (MariaDB 10.10+, MySQL 8). */
export const mysqlDialects: Readonly<Record<MysqlServer, DatabaseDialect>> = {
  mysql: mysqlDialectOf('mysql', {
    search: 'utf8mb4_0900_ai_ci',
    natural: { root: 'utf8mb4_0900_as_cs', es: 'utf8mb4_es_0900_as_cs', sv: 'utf8mb4_sv_0900_as_cs' },
  }),
  mariadb: mysqlDialectOf('mariadb', {
    search: 'utf8mb4_uca1400_ai_ci',
    natural: {
      root: 'utf8mb4_uca1400_nopad_as_cs',
      es: 'utf8mb4_uca1400_spanish_nopad_as_cs',
      sv: 'utf8mb4_uca1400_swedish_nopad_as_cs',
    },
  }),
};
const dialects = new WeakMap<DataSource, Promise<DatabaseDialect>>();

async function askServer(asked: DataSource | QueryRunner): Promise<DatabaseDialect> {
  const [row] = (await asked.query('SELECT VERSION() AS version')) as Array<{ version: string }>;
  // MariaDB lists its UCA 14 collations without the character set (`uca1400_ai_ci`).
  const candidates = [
    ...new Set([...SEARCH_COLLATIONS, ...NATURAL_COLLATIONS, ...Object.values(LANGUAGE_COLLATIONS).flat()]),
  ].flatMap((name) => [name, name.replace(/^utf8mb4_/, '')]);
  const found = (await asked.query(
    `SELECT COLLATION_NAME AS name FROM information_schema.COLLATIONS WHERE COLLATION_NAME IN (${candidates.map(() => '?').join(', ')})`,
    candidates,
  )) as Array<{ name: string }>;
  const names = found.map((each) => (each.name.startsWith('utf8mb4_') ? each.name : `utf8mb4_${each.name}`));
  return mysqlDialectOf(mysqlServerOfVersion(row!.version), mysqlCollationsOf(new Set(names)));
}

/**
 * MySQL and MariaDB are told apart by the server's own version, and their collations found in
 * `information_schema`, asked once per data source, never
 * by the driver type: a `mysql://` URL reaches MariaDB through TypeORM's `mysql` driver, and the
 * `mariadb` driver can reach MySQL.
 */
export const mysqlFamily: DialectFamily = {
  driverTypes: ['mysql', 'mariadb'],
  dialectOf: async (dataSource, runner) => {
    let dialect = dialects.get(dataSource);
    if (!dialect) {
      dialect = askServer(runner ?? dataSource);
      dialects.set(dataSource, dialect);
      // A failed question (the server unreachable for a moment) is asked again next time.
      dialect.catch(() => dialects.delete(dataSource));
    }
    return dialect;
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
