import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import type { BenchDatabase } from './app/bench-app.module.js';
import type { Implementation } from './implementations.js';
import type { ServerReady } from './bench-app.process.js';
import { libraryFingerprint } from './library.fingerprint.js';

/** The longest the harness waits for an answer of its own (identity check, probes). */
const REQUEST_TIMEOUT_MS = 15 * 60_000;
/** How long the harness lets a server finish the requests a load run left behind before it restarts it. */
const DRAIN_MS = 20_000;

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/**
 * The bench application in a child process, as the harness sees it. A load run that ends with
 * requests still running (a capped run of slow answers) leaves work behind: `settle()` waits for it
 * a little, then restarts the process and ends its PostgreSQL sessions, so the next figure is clean.
 */
export class BenchServer {
  private child: ChildProcess | null = null;
  base = '';
  implementations: Implementation[] = [];
  /** The `@widgetlib/nest` builds the application loaded, one per start. */
  static readonly loadedBuilds = new Set<string>();

  constructor(
    private readonly serverScript: string,
    private readonly database: BenchDatabase,
    private readonly log: (message: string) => void,
  ) {}

  static async start(benchRoot: string, database: BenchDatabase, log: (message: string) => void): Promise<BenchServer> {
    const server = new BenchServer(join(benchRoot, 'dist/bench-app.process.js'), database, log);
    await server.spawn();
    return server;
  }

  private spawn(): Promise<void> {
    BenchServer.loadedBuilds.add(libraryFingerprint());
    const child = fork(this.serverScript, {
      env: { ...process.env, BENCH_DATABASE: JSON.stringify(this.database) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      const failed = (code: number | null) =>
        reject(new Error(`the bench server exited (code ${code}) before it was ready`));
      child.once('exit', failed);
      child.once('message', (message) => {
        const ready = message as ServerReady;
        child.off('exit', failed);
        this.base = `http://127.0.0.1:${ready.port}`;
        this.implementations = ready.implementations as Implementation[];
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async get(path: string): Promise<Answer> {
    const begun = performance.now();
    const response = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    const ms = performance.now() - begun;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the message.
    }
    return { status: response.status, body, ms };
  }

  async post(path: string): Promise<void> {
    await fetch(`${this.base}${path}`, { method: 'POST' });
  }

  /** CPU time the application's process has used so far (user and system), in microseconds. */
  async cpuMicroseconds(): Promise<number> {
    return ((await this.get('/__bench/cpu')).body as { microseconds: number }).microseconds;
  }

  private async inFlight(): Promise<number> {
    return ((await this.get('/__bench/in-flight')).body as { requests: number }).requests;
  }

  /** Returns once the server handles no list request; restarts it when that takes too long. */
  async settle(): Promise<void> {
    const deadline = performance.now() + DRAIN_MS;
    while (performance.now() < deadline) {
      if ((await this.inFlight()) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.log(`  requests still running after ${DRAIN_MS / 1000} s: restarting the server`);
    await this.stop();
    if (this.database.kind === 'postgres') await terminateSessions(this.database.url);
    await this.spawn();
  }
}

/** Ends the sessions of the bench database (its statements would keep running for a client that is gone). */
async function terminateSessions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'widgetlib-bench-explain'`,
    );
  } finally {
    await client.end();
  }
}
