import type { DataSource } from 'typeorm';
import { foldAccents } from './accent-fold.writer.js';
import { foldCase } from './case-fold.writer.js';
import type { DatabaseDialect, DialectFamily, TextAnchor } from './database-dialect.types.js';
import { containsPattern, foldedContains, LIKE_ESCAPE, opensAtEnd, opensAtStart } from './like-pattern.writer.js';
import { collationOf } from './collation-language.checks.js';
import { TAILORED_LANGUAGES } from './collation-language.types.js';
import { memoized } from './memoized-transform.writer.js';
import { naturalSortKey } from './natural-sort-key.writer.js';
import { sqliteOrderSnapshots } from './sqlite-order-snapshot.query.js';
import { sqliteRowArrays } from './sqlite-row-arrays.query.js';

/** Whether SQLite's LIKE ignores the case of ASCII letters (PRAGMA case_sensitive_like off). */
const LIKE_FOLDS_CASE = `'a' LIKE 'A'`;

const isAscii = (text: string) => !/[^\u0000-\u007f]/.test(text);

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
  if (!isAscii(folded)) return null;
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
 * PRAGMA case_sensitive_like is off (it asks `'a' LIKE 'A'`): the GLOB decides
 * where LIKE cannot, for texts holding a code point that folds into one of the term's letters.
 */
function asciiContains(
  expression: string,
  text: string,
  anchor: TextAnchor,
  glob: string,
  bind: (value: string) => string,
): string {
  const like = `${expression} LIKE ${bind(containsPattern(foldCase(text), anchor))} ESCAPE '${LIKE_ESCAPE}'`;
  const needsGlob = [
    `NOT ${LIKE_FOLDS_CASE}`,
    ...nonAsciiFoldingInto(text).map((each) => `instr(${expression}, ${bind(each)}) > 0`),
  ];
  return `((${LIKE_FOLDS_CASE} AND ${like}) OR ((${needsGlob.join(' OR ')}) AND ${expression} GLOB ${bind(glob)}))`;
}

/**
 * SQLite's search ignoring accents. A row LIKE matches (it folds ASCII case only, or none while
 * PRAGMA case_sensitive_like is on) holds the folded term in its folded text too: its ASCII letters
 * keep their places through the fold. Any other row is folded by the function only when LIKE could
 * have missed it: LIKE ignores no case (`'a' LIKE 'A'` false) or the text is not all ASCII, where it
 * has fewer characters than bytes (UTF-8 writes every other character in two bytes or more; a text
 * that only looks otherwise, cut by a NUL or in a UTF-16 database, is folded, which matches it too).
 * The rows LIKE refuses are most of them: the ASCII test costs each much less than a GLOB for a
 * character outside ASCII, and most are not folded.
 */
function accentFreeContains(
  expression: string,
  text: string,
  anchor: TextAnchor,
  bind: (value: string) => string,
): string {
  const term = foldAccents(text);
  const pattern = bind(containsPattern(term, anchor));
  const folded = `${SEARCH_FOLD_FUNCTION}(${expression}, :${DEADLINE_PARAMETER}) LIKE ${pattern} ESCAPE '${LIKE_ESCAPE}'`;
  if (!isAscii(term)) return folded;
  const like = `${expression} LIKE ${pattern} ESCAPE '${LIKE_ESCAPE}'`;
  const likeMayMiss = `NOT ${LIKE_FOLDS_CASE} OR length(${expression}) <> octet_length(${expression})`;
  return `(${like} OR ((${likeMayMiss}) AND ${folded}))`;
}

const FOLD_FUNCTION = 'widgetlib_fold';
const SEARCH_FOLD_FUNCTION = 'widgetlib_search_fold';
const SORT_KEY_FUNCTION = 'widgetlib_sort_key';
const connectionsWithFold = new WeakSet<object>();

/**
 * The parameter every statement of a request binds to the moment (milliseconds since the epoch)
 * its work must stop by, 0 for never. SQLite hands the Unicode fold to JavaScript, one call per row,
 * and better-sqlite3 cannot interrupt a statement: the fold refuses to go on past the deadline.
 */
export const DEADLINE_PARAMETER = 'wl_deadline';

/**
 * The deadline (milliseconds since the epoch, 0 for none) as the value of {@link DEADLINE_PARAMETER}:
 * a bigint, which TypeORM binds, where it would write a number into the SQL text on SQLite, and every
 * request's statements would then be texts SQLite has not prepared yet.
 */
export function deadlineValue(deadline: number): bigint {
  return BigInt(deadline);
}

/** Thrown by SQLite's fold function when a statement runs past its request's deadline. */
export class SqliteDeadlineError extends Error {
  constructor() {
    super('the statement ran past its deadline');
    this.name = 'SqliteDeadlineError';
  }
}

interface BetterSqlite3Database {
  prepare(sql: string): unknown;
  function(
    name: string,
    options: { deterministic: boolean; varargs: boolean },
    implementation: (value: unknown, deadline: unknown, language: unknown) => unknown,
  ): void;
}

/**
 * `transform` as an SQL function of a text, the deadline and an argument of `transform`'s own (the
 * sort key's language): other values pass through.
 */
function bounded(
  transform: (text: string, argument?: unknown) => string,
): (value: unknown, deadline: unknown, argument?: unknown) => unknown {
  return (value, deadline, argument) => {
    // A number, or a bigint on a connection that reads integers so (better-sqlite3's safeIntegers).
    const limit = typeof deadline === 'number' || typeof deadline === 'bigint' ? Number(deadline) : 0;
    if (limit > 0 && Date.now() > limit) throw new SqliteDeadlineError();
    return typeof value === 'string' ? transform(value, argument) : value;
  };
}

/** The sort key in the language an SQL text names (written by the dialect, never by a request). */
function sortKey(text: string, language: unknown): string {
  return (SORT_KEYS.get(language) ?? ROOT_SORT_KEY)(text);
}

/**
 * How many texts the folds and the sort keys remember (of at most 64 characters; a sort key is
 * about ten times its text's length): the distinct texts of most searched columns, in a few
 * megabytes for names and titles, at most about 30 MB when every kept text is 64 characters long.
 */
const KEPT_FOLDS = 65_536;
const KEPT_SORT_KEYS = 16_384;
const ROOT_SORT_KEY = memoized((text) => naturalSortKey(text), KEPT_SORT_KEYS);
const SORT_KEYS = new Map<unknown, (text: string) => string>(
  TAILORED_LANGUAGES.map((language) => [language, memoized((text) => naturalSortKey(text, language), KEPT_SORT_KEYS)]),
);
const SEARCH_FOLD = memoized(foldAccents, KEPT_FOLDS);
const FOLD = memoized(foldCase, KEPT_FOLDS);

/**
 * SQLite's `lower()` and LIKE fold only ASCII, and better-sqlite3 cannot register a collation:
 * widgetlib registers its folding, accent-folding and sort-key functions on the connection (once
 * per connection). Each is deterministic, so that an expression index on it can be built (by a
 * connection that registers it too).
 */
function registerFunctions(dataSource: DataSource): void {
  const database = (dataSource.driver as unknown as { databaseConnection: BetterSqlite3Database }).databaseConnection;
  if (connectionsWithFold.has(database)) return;
  requireOctetLength(database);
  // Variadic: better-sqlite3 would take the arity from the JavaScript function's parameters.
  const options = { deterministic: true, varargs: true };
  database.function(FOLD_FUNCTION, options, bounded(FOLD));
  database.function(SEARCH_FOLD_FUNCTION, options, bounded(SEARCH_FOLD));
  database.function(SORT_KEY_FUNCTION, options, bounded(sortKey));
  connectionsWithFold.add(database);
}

/**
 * The search tells ASCII texts by `octet_length()`, which SQLite has since 3.43 (every better-sqlite3
 * of the supported range bundles a later one): refused at start-up on a connection built against an
 * older SQLite rather than failing every search.
 */
function requireOctetLength(database: BetterSqlite3Database): void {
  try {
    database.prepare(`SELECT octet_length('')`);
  } catch {
    throw new Error('widgetlib data tables need SQLite 3.43 or later (octet_length()) under better-sqlite3');
  }
}

const binary = (expression: string) => `(${expression}) COLLATE BINARY`;

/**
 * SQLite through better-sqlite3. It cannot stop a statement (the deadline is a bound parameter of
 * the statements that fold text), has no row locks and serialises writing transactions instead.
 */
export const sqliteDialect: DatabaseDialect = {
  server: 'sqlite',
  fold: (expression) => `${FOLD_FUNCTION}(${expression}, :${DEADLINE_PARAMETER})`,
  binary,
  exact: binary,
  // TypeORM stores dates and date-times as text already.
  temporalText: (expression) => expression,
  // Unary plus takes the column's affinity off: the stored text and the bound text compare as they
  // are, as the column's own comparison does for a value that does not read as a number (no date does).
  temporalPrefilter: (expression) => `+${expression}`,
  // With its statistics (ANALYZE), SQLite weighs each comparison; likelihood() of 1 adds nothing.
  // Around one comparison each: SQLite splits an AND inside likelihood() and drops the hint.
  prefilterComparison: (comparison) => `likelihood(${comparison}, 1.0)`,
  boundInteger: (value) => BigInt(value),
  pageBound: (placeholder) => `CAST(${placeholder} AS REAL)`,
  // A term that folds to ASCII (most of them) is matched inside SQLite, without calling the
  // folding function on every row.
  containsIgnoringCase: (expression, text, anchor, bind) => {
    const glob = asciiContainsGlob(text, anchor);
    return glob === null
      ? foldedContains(sqliteDialect, expression, bind(containsPattern(text, anchor)))
      : asciiContains(expression, text, anchor, glob, bind);
  },
  containsIgnoringAccents: accentFreeContains,
  // One call of the sort-key function per row and per sort (see naturalSortKey); the language is
  // written into the statement, a name of the allowlist, so that each table's text stays one statement.
  natural: (expression, language) => {
    const collation = collationOf(language);
    const tailoring = collation === 'root' ? '' : `, '${collation}'`;
    return `${SORT_KEY_FUNCTION}(${expression}, :${DEADLINE_PARAMETER}${tailoring})`;
  },
  inSubquery: (expression, subquery) => `${expression} IN (${subquery})`,
  // A decimal column holds REAL values here: each is scaled and rounded to a whole number first,
  // so that the sum adds integers.
  exactAggregate: (aggregate, expression, scale) =>
    `CAST(${aggregate}(CAST(ROUND((${expression}) * ${10 ** scale}) AS INTEGER)) AS TEXT)`,
  estimatedCount: () => null,
  statementBound: () => ({ kind: 'parameter' }),
  boundTransactionStatements: () => Promise.resolve(async () => undefined),
  lockForUpdate: (query) => query,
  readCommitted: undefined,
  sharesOneConnection: true,
  placeholder: () => '?',
  rowArrays: sqliteRowArrays,
  orderSnapshots: sqliteOrderSnapshots,
  // SQLite 3.24 and later.
  onConflictIncrement: (table, key, counter) =>
    `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${counter} = ${table}.${counter} + 1`,
};

export const sqliteFamily: DialectFamily = {
  driverTypes: ['better-sqlite3', 'sqljs'],
  dialectOf: (dataSource) => {
    if (dataSource.options.type === 'better-sqlite3') {
      // On each connection the data source opens (again after it is initialised anew).
      registerFunctions(dataSource);
      return Promise.resolve(sqliteDialect);
    }
    // sql.js can hold the library's tables, but cannot call a JavaScript fold: no text search.
    const driver = dataSource.options.type;
    const unsupported = () => {
      throw new Error(`widgetlib data tables support SQLite through better-sqlite3, not the "${driver}" driver`);
    };
    return Promise.resolve({
      ...sqliteDialect,
      fold: unsupported,
      containsIgnoringAccents: unsupported,
      natural: unsupported,
      rowArrays: null,
      orderSnapshots: null,
    });
  },
  textColumnByteCapacity: null,
  isUniqueViolation: (error) => error.code === 'SQLITE_CONSTRAINT_UNIQUE',
  isValueTooLong: () => false,
  isStatementTimeout: (error) => error instanceof SqliteDeadlineError,
  isConnectionLost: () => false,
};
