import type { DatabaseDialect, TextAnchor } from './database-dialect.types.js';

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
export function opensAtStart(anchor: TextAnchor): boolean {
  return anchor === 'anywhere' || anchor === 'end';
}

/** Whether a text matched with `anchor` may have more text after it. */
export function opensAtEnd(anchor: TextAnchor): boolean {
  return anchor === 'anywhere' || anchor === 'start';
}

/**
 * The case-insensitive contains that holds whatever the column's collation: both sides folded,
 * compared by code point; `pattern` is a bound {@link containsPattern}.
 */
export function foldedContains(dialect: DatabaseDialect, expression: string, pattern: string): string {
  return `${dialect.binary(dialect.fold(expression))} LIKE ${dialect.fold(pattern)} ESCAPE '${LIKE_ESCAPE}'`;
}
