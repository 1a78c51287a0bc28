import type { DatabaseDialect } from '../../dialect/index.js';

const TABLE = 'widgetlib_help_usage_counter';
/** The counter's key, in the order of the unique constraint, then the parameters' order. */
const KEY = ['id_view', 'question_name', 'help_id', 'kind', 'day'] as const;

export type HelpUsageCounterKey = Record<(typeof KEY)[number], string | number>;

/**
 * One statement that adds 1 to the counter of `key`, creating it at 1 when it does not exist yet.
 * The database resolves the race of two first events itself (the unique key), so concurrent events
 * are all counted on every server (`DatabaseDialect.onConflictIncrement`).
 */
export function incrementHelpUsageCounter(
  dialect: DatabaseDialect,
  escape: (name: string) => string,
  key: HelpUsageCounterKey,
): { sql: string; parameters: Array<string | number> } {
  const table = escape(TABLE);
  const count = escape('count');
  const columns = [...KEY.map(escape), count].join(', ');
  const placeholders = KEY.map((_, index) => dialect.placeholder(index)).join(', ');
  const sql =
    `INSERT INTO ${table} (${columns}) VALUES (${placeholders}, 1) ` +
    dialect.onConflictIncrement(table, KEY.map(escape), count);
  return { sql, parameters: KEY.map((column) => key[column]) };
}
