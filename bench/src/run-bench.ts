/**
 * `npm run bench` (issue 8): prepares the data, runs S1-S6 against the hand-written SQL,
 * nestjs-paginate and widgetlib on PostgreSQL and SQLite, the load check, measures the client
 * bundle, prints one table and writes it to bench/RESULTS.md (bench/RESULTS-quick.md with --quick).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { BenchServer } from './bench-server.js';
import { differences, normalizeAnswer, type NormalizedAnswer } from './answer.normalizer.js';
import type { RecordedStatement } from './app/statement.counter.js';
import { measureClientBundles } from './client-bundle.size.js';
import { postgresUrl, preparePostgres } from './data/postgres.seed.js';
import { prepareSqlite } from './data/sqlite.seed.js';
import { runLoad, type LoadPlan } from './load.runner.js';
import { libraryFingerprint } from './library.fingerprint.js';
import { describeMachine } from './machine.info.js';
import { acquireRunLock } from './run.lock.js';
import { renderReport, type DatabaseName, type LoadCheck, type Report, type ScenarioRun } from './results.report.js';
import { ENDPOINTS, IMPLEMENTATIONS, scenarios, type Implementation, type Scenario } from './scenarios.js';

const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(benchRoot, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyDatabase = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) as DatabaseName | undefined;

const settings = quick
  ? { postgresPeople: 100_000, postgresDatabase: 'widgetlib_bench_quick', seconds: 3, maxAmount: 32, amountSeconds: 10, cap: 20, loadSeconds: 15 }
  : { postgresPeople: 1_000_000, postgresDatabase: 'widgetlib_bench', seconds: 10, maxAmount: 48, amountSeconds: 30, cap: 60, loadSeconds: 60 };
const SQLITE_PEOPLE = 100_000;
/** One file per source database, so that quick and full runs do not rebuild each other's. */
const SQLITE_FILE = join(benchRoot, `.data/${settings.postgresDatabase}.sqlite`);
const CONNECTIONS = 16;
const LOAD_CHECK_CONNECTIONS = 64;
/** Answers slower than this are timed with a fixed number of requests rather than a duration. */
const SLOW_ANSWER_MS = 200;
/** Answers slower than this are probed once rather than three times (statements per request included). */
const VERY_SLOW_ANSWER_MS = 2_000;
/** What a fixed-number run may assume of the machine: two cores answering at once. */
const PARALLEL_ANSWERS = 2;

const started = performance.now();
function log(message: string): void {
  const elapsed = Math.round((performance.now() - started) / 1000);
  process.stderr.write(`[${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Sequential requests: statements per request, the median answer time, one request's statements. */
async function probe(server: BenchServer, path: string, requests: number) {
  await server.settle();
  const before = ((await server.get('/__bench/statements')).body as { statements: number }).statements;
  await server.post('/__bench/recording');
  const times: number[] = [];
  for (let index = 0; index < requests; index += 1) times.push((await server.get(path)).ms);
  const recorded = (await server.get('/__bench/recording')).body as RecordedStatement[];
  const after = ((await server.get('/__bench/statements')).body as { statements: number }).statements;
  // The probe's own endpoints send no statement.
  const perRequest = (after - before) / requests;
  return { statements: perRequest, medianMs: median(times), firstRequest: recorded.slice(0, Math.round(perRequest)) };
}

/**
 * Issue 8: 16 connections; answers slower than 200 ms get a fixed number of requests, as many as
 * fit in about `amountSeconds` (at least one per connection), stopped at `cap` seconds whatever.
 */
function loadPlan(probeMs: number): LoadPlan {
  if (probeMs <= SLOW_ANSWER_MS) return { connections: CONNECTIONS, duration: settings.seconds, amount: null, cap: null };
  const fitting = Math.round((settings.amountSeconds * 1000 * PARALLEL_ANSWERS) / probeMs);
  const amount = Math.min(settings.maxAmount, Math.max(CONNECTIONS, fitting));
  return { connections: CONNECTIONS, duration: null, amount, cap: settings.cap };
}

interface Explained {
  text: string;
  personTagRows: number;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one request's statements on PostgreSQL, and the person_tag rows they read. */
async function explain(client: pg.Client, statements: RecordedStatement[]): Promise<Explained> {
  const parts: string[] = [];
  let personTagRows = 0;
  for (const statement of statements) {
    if (!/^\s*(SELECT|WITH)\b/i.test(statement.sql)) continue;
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
    for (const line of lines) {
      const match = /on person_tag\b.*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
      if (match) personTagRows += Number(match[1]) * Number(match[2]);
    }
    parts.push('```sql', statement.sql, `-- parameters: ${JSON.stringify(statement.params)}`, '```', '```', ...lines, '```');
  }
  return { text: parts.join('\n'), personTagRows };
}

async function runScenarios(database: DatabaseName, server: BenchServer, list: Scenario[], explainClient: pg.Client | null, explains: string[]) {
  const runs: ScenarioRun[] = [];
  for (const scenario of list) {
    const path = (implementation: Implementation) => `${ENDPOINTS[implementation]}?${scenario.query[implementation]}`;
    const present = IMPLEMENTATIONS.filter((implementation) => server.implementations.includes(implementation));
    const answers = new Map<Implementation, NormalizedAnswer>();
    const answerMs = new Map<Implementation, number>();
    const problems = new Map<Implementation, string>();
    for (const implementation of present) {
      const answer = await server.get(path(implementation));
      answerMs.set(implementation, answer.ms);
      if (answer.status !== 200) problems.set(implementation, `HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      else answers.set(implementation, normalizeAnswer(implementation, answer.body));
    }
    const reference = answers.get('sql');
    for (const implementation of present) {
      const answer = answers.get(implementation);
      if (!answer || !reference || implementation === 'sql') continue;
      const difference = differences(reference, answer);
      if (difference) problems.set(implementation, `answer differs from the hand-written SQL: ${difference}`);
    }
    for (const implementation of IMPLEMENTATIONS) {
      const label = `${database} ${scenario.id} ${implementation}`;
      if (!present.includes(implementation)) {
        runs.push({ database, scenario, implementation, status: 'absent', problem: null, statements: null, probeMs: null, load: null, personTagRows: null });
        continue;
      }
      const problem = problems.get(implementation) ?? null;
      const probeRequests = (answerMs.get(implementation) ?? 0) > VERY_SLOW_ANSWER_MS ? 1 : 3;
      const probed = await probe(server, path(implementation), probeRequests);
      let personTagRows: number | null = null;
      if (explainClient && implementation !== 'nestjs-paginate') {
        const explained = await explain(explainClient, probed.firstRequest);
        personTagRows = explained.personTagRows;
        explains.push(`## ${scenario.id} ${scenario.title}: ${implementation}`, '', `GET ${path(implementation)}`, '', explained.text, '');
      }
      if (problem) {
        log(`${label}: NOT TIMED, ${problem}`);
        runs.push({
          database, scenario, implementation, status: answers.has(implementation) ? 'differs' : 'failed', problem,
          statements: probed.statements, probeMs: probed.medianMs, load: null, personTagRows,
        });
        continue;
      }
      const load = await runLoad(`${server.base}${path(implementation)}`, loadPlan(probed.medianMs));
      await server.settle();
      log(
        `${label}: single answer ${Math.round(probed.medianMs)} ms; under load p50 ${load.p50} ms, p99 ${load.p99} ms, ` +
          `${load.requestsPerSecond.toFixed(1)} req/s (${load.requests} answers${load.stoppedAtCap ? `, stopped at ${load.plan.cap} s` : ''}), ` +
          `${probed.statements} statements/request, ${load.errors} errors`,
      );
      runs.push({ database, scenario, implementation, status: 'timed', problem: null, statements: probed.statements, probeMs: probed.medianMs, load, personTagRows });
    }
  }
  return runs;
}

/** The commit measured, and whether the library's server sources differed from it (read at the start). */
function measuredCode(): string {
  const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
  const commit = git('log', '-1', '--format=%h %s');
  const changed = git('status', '--porcelain', '--', 'packages/nest/src');
  const source = changed
    ? `with uncommitted changes in packages/nest/src: ${changed.split('\n').map((line) => line.trim()).join('; ')}`
    : 'packages/nest/src as committed';
  return `commit ${commit} (${source}); @widgetlib/nest build ${libraryFingerprint()}`;
}

async function main(): Promise<void> {
  await acquireRunLock(join(benchRoot, '.data/run.lock'), log);
  const code = measuredCode();
  const databases: DatabaseName[] = onlyDatabase ? [onlyDatabase] : ['postgres', 'sqlite'];
  log(`${quick ? 'Quick' : 'Full'} run on ${databases.join(' and ')}`);
  const postgresState = await preparePostgres({ database: settings.postgresDatabase, persons: settings.postgresPeople }, log);
  log(`PostgreSQL data ${postgresState}`);
  const sqliteState = databases.includes('sqlite')
    ? await prepareSqlite(SQLITE_FILE, settings.postgresDatabase, SQLITE_PEOPLE, log)
    : 'not used';
  log(`SQLite data ${sqliteState}`);

  const runs: ScenarioRun[] = [];
  const loadChecks: LoadCheck[] = [];
  let loadCheckNote: string | null = null;
  const explains: string[] = ['# EXPLAIN (ANALYZE, BUFFERS) of each request\'s statements (PostgreSQL)', ''];
  for (const database of databases) {
    const server = await BenchServer.start(
      benchRoot,
      database === 'postgres' ? { kind: 'postgres', url: postgresUrl(settings.postgresDatabase) } : { kind: 'sqlite', file: SQLITE_FILE },
      log,
    );
    log(`${database}: implementations ${server.implementations.join(', ')}`);
    const explainClient =
      database === 'postgres'
        ? new pg.Client({ connectionString: postgresUrl(settings.postgresDatabase), application_name: 'widgetlib-bench-explain' })
        : null;
    await explainClient?.connect();
    try {
      const people = database === 'postgres' ? settings.postgresPeople : SQLITE_PEOPLE;
      const list = scenarios(people / 2, database);
      runs.push(...(await runScenarios(database, server, list, explainClient, explains)));
      if (database === 'postgres') {
        if (!server.implementations.includes('widgetlib')) {
          loadCheckNote = 'this build has no widgetlib endpoint (@DataTable is not exported by @widgetlib/nest)';
        } else {
          for (const scenario of list.filter(({ id }) => id === 'S3' || id === 'S4')) {
            const load = await runLoad(`${server.base}${ENDPOINTS.widgetlib}?${scenario.query.widgetlib}`, {
              connections: LOAD_CHECK_CONNECTIONS,
              duration: settings.loadSeconds,
              amount: null,
              cap: null,
            });
            await server.settle();
            log(`load check ${scenario.id}: ${load.requests} requests, ${load.errors} errors, p99 ${load.p99} ms`);
            loadChecks.push({ scenario, implementation: 'widgetlib', load });
          }
        }
      }
    } finally {
      await explainClient?.end();
      await server.stop();
    }
  }

  const bundles = await measureClientBundles(join(repositoryRoot, 'packages/client'));
  const sqliteVersion = (() => {
    const database = new BetterSqlite3(':memory:');
    const version = (database.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    database.close();
    return version;
  })();
  const resultsFile = join(benchRoot, quick ? 'RESULTS-quick.md' : 'RESULTS.md');
  const explainFile = join(benchRoot, quick ? 'EXPLAIN-quick.md' : 'EXPLAIN.md');
  const hasExplain = databases.includes('postgres');
  if (hasExplain) writeFileSync(explainFile, explains.join('\n'));
  const report: Report = {
    mode: quick ? 'quick' : 'full',
    code:
      BenchServer.loadedBuilds.size > 1
        ? `${code}. WARNING: @widgetlib/nest was rebuilt during the run (builds ${[...BenchServer.loadedBuilds].join(', ')} were loaded); the widgetlib figures mix them`
        : code,
    timing: { seconds: settings.seconds, amountSeconds: settings.amountSeconds, maxAmount: settings.maxAmount, cap: settings.cap },
    command: `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`,
    finishedAt: new Date(),
    seconds: (performance.now() - started) / 1000,
    machine: await describeMachine(settings.postgresDatabase, sqliteVersion),
    datasets: {
      postgres:
        `${settings.postgresPeople.toLocaleString('en')} people, 1,000 countries, 50 tags, about 3 tags per person ` +
        `(database ${settings.postgresDatabase}; btree on foreign keys and sorted columns, join-table keys, pg_trgm GIN on name, email, country name)`,
      sqlite: `the first ${SQLITE_PEOPLE.toLocaleString('en')} people of the PostgreSQL data with their countries and tags (same btree indexes)`,
    },
    runs,
    loadChecks,
    loadCheckNote,
    bundles,
    explainFile: hasExplain ? relative(benchRoot, explainFile) : null,
  };
  const markdown = renderReport(report);
  writeFileSync(resultsFile, markdown);
  process.stdout.write(`${markdown}\n`);
  log(`Written to ${relative(repositoryRoot, resultsFile)}`);
}

await main();
