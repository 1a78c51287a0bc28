import type { DatabaseDialect, DialectFamily, DriverErrorShape } from './database-dialect.types.js';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.writer.js';
import { cancelPostgresStatement, type PostgresSession } from './postgres-cancel.query.js';

/** PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, too many connections. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres errors that carry no code but mean the connection is gone. */
const CONNECTION_LOST_MESSAGES = [
  // Query builders such as knex put the statement before the driver's message.
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
];

/**
 * PostgreSQL. Under a deterministic collation `=` compares the bytes, and in a UTF-8 database ILIKE
 * folds both sides with lower(), one code point at a time; unlike lower(x) LIKE lower(p), x ILIKE p
 * can use a pg_trgm index on x. Under an OR, `IN (subquery)` can only be a hashed filter, while
 * ARRAY(subquery) runs once and `= ANY` of its result can use an index on the column in a bitmap OR
 * (but is searched linearly where it filters rows); outside an OR, IN becomes a semi-join.
 */
export const postgresDialect: DatabaseDialect = {
  server: 'postgres',
  fold: (expression) => `lower(CAST(${expression} AS text))`,
  binary: (expression) => `(${expression}) COLLATE "C"`,
  exact: (expression) => expression,
  temporalText: (expression) => `CAST(${expression} AS text)`,
  containsIgnoringCase: (expression, text, anchor, bind) =>
    `CAST(${expression} AS text) ILIKE ${bind(containsPattern(text, anchor))} ESCAPE '${LIKE_ESCAPE}'`,
  exactAggregate: (aggregate, expression, scale) =>
    `CAST(ROUND(CAST(${aggregate}(${expression}) AS numeric) * ${10 ** scale}) AS text)`,
  inSubquery: (expression, subquery, branchOfOr) =>
    branchOfOr ? `${expression} = ANY(ARRAY(${subquery}))` : `${expression} IN (${subquery})`,
  // reltuples is -1 until the table is first analysed; the exact count runs only when needed.
  estimatedCount: (table, threshold, exactCount) =>
    `SELECT CASE WHEN reltuples >= ${threshold} THEN CAST(reltuples AS bigint) ELSE (${exactCount}) END AS "wl_count", ` +
    `reltuples >= ${threshold} AS "wl_estimated" FROM pg_catalog.pg_class WHERE oid = CAST(${table.qualifiedName} AS regclass)`,
  // No per-statement form that costs no round trip (a SET LOCAL needs a transaction of its own): the
  // statement is cancelled from outside when its time is up.
  statementBound: () => ({
    kind: 'cancel',
    canceller: async (runner) => {
      const session = (await runner.connect()) as PostgresSession;
      return () => cancelPostgresStatement(session);
    },
  }),
  boundTransactionStatements: async (runner, milliseconds) => {
    await runner.query(`SET LOCAL statement_timeout = ${milliseconds}`);
    return async () => undefined;
  },
  // Only the listed row (`FOR UPDATE OF`), which also allows the base's outer joins.
  lockForUpdate: (query) =>
    query.setLock('pessimistic_write', undefined, [query.connection.driver.escape(query.alias)]),
  readCommitted: 'READ COMMITTED',
  sharesOneConnection: false,
  placeholder: (index) => `$${index + 1}`,
  onConflictIncrement: (table, key, counter) =>
    `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${counter} = ${table}.${counter} + 1`,
};

export const postgresFamily: DialectFamily = {
  driverTypes: ['postgres'],
  dialectOf: () => Promise.resolve(postgresDialect),
  textColumnByteCapacity: null,
  isUniqueViolation: (error) => error.code === '23505',
  isValueTooLong: (error) => error.code === '22001',
  isStatementTimeout: (error) => (error as DriverErrorShape | undefined)?.code === '57014',
  isConnectionLost: (error) => {
    const code = typeof error.code === 'string' ? error.code : '';
    // SQLSTATE class 08: connection exception.
    if (CONNECTION_LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof error.message === 'string' ? error.message : '';
    return CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message));
  },
};
