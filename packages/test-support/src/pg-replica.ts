import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { TestDatabase } from './test-databases.js';
import { testDatabaseKinds } from './test-databases.js';

/** How long a test waits for the replica to replay what the primary wrote before it fails. */
const CATCH_UP_LIMIT_MS = 30_000;
const SCRIPT = fileURLToPath(new URL('../../../scripts/pg-replica.mjs', import.meta.url));

/**
 * The streaming hot standby of `WIDGETLIB_PG_URL`'s server that the replica tests read from
 * (`WIDGETLIB_PG_REPLICA_URL`, which `npm test` and `.ci/run` set after starting it with
 * scripts/pg-replica.mjs), or null when none is given.
 */
export function pgReplicaUrl(): string | null {
  return process.env.WIDGETLIB_PG_REPLICA_URL || null;
}

/**
 * Runs `suite` when PostgreSQL is among the test databases and a replica is given; skipped, its
 * title saying why, when no replica is given locally; an error in CI, where a replica must be.
 */
export function describeWithPgReplica(title: string, suite: (replicaUrl: string) => void): void {
  const url = pgReplicaUrl();
  if (!testDatabaseKinds().includes('postgres')) return;
  if (url) {
    describe(`${title} [postgres]`, () => suite(url));
    return;
  }
  if (process.env.CI) {
    throw new Error(
      'WIDGETLIB_PG_REPLICA_URL is not set: in CI the replica tests need the replica (node scripts/pg-replica.mjs start)',
    );
  }
  const reason =
    'no PostgreSQL replica: start one with `node scripts/pg-replica.mjs start` and set WIDGETLIB_PG_REPLICA_URL ' +
    'to the URL it prints, or run `npm test`, which does both';
  console.warn(`${title}: SKIPPED, ${reason}`);
  // The tests are listed as skipped; the URL they get is never connected to.
  describe.skip(`${title} [postgres] (SKIPPED: ${reason})`, () => suite('postgres://no-replica.invalid:5433/postgres'));
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The replica's LSN replayed is at least the primary's current WAL position, or the limit passes. */
async function waitForReplay(primary: DataSource, replicaUrl: string): Promise<void> {
  const [{ lsn }] = (await primary.query('SELECT pg_current_wal_lsn()::text AS lsn')) as [{ lsn: string }];
  const replica = new DataSource({ type: 'postgres', url: withDatabase(replicaUrl, 'postgres') });
  await replica.initialize();
  try {
    const until = Date.now() + CATCH_UP_LIMIT_MS;
    for (;;) {
      const [{ replayed }] = (await replica.query(
        'SELECT pg_is_in_recovery() AND pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed',
        [lsn],
      )) as [{ replayed: boolean }];
      if (replayed) return;
      if (Date.now() > until) throw new Error(`the replica ${replicaUrl} did not replay up to ${lsn}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await replica.destroy();
  }
}

/** Waits until the replica has replayed every write the primary behind `dataSource` made so far. */
export async function replicaCaughtUp(dataSource: DataSource, replicaUrl: string): Promise<void> {
  const options = dataSource.options as { replication?: { master: { url?: string } } };
  const primaryUrl = options.replication?.master.url;
  if (!primaryUrl) throw new Error('replicaCaughtUp() takes a data source made with replicatedOptions()');
  const primary = new DataSource({ type: 'postgres', url: primaryUrl });
  await primary.initialize();
  try {
    await waitForReplay(primary, replicaUrl);
  } finally {
    await primary.destroy();
  }
}

/**
 * The options of a PostgreSQL test database with TypeORM replication: the database on the primary
 * as `master`, the same database on the replica as the one slave; answers once the replica has the
 * database.
 */
export async function replicatedOptions(database: TestDatabase, replicaUrl: string): Promise<DataSourceOptions> {
  const { url } = database.options as { url: string };
  const name = new URL(url).pathname.slice(1);
  const primary = new DataSource({ type: 'postgres', url });
  await primary.initialize();
  try {
    await waitForReplay(primary, replicaUrl);
  } finally {
    await primary.destroy();
  }
  return { type: 'postgres', replication: { master: { url }, slaves: [{ url: withDatabase(replicaUrl, name) }] } };
}

/** Stops (`stop`) or starts again and waits for (`start`) the replica, through scripts/pg-replica.mjs. */
export function switchPgReplica(command: 'stop' | 'start', replicaUrl: string): void {
  const result = spawnSync(process.execPath, [SCRIPT, command], {
    encoding: 'utf8',
    env: { ...process.env, WIDGETLIB_PG_REPLICA_PORT: new URL(replicaUrl).port || '5433' },
  });
  if (result.status !== 0) throw new Error(`pg-replica.mjs ${command} failed: ${result.stderr}${result.stdout}`);
}
