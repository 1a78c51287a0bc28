// A 100 000-row export streams: the server (its own process, on the built package) sends the first
// bytes before it has read the last row, its peak resident memory grows by a bounded amount, and a
// client that goes away stops the walk.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '@widgetlib/test-support/test-databases.js';

const ROWS = 100_000;
/** What the server's peak resident memory may grow by while it exports every row (measured: 5 MB for CSV, 45 MB for XLSX). */
const MAX_GROWTH = 96 * 2 ** 20;
const CHILD = fileURLToPath(new URL('./fixtures/export-server.child.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface Ready {
  port: number;
  maxRss: number;
}
interface Stats {
  serialised: number;
  lastRowAt: number;
  maxRss: number;
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`the export server exited with ${String(code)}`)));
  });
}

async function stats(child: ChildProcess): Promise<Stats> {
  const answer = nextMessage<{ stats: Stats }>(child);
  child.send('stats');
  return (await answer).stats;
}

describeEachDatabase('A large export', (kind) => {
  let database: TestDatabase;
  let folder: string | null = null;
  let child: ChildProcess;
  let ready: Ready;

  beforeAll(async () => {
    if (!existsSync(BUILT))
      throw new Error(`${BUILT} is missing: build the package first (node scripts/run.mjs build)`);
    database = await createTestDatabase(kind);
    let options = database.options;
    if (kind === 'sqlite') {
      folder = await mkdtemp(join(tmpdir(), 'widgetlib-export-'));
      options = { type: 'better-sqlite3', database: join(folder, 'rows.sqlite') };
    }
    child = fork(CHILD, [], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        EXPORT_DATABASE: JSON.stringify(options),
        EXPORT_KIND: kind,
        EXPORT_ROWS: String(ROWS),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    ready = await nextMessage<Ready>(child);
  }, 120_000);

  afterAll(async () => {
    if (child?.connected) child.disconnect();
    await database?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each(['csv', 'xlsx'])(
    'sends the %s export as it reads it, in bounded memory',
    async (format) => {
      const before = await stats(child);
      const started = Date.now();
      let firstByteAt = 0;
      let bytes = 0;
      let lines = 0;
      await new Promise<void>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${ready.port}/rows/export?format=${format}`, (response) => {
            expect(response.statusCode).toBe(200);
            response.on('data', (chunk: Buffer) => {
              firstByteAt ||= Date.now();
              bytes += chunk.length;
              if (format === 'csv') for (const byte of chunk) if (byte === 0x0a) lines += 1;
            });
            response.on('end', resolve);
            response.on('error', reject);
          })
          .on('error', reject);
      });
      const after = await stats(child);
      expect(after.serialised - before.serialised).toBe(ROWS);
      if (format === 'csv') expect(lines).toBe(ROWS + 1);
      expect(bytes).toBeGreaterThan(1_000_000);
      expect(firstByteAt).toBeGreaterThanOrEqual(started);
      expect(firstByteAt).toBeLessThan(after.lastRowAt);
      expect(after.maxRss - Math.max(ready.maxRss, before.maxRss)).toBeLessThan(MAX_GROWTH);
    },
    180_000,
  );

  it('stops reading rows when the client goes away', async () => {
    const before = await stats(child);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${ready.port}/rows/export?format=csv`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    await sleep(1000);
    const settled = await stats(child);
    await sleep(1000);
    const later = await stats(child);
    expect(later.serialised).toBe(settled.serialised);
    expect(later.serialised - before.serialised).toBeLessThan(ROWS / 2);
  }, 60_000);
});
