import type { DataSource } from 'typeorm';
import { exactCollation, type DatabaseServer } from '../../common/database-server.js';
import { foldCase, type TextAnchor } from '../model/index.js';

export { foldCase };

/**
 * The escape character of every LIKE pattern the data tables write. Not a backslash: inside a MySQL
 * or MariaDB string literal a backslash escapes the quote, so `ESCAPE '\'` works on PostgreSQL and
 * SQLite only, while `ESCAPE '!'` means the same on all of them.
 */
export const LIKE_ESCAPE = '!';

/**
 * `text` as a LIKE pattern that matches it anywhere (or at the start, at the end, or as the whole value), `%`, `_`
 * and the escape character taken literally: bind it in `<expression> LIKE :pattern ESCAPE '!'`
 * ({@link LIKE_ESCAPE}).
 */
export function containsPattern(text: string, anchor: TextAnchor = 'anywhere'): string {
  const literal = text.replace(/[!%_]/g, (character) => LIKE_ESCAPE + character);
  return `${opensAtStart(anchor) ? '%' : ''}${literal}${opensAtEnd(anchor) ? '%' : ''}`;
}

/** Whether a text matched with `anchor` may have more text before it. */
function opensAtStart(anchor: TextAnchor): boolean {
  return anchor === 'anywhere' || anchor === 'end';
}

/** Whether a text matched with `anchor` may have more text after it. */
function opensAtEnd(anchor: TextAnchor): boolean {
  return anchor === 'anywhere' || anchor === 'start';
}

/** The few SQL expressions that differ between the databases the data tables support. */
export interface SqlDialect {
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
   * Whether `expression` contains `text` (anywhere, or at its start or end) case-insensitively for
   * all of Unicode (as {@link foldCase} compares), for a column without a collation of its own;
   * `bind` binds a value and answers its placeholder.
   */
  containsIgnoringCase(expression: string, text: string, anchor: TextAnchor, bind: (value: string) => string): string;
  /**
   * Whether `expression` is one of the values `subquery` (uncorrelated) selects, in the form the
   * planner does best with, which can depend on whether the test is a branch of an OR.
   */
  inSubquery(expression: string, subquery: string, branchOfOr: boolean): string;
  /**
   * A statement answering `wl_count`: the server's row estimate of `table` when it is at least
   * `threshold` (a bound parameter), otherwise the result of `exactCount`, and `wl_estimated`, whether
   * it answered the estimate; null where the database keeps no usable estimate.
   */
  estimatedCount(table: EstimatedTable, threshold: string, exactCount: string): string | null;
}

/** The bound parameters naming the table whose row estimate {@link SqlDialect.estimatedCount} reads. */
export interface EstimatedTable {
  /** The escaped, schema-qualified name (PostgreSQL's `regclass`). */
  qualifiedName: string;
  /** The schema or database the entity names, or NULL for the connection's own. */
  schema: string;
  /** The bare table name. */
  name: string;
}

/**
 * The case-insensitive contains that holds whatever the column's collation: both sides folded,
 * compared by code point; `pattern` is a bound {@link containsPattern}.
 */
export function foldedContains(dialect: SqlDialect, expression: string, pattern: string): string {
  return `${dialect.binary(dialect.fold(expression))} LIKE ${dialect.fold(pattern)} ESCAPE '${LIKE_ESCAPE}'`;
}

/** The code points other than ASCII letters that {@link foldCase} turns into each ASCII letter. */
const FOLDED_TO_ASCII: Readonly<Record<string, string>> = { i: '\u0130', k: '\u212a' };

/**
 * A GLOB pattern (case-sensitive, whatever the connection's settings) matching exactly the texts
 * that contain `text` as {@link foldCase} compares them, or null when the folded text is not all
 * ASCII. Every character whose fold is an ASCII letter is listed in a class: the letter, its upper
 * case, and `İ` or the Kelvin sign, the only other code points folding into ASCII.
 */
export function asciiContainsGlob(text: string, anchor: TextAnchor = 'anywhere'): string | null {
  const folded = foldCase(text);
  if (/[^\u0000-\u007f]/.test(folded)) return null;
  let glob = opensAtStart(anchor) ? '*' : '';
  for (const character of folded) {
    if (character >= 'a' && character <= 'z')
      glob += `[${character}${character.toUpperCase()}${FOLDED_TO_ASCII[character] ?? ''}]`;
    else if (character === '*' || character === '?' || character === '[') glob += `[${character}]`;
    else glob += character;
  }
  return opensAtEnd(anchor) ? `${glob}*` : glob;
}

/**
 * The code points other than ASCII letters in a text that can fold into a letter of `text`'s fold
 * (`İ` for an `i`, the Kelvin sign for a `k`).
 */
function nonAsciiFoldingInto(text: string): string[] {
  return Object.entries(FOLDED_TO_ASCII)
    .filter(([letter]) => foldCase(text).includes(letter))
    .map(([, codePoint]) => codePoint);
}

/**
 * SQLite's case-insensitive contains for a term that folds to ASCII ({@link asciiContainsGlob}).
 * LIKE is much faster than a GLOB of letter classes but folds only ASCII letters, and only while
 * PRAGMA case_sensitive_like is off (it asks `'a' LIKE 'A'`, once per statement): the GLOB decides
 * where LIKE cannot, for texts holding a code point that folds into one of the term's letters.
 */
function sqliteAsciiContains(
  expression: string,
  text: string,
  anchor: TextAnchor,
  glob: string,
  bind: (value: string) => string,
): string {
  const likeFolds = `'a' LIKE 'A'`;
  const like = `${expression} LIKE ${bind(containsPattern(foldCase(text), anchor))} ESCAPE '${LIKE_ESCAPE}'`;
  const needsGlob = [
    `NOT ${likeFolds}`,
    ...nonAsciiFoldingInto(text).map((each) => `instr(${expression}, ${bind(each)}) > 0`),
  ];
  return `((${likeFolds} AND ${like}) OR ((${needsGlob.join(' OR ')}) AND ${expression} GLOB ${bind(glob)}))`;
}

const FOLD_FUNCTION = 'widgetlib_fold';
const sqliteConnectionsWithFold = new WeakSet<object>();

/**
 * The parameter every statement of a request binds to the moment (milliseconds since the epoch)
 * its work must stop by, 0 for never. SQLite hands the Unicode fold to JavaScript, one call per row,
 * and better-sqlite3 cannot interrupt a statement: the fold refuses to go on past the deadline.
 */
export const DEADLINE_PARAMETER = 'wl_deadline';

/** Thrown by SQLite's fold function when a statement runs past its request's deadline. */
export class SqliteDeadlineError extends Error {
  constructor() {
    super('the statement ran past its deadline');
    this.name = 'SqliteDeadlineError';
  }
}

interface BetterSqlite3Database {
  function(
    name: string,
    options: { deterministic: boolean },
    implementation: (value: unknown, deadline: unknown) => unknown,
  ): void;
}

/**
 * SQLite's `lower()` and LIKE fold only ASCII: the data tables register their own folding function
 * on the connection (once per connection).
 */
function registerSqliteFold(dataSource: DataSource): void {
  const database = (dataSource.driver as unknown as { databaseConnection: BetterSqlite3Database }).databaseConnection;
  if (sqliteConnectionsWithFold.has(database)) return;
  database.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown, deadline: unknown) => {
    if (typeof deadline === 'number' && deadline > 0 && Date.now() > deadline) throw new SqliteDeadlineError();
    return typeof value === 'string' ? foldCase(value) : value;
  });
  sqliteConnectionsWithFold.add(database);
}

/** The dialect of `server` (from {@link databaseServer}) behind `dataSource`. */
export function sqlDialect(dataSource: DataSource, server: DatabaseServer): SqlDialect {
  switch (server) {
    case 'postgres': {
      // Under a deterministic collation `=` compares the bytes, and in a UTF-8 database ILIKE folds
      // both sides with lower(), one code point at a time; unlike lower(x) LIKE lower(p), x ILIKE p
      // can use a pg_trgm index on x. Under an OR, `IN (subquery)` can only be a hashed filter, while
      // ARRAY(subquery) runs once and `= ANY` of its result can use an index on the column in a
      // bitmap OR (but is searched linearly where it filters rows); outside an OR, IN becomes a
      // semi-join.
      const dialect: SqlDialect = {
        fold: (expression) => `lower(CAST(${expression} AS text))`,
        binary: (expression) => `(${expression}) COLLATE "C"`,
        exact: (expression) => expression,
        temporalText: (expression) => `CAST(${expression} AS text)`,
        containsIgnoringCase: (expression, text, anchor, bind) =>
          `CAST(${expression} AS text) ILIKE ${bind(containsPattern(text, anchor))} ESCAPE '${LIKE_ESCAPE}'`,
        inSubquery: (expression, subquery, branchOfOr) =>
          branchOfOr ? `${expression} = ANY(ARRAY(${subquery}))` : `${expression} IN (${subquery})`,
        // reltuples is -1 until the table is first analysed; the exact count runs only when needed.
        estimatedCount: (table, threshold, exactCount) =>
          `SELECT CASE WHEN reltuples >= ${threshold} THEN CAST(reltuples AS bigint) ELSE (${exactCount}) END AS "wl_count", ` +
          `reltuples >= ${threshold} AS "wl_estimated" FROM pg_catalog.pg_class WHERE oid = CAST(${table.qualifiedName} AS regclass)`,
      };
      return dialect;
    }
    case 'mysql':
    case 'mariadb': {
      const collation = exactCollation(server);
      const binary = (expression: string) => `CONVERT(${expression} USING utf8mb4) COLLATE ${collation}`;
      const dialect: SqlDialect = {
        fold: (expression) => `LOWER(CONVERT(${expression} USING utf8mb4))`,
        binary,
        exact: binary,
        temporalText: (expression) => `CAST(${expression} AS CHAR)`,
        containsIgnoringCase: (expression, text, anchor, bind) =>
          foldedContains(dialect, expression, bind(containsPattern(text, anchor))),
        inSubquery: (expression, subquery) => `${expression} IN (${subquery})`,
        // MariaDB's TABLE_ROWS is InnoDB's live row estimate (sampled by ANALYZE, then moved by every
        // insert and delete). MySQL 8 answers it from a cache kept for information_schema_stats_expiry
        // (a day by default), which is too stale to page by: MySQL counts.
        estimatedCount: (table, threshold, exactCount) =>
          server === 'mariadb'
            ? `SELECT CASE WHEN TABLE_ROWS >= ${threshold} THEN TABLE_ROWS ELSE (${exactCount}) END AS wl_count, ` +
              `TABLE_ROWS >= ${threshold} AS wl_estimated FROM information_schema.TABLES ` +
              `WHERE TABLE_SCHEMA = COALESCE(${table.schema}, DATABASE()) AND TABLE_NAME = ${table.name}`
            : null,
      };
      return dialect;
    }
    case 'sqlite': {
      if (dataSource.options.type !== 'better-sqlite3') {
        throw new Error(
          `widgetlib data tables support SQLite through better-sqlite3, not the "${dataSource.options.type}" driver`,
        );
      }
      registerSqliteFold(dataSource);
      const binary = (expression: string) => `(${expression}) COLLATE BINARY`;
      const dialect: SqlDialect = {
        fold: (expression) => `${FOLD_FUNCTION}(${expression}, :${DEADLINE_PARAMETER})`,
        binary,
        exact: binary,
        // TypeORM stores dates and date-times as text already.
        temporalText: (expression) => expression,
        // A term that folds to ASCII (most of them) is matched inside SQLite, without calling the
        // folding function on every row.
        containsIgnoringCase: (expression, text, anchor, bind) => {
          const glob = asciiContainsGlob(text, anchor);
          return glob === null
            ? foldedContains(dialect, expression, bind(containsPattern(text, anchor)))
            : sqliteAsciiContains(expression, text, anchor, glob, bind);
        },
        inSubquery: (expression, subquery) => `${expression} IN (${subquery})`,
        estimatedCount: () => null,
      };
      return dialect;
    }
  }
}
