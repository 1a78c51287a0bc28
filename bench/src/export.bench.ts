/**
 * The export of a 100 000-row table (`EXPORT_ROWS`) as CSV and XLSX on SQLite and PostgreSQL: rows
 * per second, time to the first byte, and the server's peak resident memory. Each export runs in
 * a fresh server process (the one the export memory test measures,
 * packages/nest/test/fixtures/export-server.child.mjs, on the built @widgetlib/nest), so that its
 * peak is its own. Run: `pnpm --filter @widgetlib/bench export` after `node scripts/run.mjs build`.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresUrl } from './data/postgres.seed.js';

const ROWS = Number(process.env.EXPORT_ROWS ?? '100000');
const DATABASE = 'widgetlib_export_bench';
const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD = resolve(benchRoot, '../packages/nest/test/fixtures/export-server.child.mjs');
const BUILT = resolve(benchRoot, '../packages/nest/dist/index.js');

type Kind = 'sqlite' | 'postgres';
type Format = 'csv' | 'xlsx';

interface Ready {
  port: number;
  maxRss: number;
}
interface Stats {
  serialised: number;
  lastRowAt: number;
  maxRss: number;
}

interface Figures {
  kind: Kind;
  format: Format;
  ordering: string;
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

async function withAdmin(action: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl('postgres') });
  await client.connect();
  try {
    await action(client);
  } finally {
    await client.end();
  }
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolveMessage, reject) => {
    child.once('message', (message) => resolveMessage(message as T));
    child.once('exit', (code) => reject(new Error(`the export server exited with ${String(code)}`)));
  });
}

/** A fresh database of `kind` with the rows, a server on it, one export; the server is stopped after. */
async function measure(kind: Kind, format: Format, ordering: string): Promise<Figures> {
  let options: object;
  let folder: string | null = null;
  if (kind === 'sqlite') {
    folder = await mkdtemp(join(tmpdir(), 'widgetlib-export-bench-'));
    options = { type: 'better-sqlite3', database: join(folder, 'rows.sqlite') };
  } else {
    await withAdmin(async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${DATABASE}"`);
    });
    options = { type: 'postgres', url: postgresUrl(DATABASE) };
  }
  const child = fork(CHILD, [], {
    env: { ...process.env, EXPORT_DATABASE: JSON.stringify(options), EXPORT_KIND: kind, EXPORT_ROWS: String(ROWS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await nextMessage<Ready>(child);
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    await new Promise<void>((done, reject) => {
      http
        .get(`http://127.0.0.1:${ready.port}/rows/export?format=${format}&ordering=${ordering}`, (response) => {
          if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => {
            firstByte ||= performance.now();
            bytes += chunk.length;
          });
          response.on('end', done);
          response.on('error', reject);
        })
        .on('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    const answer = nextMessage<{ stats: Stats }>(child);
    child.send('stats');
    const { stats } = await answer;
    return {
      kind,
      format,
      ordering,
      rows: stats.serialised,
      bytes,
      seconds,
      firstByteMs: firstByte - started,
      rssBeforeMb: ready.maxRss / 2 ** 20,
      rssPeakMb: stats.maxRss / 2 ** 20,
    };
  } finally {
    child.disconnect();
    await new Promise((done) => child.once('exit', done));
    if (folder) await rm(folder, { recursive: true, force: true });
    if (kind === 'postgres')
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
  }
}

if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run node scripts/run.mjs build first`);
const results: Figures[] = [];
for (const kind of ['sqlite', 'postgres'] as const) {
  for (const format of ['csv', 'xlsx'] as const) {
    // `name`: a text key with ties (1000 distinct values), the primary key breaking them; `id`: the key alone.
    for (const ordering of ['name', 'id']) results.push(await measure(kind, format, ordering));
  }
}
const commit = execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd: benchRoot, encoding: 'utf8' }).trim();
const report = [
  '# Export benchmark',
  '',
  `Measured by \`pnpm --filter @widgetlib/bench export\` (bench/src/export.bench.ts), finished ${new Date().toISOString()}, ` +
    `on ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; commit ${commit}. Nothing here is edited by hand.`,
  '',
  `${ROWS} rows of 4 columns (id, name with 1000 distinct values, note, amount), no index but the primary key; ` +
    'each export in a fresh server process (packages/nest/test/fixtures/export-server.child.mjs, chunks of 1000 rows), ' +
    'downloaded over HTTP on the same machine. "peak RSS" is the server process\'s peak resident memory (getrusage), ' +
    '"RSS before" its peak once started and seeded.',
  '',
  '| database | format | ordering | rows | file | seconds | rows/s | first byte | RSS before | peak RSS |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (figure) =>
      `| ${figure.kind} | ${figure.format} | ${figure.ordering} | ${figure.rows} | ${(figure.bytes / 2 ** 20).toFixed(1)} MB | ` +
      `${figure.seconds.toFixed(1)} | ${Math.round(figure.rows / figure.seconds)} | ${Math.round(figure.firstByteMs)} ms | ` +
      `${figure.rssBeforeMb.toFixed(0)} MB | ${figure.rssPeakMb.toFixed(0)} MB |`,
  ),
  '',
].join('\n');
console.log(report);
if (ROWS === 100_000) await writeFile(join(benchRoot, 'EXPORT-RESULTS.md'), report);
