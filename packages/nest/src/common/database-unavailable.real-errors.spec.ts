import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { createTestDatabase, describeEachDatabase, isMysqlFamily } from '@widgetlib/test-support/test-databases.js';
import { isDatabaseUnavailableError } from './database-unavailable.exception.js';

/** What `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describeEachDatabase('isDatabaseUnavailableError, on errors the real driver throws', (kind) => {
  let dataSource: DataSource;
  let options: DataSourceOptions;

  beforeAll(async () => {
    options = (await createTestDatabase(kind)).options;
    dataSource = await new DataSource(options).initialize();
  });

  afterAll(() => dataSource.destroy());

  it('is false for a statement that failed on a reachable database', async () => {
    expect(isDatabaseUnavailableError(await rejection(dataSource.query('SELECT * FROM no_such_table')))).toBe(false);
  });

  // better-sqlite3 runs in the process: there is no server to lose.
  if (kind === 'sqlite') return;

  it('is true for a refused connection', async () => {
    const url = new URL((options as { url: string }).url);
    url.port = '1';
    const closed = new DataSource({ ...options, url: url.href } as DataSourceOptions);
    expect(isDatabaseUnavailableError(await rejection(closed.initialize()))).toBe(true);
  });

  it('is true for a session the server killed during a statement', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      const [row] = (await runner.query(
        isMysqlFamily(kind) ? 'SELECT CONNECTION_ID() AS id' : 'SELECT pg_backend_pid() AS id',
      )) as Array<{ id: number | string }>;
      const running = rejection(runner.query(isMysqlFamily(kind) ? 'SELECT SLEEP(10)' : 'SELECT pg_sleep(10)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await dataSource.query(
        isMysqlFamily(kind) ? `KILL ${Number(row!.id)}` : 'SELECT pg_terminate_backend($1)',
        isMysqlFamily(kind) ? [] : [row!.id],
      );
      expect(isDatabaseUnavailableError(await running)).toBe(true);
    } finally {
      await runner.release().catch(() => undefined);
    }
  });
});
