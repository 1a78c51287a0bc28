import type { DatabaseServer } from '../../common/database-server.js';

const TABLE = 'widgetlib_help_usage_counter';
/** The counter's key, in the order of the unique constraint, then the parameters' order. */
const KEY = ['id_view', 'question_name', 'help_id', 'kind', 'day'] as const;

export type HelpUsageCounterKey = Record<(typeof KEY)[number], string | number>;

/**
 * One statement that adds 1 to the counter of `key`, creating it at 1 when it does not exist yet.
 * The database resolves the race of two first events itself (the unique key), so concurrent events
 * are all counted on every server: PostgreSQL and SQLite (3.24 and later) through
 * `ON CONFLICT … DO UPDATE`, MySQL and MariaDB through `ON DUPLICATE KEY UPDATE`.
 */
export function incrementHelpUsageCounter(
  server: DatabaseServer,
  escape: (name: string) => string,
  key: HelpUsageCounterKey,
): { sql: string; parameters: Array<string | number> } {
  const table = escape(TABLE);
  const count = escape('count');
  const columns = [...KEY.map(escape), count].join(', ');
  const placeholders = KEY.map((_, index) => (server === 'postgres' ? `$${index + 1}` : '?')).join(', ');
  const insert = `INSERT INTO ${table} (${columns}) VALUES (${placeholders}, 1)`;
  const sql =
    server === 'mysql' || server === 'mariadb'
      ? `${insert} ON DUPLICATE KEY UPDATE ${count} = ${count} + 1`
      : `${insert} ON CONFLICT (${KEY.map(escape).join(', ')}) DO UPDATE SET ${count} = ${table}.${count} + 1`;
  return { sql, parameters: KEY.map((column) => key[column]) };
}
