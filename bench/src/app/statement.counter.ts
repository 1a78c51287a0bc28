import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

let statements = 0;
let recorded: RecordedStatement[] | null = null;

/** Statements sent to the database by this process so far (every implementation, every driver). */
export function statementCount(): number {
  return statements;
}

/** Starts keeping the text and parameters of every statement, until `takeRecorded()`. */
export function startRecording(): void {
  recorded = [];
}

export function takeRecorded(): RecordedStatement[] {
  const taken = recorded ?? [];
  recorded = null;
  return taken;
}

/**
 * The round trips that give a PostgreSQL statement of widgetlib's list its statement timeout (its own
 * transaction): counted as the cost of `statementTimeout`, not as statements of the request's work.
 */
const TIMEOUT_TRANSACTION = /^(BEGIN; SET LOCAL statement_timeout = \d+|COMMIT|ROLLBACK)$/;

function note(sql: unknown, params: unknown): void {
  if (typeof sql === 'string' && TIMEOUT_TRANSACTION.test(sql)) return;
  statements += 1;
  if (recorded && typeof sql === 'string') {
    // Kept as JSON answers them: a bigint (better-sqlite3 binds one as an integer) as its number.
    const values = Array.isArray(params)
      ? params.map((value) => (typeof value === 'bigint' ? Number(value) : value))
      : [];
    recorded.push({ sql, params: values });
  }
}

/**
 * Counts every statement that reaches a driver: `pg`'s `Client#query` (used by TypeORM's pool and
 * by the hand-written pool alike) and the execution methods of better-sqlite3's statements.
 */
export function countStatements(): void {
  const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientPrototype.query;
  clientPrototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') note(first, second);
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: unknown; values?: unknown };
      note(config.text, config.values ?? second);
    }
    return query.apply(this, args);
  };
  const probe = new BetterSqlite3(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = statementPrototype[method];
    statementPrototype[method] = function countedExecution(this: { source: string }, ...args: unknown[]) {
      note(this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
      return original.apply(this, args);
    };
  }
}
