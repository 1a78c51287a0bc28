import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import pg from 'pg';

const run = promisify(execFile);
const MARIADBD = '/usr/sbin/mariadbd';

/** A database server the suite can reach as an administrator, restart, and end the sessions of. */
export interface DatabaseServer {
  readonly name: string;
  /** The demo's `DATABASE_URL` for `database`. */
  url(database: string): string;
  /** Drops and creates `database`. */
  recreate(database: string): Promise<void>;
  drop(database: string): Promise<void>;
  /** Stops the server and starts it again; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Ends every session connected to `database`; answers how many. */
  endSessions(database: string): Promise<number>;
  /** The rows of `sql` on `database`. */
  query<T>(database: string, sql: string): Promise<T[]>;
  /** Resolves once the server accepts connections (throws after `timeoutMs`). */
  waitUntilUp(timeoutMs?: number): Promise<void>;
}

async function retryUntil(what: string, timeoutMs: number, attempt: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await sleep(200);
    }
  }
}

export class PostgresServer implements DatabaseServer {
  readonly name = 'PostgreSQL';

  constructor(private readonly base = process.env.WIDGETLIB_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres') {}

  url(database: string): string {
    const url = new URL(this.base);
    url.pathname = `/${database}`;
    return url.toString();
  }

  private async withClient<T>(database: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.url(database) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await action(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async recreate(database: string): Promise<void> {
    await this.drop(database);
    await this.withClient('postgres', (client) => client.query(`CREATE DATABASE "${database}"`));
  }

  async drop(database: string): Promise<void> {
    await this.withClient('postgres', (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  }

  async restart(): Promise<void> {
    const [version] = readdirSync('/etc/postgresql');
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version!, 'main', 'restart', '-m', 'fast']);
    await this.waitUntilUp();
  }

  endSessions(database: string): Promise<number> {
    return this.withClient('postgres', async (client) => {
      const result = await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      return result.rowCount ?? 0;
    });
  }

  query<T>(database: string, sql: string): Promise<T[]> {
    return this.withClient(database, async (client) => (await client.query(sql)).rows as T[]);
  }

  waitUntilUp(timeoutMs = 60_000): Promise<void> {
    return retryUntil('PostgreSQL did not come back', timeoutMs, () =>
      this.withClient('postgres', (client) => client.query('SELECT 1')),
    );
  }
}

export class MariaDbServer implements DatabaseServer {
  readonly name = 'MariaDB';

  constructor(private readonly base = process.env.WIDGETLIB_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test') {}

  url(database: string): string {
    const url = new URL(this.base);
    url.protocol = 'mariadb:';
    url.pathname = `/${database}`;
    return url.toString();
  }

  private async withConnection<T>(database: string, action: (connection: mysql.Connection) => Promise<T>) {
    const url = new URL(this.base);
    url.pathname = `/${database}`;
    const connection = await mysql.createConnection(url.toString());
    connection.on('error', () => undefined);
    try {
      return await action(connection);
    } finally {
      await connection.end().catch(() => undefined);
    }
  }

  async recreate(database: string): Promise<void> {
    await this.drop(database);
    await this.withConnection('', (connection) =>
      connection.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`),
    );
  }

  async drop(database: string): Promise<void> {
    await this.withConnection('', (connection) => connection.query(`DROP DATABASE IF EXISTS \`${database}\``));
  }

  async restart(): Promise<void> {
    await this.withConnection('', (connection) => connection.query('SHUTDOWN')).catch(() => undefined);
    // Until the process has exited, start-stop-daemon would take it for a running server and start none.
    await retryUntil('MariaDB did not stop', 60_000, async () => {
      const running = await run('start-stop-daemon', ['--status', '--exec', MARIADBD]).then(
        () => true,
        () => false,
      );
      if (running) throw new Error('mariadbd is still running');
    });
    await run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', MARIADBD]);
    await this.waitUntilUp();
  }

  endSessions(database: string): Promise<number> {
    return this.withConnection('', async (connection) => {
      const [rows] = await connection.query(
        'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()',
        [database],
      );
      const sessions = rows as Array<{ id: number }>;
      for (const { id } of sessions) await connection.query(`KILL ${Number(id)}`).catch(() => undefined);
      return sessions.length;
    });
  }

  query<T>(database: string, sql: string): Promise<T[]> {
    return this.withConnection(database, async (connection) => (await connection.query(sql))[0] as T[]);
  }

  waitUntilUp(timeoutMs = 60_000): Promise<void> {
    return retryUntil('MariaDB did not come back', timeoutMs, () =>
      this.withConnection('', (connection) => connection.query('SELECT 1')),
    );
  }
}
