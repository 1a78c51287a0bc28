import 'reflect-metadata';
import { DataSource, type DataSourceOptions, type QueryRunner } from 'typeorm';
import {
  createTestDatabase,
  describeEachDatabase,
  isMysqlFamily,
  type DatabaseKind,
  type TestDatabase,
} from '@widgetlib/test-support/test-databases.js';
import { DEADLINE_PARAMETER, sqliteDialect } from '../../dialect/index.js';
import { StatementTimeoutError, withStatementTimeout } from './statement-timeout.query.js';

/** Each number up to 100 million folded: far longer than any timeout here, on SQLite. */
const SQLITE_SLOW =
  'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) ' +
  `SELECT COUNT(*) AS c FROM n WHERE ${sqliteDialect.fold("'x' || i")} = 'y'`;

/** A statement that runs for seconds unless stopped: on SQLite bound to stop at `milliseconds` from now. */
function slowStatement(
  kind: DatabaseKind,
  dataSource: DataSource,
  runner: QueryRunner | undefined,
  milliseconds: number,
): Promise<unknown> {
  if (kind === 'sqlite') return dataSource.query(SQLITE_SLOW, [{ [DEADLINE_PARAMETER]: Date.now() + milliseconds }]);
  return runner!.query(kind === 'postgres' ? 'SELECT pg_sleep(5)' : 'SELECT SLEEP(5)');
}

/** The session the statement runs in (SQLite: its one connection). */
async function sessionId(kind: DatabaseKind, asked: DataSource | QueryRunner): Promise<string> {
  const sql = isMysqlFamily(kind)
    ? 'SELECT CONNECTION_ID() AS id'
    : kind === 'postgres'
      ? 'SELECT pg_backend_pid() AS id'
      : 'SELECT 1 AS id';
  const [row] = (await asked.query(sql)) as Array<{ id: unknown }>;
  return String(row!.id);
}

/** The session's statement timeout and the server's default of it; null on SQLite, which has none. */
async function timeoutSetting(kind: DatabaseKind, runner: QueryRunner): Promise<[string, string] | null> {
  if (kind === 'sqlite') return null;
  let sql = `SELECT setting AS session, reset_val AS server FROM pg_settings WHERE name = 'statement_timeout'`;
  if (isMysqlFamily(kind)) {
    const [{ version }] = (await runner.query('SELECT VERSION() AS version')) as [{ version: string }];
    const name = /mariadb/i.test(version) ? 'max_statement_time' : 'max_execution_time';
    sql = `SELECT @@SESSION.${name} AS session, @@GLOBAL.${name} AS server`;
  }
  const [row] = (await runner.query(sql)) as Array<{ session: unknown; server: unknown }>;
  return [String(row!.session), String(row!.server)];
}

describeEachDatabase('withStatementTimeout, on the real database', (kind) => {
  let database: TestDatabase;
  /** One connection in its pool: what a bounded statement ran on is what the next one gets. */
  let single: DataSource;
  let pooled: DataSource;

  const open = (poolSize: number) =>
    new DataSource({
      ...database.options,
      ...(kind === 'sqlite' ? {} : { poolSize }),
    } as DataSourceOptions).initialize();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    single = await open(1);
    pooled = await open(4);
  });

  afterAll(async () => {
    await single.destroy();
    await pooled.destroy();
    await database.drop();
  });

  it("stops a slow statement holding the pool's only connection, which then serves the next statement", async () => {
    let ranOn = '';
    const bounded = withStatementTimeout(single, 100, async (runner) => {
      ranOn = await sessionId(kind, runner ?? single);
      return slowStatement(kind, single, runner, 100);
    });
    await expect(bounded).rejects.toEqual(new StatementTimeoutError(100));
    expect(await sessionId(kind, single)).toBe(ranOn);
    const [row] = (await single.query('SELECT 2 AS two')) as Array<{ two: unknown }>;
    expect(Number(row!.two)).toBe(2);
  });

  it('answers a statement that ends in time', async () => {
    const rows = await withStatementTimeout(single, 1000, (runner) => (runner ?? single).query('SELECT 3 AS three'));
    expect(rows).toEqual([{ three: 3 }]);
  });

  it('leaves no setting on any pooled connection', async () => {
    const fast = Array.from({ length: 40 }, () =>
      withStatementTimeout(pooled, 1000, (runner) => (runner ?? pooled).query('SELECT 1 AS one')),
    );
    const slow = Array.from({ length: 4 }, () =>
      withStatementTimeout(pooled, 50, (runner) => slowStatement(kind, pooled, runner, 50)).catch((error) => error),
    );
    await Promise.all(fast);
    for (const stopped of await Promise.all(slow)) expect(stopped).toEqual(new StatementTimeoutError(50));
    const runners = Array.from({ length: 4 }, () => pooled.createQueryRunner());
    try {
      await Promise.all(runners.map((runner) => runner.connect()));
      for (const setting of await Promise.all(runners.map((runner) => timeoutSetting(kind, runner)))) {
        if (setting) expect(setting[0]).toBe(setting[1]);
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.release()));
    }
  });

  if (kind !== 'postgres') return;

  it('sends the driver nothing but a statement that ends in time', async () => {
    const runner = single.createQueryRunner();
    const client = (await runner.connect()) as { query: (...args: unknown[]) => unknown };
    await runner.release();
    const sent: unknown[] = [];
    const query = client.query;
    client.query = (...args: unknown[]) => {
      sent.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
      return query.apply(client, args);
    };
    try {
      await withStatementTimeout(single, 1000, (bounded) => bounded!.query('SELECT 4 AS four'));
      await withStatementTimeout(single, 1000, (bounded) => bounded!.query('SELECT 5 AS five'));
    } finally {
      client.query = query;
    }
    expect(sent).toEqual(['SELECT 4 AS four', 'SELECT 5 AS five']);
  });

  it('never cancels the next statement on the connection when the time runs out as a statement ends', async () => {
    for (let round = 0; round < 5; round++) {
      // The event loop held until the answer is in: the 1 ms timer then fires (timers come before
      // I/O), sending the cancel after the statement has ended.
      const ended = await withStatementTimeout(single, 1, (runner) => {
        const answer = runner!.query('SELECT 6 AS six');
        setImmediate(() => {
          const until = Date.now() + 200;
          while (Date.now() < until);
        });
        return answer;
      }).catch((error: unknown) => error);
      // The cancel may still have stopped the statement it was for, never the next one.
      if (!(ended instanceof StatementTimeoutError)) expect(ended).toEqual([{ six: 6 }]);
      await expect(single.query('SELECT pg_sleep(0.3), 7 AS seven')).resolves.toEqual([{ pg_sleep: '', seven: 7 }]);
    }
  });
});
