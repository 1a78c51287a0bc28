import type { DataSource } from 'typeorm';

/** The escape character of every LIKE pattern the data tables write. */
export const LIKE_ESCAPE = '!';

/**
 * Lower-cases one code point at a time with Unicode's simple mapping, as PostgreSQL's and MariaDB's
 * `lower()` do: no context (final sigma), and `İ` (whose full lower case is two code points) gives `i`.
 */
export function foldCase(text: string): string {
  let folded = '';
  for (const character of text) {
    folded += String.fromCodePoint(character.toLowerCase().codePointAt(0)!);
  }
  return folded;
}

/** `text` as a LIKE pattern that matches it anywhere, `%`, `_` and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (character) => LIKE_ESCAPE + character)}%`;
}

/** The few SQL expressions that differ between the databases the data tables support. */
export interface SqlDialect {
  /** `expression` lower-cased for all of Unicode. */
  fold(expression: string): string;
  /** `expression` compared by code point, case and accents significant, trailing spaces significant. */
  binary(expression: string): string;
}

const FOLD_FUNCTION = 'widgetlib_fold';
const sqliteConnectionsWithFold = new WeakSet<object>();

interface BetterSqlite3Database {
  function(name: string, options: { deterministic: boolean }, implementation: (value: unknown) => unknown): void;
}

/**
 * SQLite's `lower()` and LIKE fold only ASCII: the data tables register their own folding function
 * on the connection (once per connection).
 */
function registerSqliteFold(dataSource: DataSource): void {
  const database = (dataSource.driver as unknown as { databaseConnection: BetterSqlite3Database }).databaseConnection;
  if (sqliteConnectionsWithFold.has(database)) return;
  database.function(FOLD_FUNCTION, { deterministic: true }, (value) =>
    typeof value === 'string' ? foldCase(value) : value,
  );
  sqliteConnectionsWithFold.add(database);
}

export function sqlDialect(dataSource: DataSource): SqlDialect {
  const type = dataSource.options.type;
  switch (type) {
    case 'postgres':
      return {
        fold: (expression) => `lower(CAST(${expression} AS text))`,
        binary: (expression) => `(${expression}) COLLATE "C"`,
      };
    case 'mysql':
    case 'mariadb': {
      // utf8mb4_bin exists on MySQL and on a MariaDB reached through the mysql driver, but ignores
      // trailing spaces in `=`; MariaDB's utf8mb4_nopad_bin does not.
      const collation = type === 'mariadb' ? 'utf8mb4_nopad_bin' : 'utf8mb4_bin';
      return {
        fold: (expression) => `LOWER(CONVERT(${expression} USING utf8mb4))`,
        binary: (expression) => `CONVERT(${expression} USING utf8mb4) COLLATE ${collation}`,
      };
    }
    case 'better-sqlite3':
      registerSqliteFold(dataSource);
      return {
        fold: (expression) => `${FOLD_FUNCTION}(${expression})`,
        binary: (expression) => `(${expression}) COLLATE BINARY`,
      };
    default:
      throw new Error(
        `widgetlib data tables support postgres, mysql, mariadb and better-sqlite3, not the "${type}" driver`,
      );
  }
}
