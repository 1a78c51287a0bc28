import type { DataSource, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { CollationLanguage } from './collation-language.types.js';

/** Where a text must be found: anywhere, at the start or at the end of the value, or as the whole value. */
export type TextAnchor = 'anywhere' | 'start' | 'end' | 'whole';

/** The database servers widgetlib writes SQL for. */
export type DatabaseServer = 'postgres' | 'mysql' | 'mariadb' | 'sqlite';

/** MySQL or MariaDB: one protocol, either TypeORM driver type, different collations and features. */
export type MysqlServer = 'mysql' | 'mariadb';

/** The bound parameters naming the table whose row estimate {@link DatabaseDialect.estimatedCount} reads. */
export interface EstimatedTable {
  /** The escaped, schema-qualified name (PostgreSQL's `regclass`). */
  qualifiedName: string;
  /** The schema or database the entity names, or NULL for the connection's own. */
  schema: string;
  /** The bare table name. */
  name: string;
}

/**
 * What cancels the statement a connection runs at the moment (none: nothing happens); settles once
 * the server has taken the request, after which the next statement on the connection cannot meet it.
 */
export type StatementCanceller = () => Promise<void>;

/**
 * How a server bounds one statement, none at the cost of a round trip: inside the statement itself
 * (`rewrite`), so that no setting outlives it; from outside, cancelling it when its time is up
 * (`cancel`: the canceller of the connection `runner` holds, connecting it first); or not at all, the
 * deadline being a bound parameter of the statements that fold text (`parameter`).
 */
export type StatementBound =
  | { kind: 'rewrite'; rewrite: (sql: string) => string }
  | { kind: 'cancel'; canceller: (runner: QueryRunner) => Promise<StatementCanceller> }
  | { kind: 'parameter' };

/** A statement's rows as arrays of values, in the order of its `columns`. */
export interface RowArrays {
  columns: readonly string[];
  rows: unknown[][];
}

/**
 * An ordering written once into a temporary table of the connection: the primary keys a SELECT
 * answers, each at its position (1, 2, ...) in the SELECT's order, which later statements read by
 * position range.
 */
export interface OrderSnapshots {
  /**
   * Runs `sql` (a SELECT of the primary key alone, its `parameters` bound in order) into the new
   * temporary table `table` (escaped), whose column is named as the SELECT names it, on
   * `dataSource`'s connection; answers how many rows it holds,
   * or null, creating nothing, while a transaction is open on the connection (a rollback would take
   * the table away mid-walk). A failure is a `QueryFailedError`, as a statement run through TypeORM.
   */
  create(dataSource: DataSource, table: string, sql: string, parameters: readonly unknown[]): number | null;
  /** The column of `table` holding each row's position. */
  readonly position: string;
  /** Drops `table` (escaped), now or, while a transaction is open, once none is. */
  drop(dataSource: DataSource, table: string): void;
}

/** Everything that differs between the database servers widgetlib supports, for one server. */
export interface DatabaseDialect {
  readonly server: DatabaseServer;
  /** `expression` lower-cased for all of Unicode. */
  fold(expression: string): string;
  /** `expression` compared by code point, case and accents significant, trailing spaces significant. */
  binary(expression: string): string;
  /**
   * `expression` as compared exactly (case, accents and trailing spaces significant) by `=` and
   * `IN`, for a column without a collation of its own.
   */
  exact(expression: string): string;
  /**
   * A date or date-time `expression` as the database's own text of it, which compares with the
   * column as the same value when bound back (drivers would turn it into a JavaScript `Date`,
   * losing microseconds or moving it to another zone).
   */
  temporalText(expression: string): string;
  /**
   * A date or date-time column's `expression` as a cheap first test of its comparisons with bound
   * values, giving the same answers, for statements that walk rows one by one in an order; null
   * where the column's own comparisons cost nothing more. SQLite applies a `date` column's NUMERIC
   * affinity to both sides of every comparison it tests row by row, reading each text as a number
   * first (a page's walk through a million rows of a date range spent most of its time so).
   */
  temporalPrefilter(expression: string): string | null;
  /**
   * One comparison of a temporal prefilter, written so that the planner takes it for a test that
   * keeps every row: it repeats a comparison of the statement, and counted twice it would make a
   * walk in order look twice as long as it is, and a plan by the column's index win where it loses.
   */
  prefilterComparison(comparison: string): string;
  /**
   * An integer as a value to bind: TypeORM writes a number into the text of an SQLite statement
   * rather than binding it, and would make each value a statement of its own.
   */
  boundInteger(value: number): number | bigint;
  /**
   * A page's bound LIMIT or OFFSET (`placeholder`) as its statement reads it. SQLite's planner,
   * told a small LIMIT, counts the sort of a few rows as cheap but not that a walk in order stops
   * after them, and takes a range of an index and a sort thirty times slower than the walk: there
   * it is a REAL, as better-sqlite3 binds every JavaScript number, which the planner does not read.
   */
  pageBound(placeholder: string): string;
  /**
   * Whether `expression` contains `text` (anywhere, or at its start or end) case-insensitively for
   * all of Unicode (as `foldCase` compares), for a column without a collation of its own;
   * `bind` binds a value and answers its placeholder.
   */
  containsIgnoringCase(expression: string, text: string, anchor: TextAnchor, bind: (value: string) => string): string;
  /**
   * Whether `expression` contains `text` (anywhere, or at its start or end) ignoring case and
   * accents ("angstrom" in "Ångström", as `foldAccents` compares, within what the server's own
   * accent folding does), for a column without a collation of its own; `bind` binds a value and
   * answers its placeholder.
   */
  containsIgnoringAccents(
    expression: string,
    text: string,
    anchor: TextAnchor,
    bind: (value: string) => string,
  ): string;
  /**
   * `expression` as text ordered naturally: by the collation of `language` (the root collation of
   * Unicode, or a language's tailoring of it: letters with their base letter, then accents, then
   * case), compared with `<`, `=` and `>` to the same of a bound value. Ties only between texts that
   * the collation cannot tell apart, which the caller orders by {@link binary} after it.
   */
  natural(expression: string, language: CollationLanguage): string;
  /**
   * Whether `expression` is one of the values `subquery` (uncorrelated) selects, in the form the
   * planner does best with, which can depend on whether the test is a branch of an OR.
   */
  inSubquery(expression: string, subquery: string, branchOfOr: boolean): string;
  /**
   * The text of `SUM`, `MIN` or `MAX` of a decimal or integer `expression` times 10^`scale`, as a
   * whole number computed exactly (no floating point on the way); NULL when no row has a value.
   */
  exactAggregate(aggregate: 'SUM' | 'MIN' | 'MAX', expression: string, scale: number): string;
  /**
   * A statement answering `wl_count`: the server's row estimate of `table` when it is at least
   * `threshold` (a bound parameter), otherwise the result of `exactCount`, and `wl_estimated`, whether
   * it answered the estimate; null where the database keeps no usable estimate.
   */
  estimatedCount(table: EstimatedTable, threshold: string, exactCount: string): string | null;
  /** How one statement is stopped after `milliseconds` (> 0). */
  statementBound(milliseconds: number): StatementBound;
  /**
   * Bounds every statement `runner` runs from now on, inside the transaction it has open, to
   * `milliseconds` (> 0); answers what lifts the bound, to run before the transaction ends.
   */
  boundTransactionStatements(runner: QueryRunner, milliseconds: number): Promise<() => Promise<void>>;
  /** `query` locking the rows it reads (or only its main alias's) for the rest of the transaction, where it can. */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T>;
  /**
   * The isolation level under which each statement of a transaction sees what committed before it,
   * or undefined where writing transactions are serialised anyway (and no level can be set).
   */
  readonly readCommitted: 'READ COMMITTED' | undefined;
  /** Whether every request shares one connection, and so sees another's open transaction. */
  readonly sharesOneConnection: boolean;
  /** The placeholder of the parameter at `index` (from 0) of a statement run as written. */
  placeholder(index: number): string;
  /**
   * The clause after an `INSERT INTO table` that, when the row's unique `key` columns exist already,
   * adds 1 to its `counter` instead (all names escaped).
   */
  onConflictIncrement(table: string, key: readonly string[], counter: string): string;
  /**
   * Where the driver builds rows as arrays much faster than as objects: runs the SELECT `sql` (its
   * `parameters` bound in order) on `dataSource`'s connection and answers its rows as arrays (null
   * when it cannot). Null elsewhere: the caller reads the rows through TypeORM.
   */
  readonly rowArrays:
    ((dataSource: DataSource, sql: string, parameters: readonly unknown[]) => RowArrays | null) | null;
  /**
   * Where ordering the matching rows costs a call into JavaScript per row (SQLite's natural sort
   * key), so that a walk reading every row by keyset would order them all again for each chunk:
   * the order of a walk written once, each chunk then read by position. Null where the server
   * orders each chunk itself (indexes, collations).
   */
  readonly orderSnapshots: OrderSnapshots | null;
}

/** What a driver error carries that tells why it failed. */
export interface DriverErrorShape {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
  message?: unknown;
}

/**
 * A family of servers reached through the same TypeORM drivers (one file each): which drivers,
 * how to tell its server, and what its drivers' errors mean (known without a connection).
 */
export interface DialectFamily {
  /** TypeORM's `options.type` of the drivers that reach it. */
  readonly driverTypes: readonly string[];
  /** The dialect of the server behind `dataSource` (asked of the server, through `runner` if given, where the driver cannot tell). */
  dialectOf(dataSource: DataSource, runner?: QueryRunner): Promise<DatabaseDialect>;
  /** Largest number of bytes a `text` column holds, or null for no such limit. */
  readonly textColumnByteCapacity: number | null;
  isUniqueViolation(error: DriverErrorShape): boolean;
  isValueTooLong(error: DriverErrorShape): boolean;
  /** Whether the server (or SQLite's deadline) stopped the statement for running too long. */
  isStatementTimeout(error: unknown): boolean;
  /** Whether the error says the connection is lost or refused (beyond the socket errors every driver reports). */
  isConnectionLost(error: DriverErrorShape): boolean;
}
