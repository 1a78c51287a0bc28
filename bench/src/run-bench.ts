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
import { joinRuns, runLoad, type LoadPlan, type LoadResult } from './load.runner.js';
import { libraryFingerprint } from './library.fingerprint.js';
import { describeMachine } from './machine.info.js';
import { waitForQuietMachine } from './machine.quiet.js';
import { acquireRunLock } from './run.lock.js';
import { renderReport, type DatabaseName, type LoadCheck, type Report, type ScenarioRun } from './results.report.js';
import { ENDPOINTS, IMPLEMENTATIONS, runsIn, scenarios, type Implementation, type Scenario } from './scenarios.js';

const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(benchRoot, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyDatabase = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) as DatabaseName | undefined;
const onlyScenarios = args
  .find((arg) => arg.startsWith('--scenarios='))
  ?.slice('--scenarios='.length)
  .split(',');

/**
 * `runs`: how a fast answer is timed per database. On PostgreSQL, where the targets are read, in
 * several short runs per implementation taken in turn (every other round in reverse order), so that
 * a drift of the machine during a scenario weighs on each implementation alike.
 */
const settings = quick
  ? {
      postgresPeople: 100_000,
      postgresDatabase: 'widgetlib_bench_quick',
      maxAmount: 32,
      amountSeconds: 10,
      cap: 20,
      loadSeconds: 15,
      runs: { postgres: { rounds: 2, seconds: 3 }, sqlite: { rounds: 1, seconds: 3 } },
    }
  : {
      postgresPeople: 1_000_000,
      postgresDatabase: 'widgetlib_bench',
      maxAmount: 48,
      amountSeconds: 30,
      cap: 60,
      loadSeconds: 60,
      runs: { postgres: { rounds: 4, seconds: 5 }, sqlite: { rounds: 1, seconds: 10 } },
    };
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
/** The longest a timed run waits for the machine to be quiet. */
const QUIET_LIMIT_MS = 60_000;
/**
 * Seconds of unmeasured load before each timed run of fast answers, so that every implementation is
 * timed warm (the JIT compiler settles over a few hundred requests): longer before an
 * implementation's first run of a scenario than before its later ones.
 */
const WARM_UP_SECONDS = [5, 1];

const started = performance.now();
function log(message: string): void {
  const elapsed = Math.round((performance.now() - started) / 1000);
  process.stderr.write(
    `[${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}\n`,
  );
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
function loadPlan(probeMs: number, database: DatabaseName): LoadPlan {
  if (probeMs <= SLOW_ANSWER_MS)
    return { connections: CONNECTIONS, duration: settings.runs[database].seconds, amount: null, cap: null };
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
    parts.push(
      '```sql',
      statement.sql,
      `-- parameters: ${JSON.stringify(statement.params)}`,
      '```',
      '```',
      ...lines,
      '```',
    );
  }
  return { text: parts.join('\n'), personTagRows };
}

async function runScenarios(
  database: DatabaseName,
  server: BenchServer,
  list: Scenario[],
  explainClient: pg.Client | null,
  explains: string[],
) {
  const runs: ScenarioRun[] = [];
  for (const scenario of list) {
    const path = (implementation: Implementation) => `${ENDPOINTS[implementation]}?${scenario.query[implementation]}`;
    const applicable = IMPLEMENTATIONS.filter((implementation) => runsIn(implementation, scenario, database));
    const present = applicable.filter((implementation) => server.implementations.includes(implementation));
    const answers = new Map<Implementation, NormalizedAnswer>();
    const answerMs = new Map<Implementation, number>();
    const problems = new Map<Implementation, string>();
    for (const implementation of present) {
      const answer = await server.get(path(implementation));
      answerMs.set(implementation, answer.ms);
      if (answer.status !== 200)
        problems.set(implementation, `HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      else answers.set(implementation, normalizeAnswer(implementation, answer.body));
    }
    const reference = answers.get('sql');
    for (const implementation of present) {
      const answer = answers.get(implementation);
      if (!answer || !reference || implementation === 'sql') continue;
      const difference = differences(reference, answer);
      if (difference) problems.set(implementation, `answer differs from the hand-written SQL: ${difference}`);
    }
    /** The implementations to time, with their probe's figures, in the order of the first round. */
    const toTime: {
      implementation: Implementation;
      statements: number;
      probeMs: number;
      personTagRows: number | null;
    }[] = [];
    for (const implementation of applicable) {
      if (!present.includes(implementation)) {
        runs.push({
          database,
          scenario,
          implementation,
          status: 'absent',
          problem: null,
          statements: null,
          probeMs: null,
          load: null,
          appCpuMs: null,
          personTagRows: null,
        });
        continue;
      }
      const problem = problems.get(implementation) ?? null;
      const probeRequests = (answerMs.get(implementation) ?? 0) > VERY_SLOW_ANSWER_MS ? 1 : 3;
      const probed = await probe(server, path(implementation), probeRequests);
      let personTagRows: number | null = null;
      if (explainClient && implementation !== 'nestjs-paginate') {
        const explained = await explain(explainClient, probed.firstRequest);
        personTagRows = explained.personTagRows;
        explains.push(
          `## ${scenario.id} ${scenario.title}: ${implementation}`,
          '',
          `GET ${path(implementation)}`,
          '',
          explained.text,
          '',
        );
      }
      if (problem) {
        log(`${database} ${scenario.id} ${implementation}: NOT TIMED, ${problem}`);
        runs.push({
          database,
          scenario,
          implementation,
          status: answers.has(implementation) ? 'differs' : 'failed',
          problem,
          statements: probed.statements,
          probeMs: probed.medianMs,
          load: null,
          appCpuMs: null,
          personTagRows,
        });
        continue;
      }
      toTime.push({ implementation, statements: probed.statements, probeMs: probed.medianMs, personTagRows });
    }

    // Rounds run the implementations in turn, every other round in reverse order, so that a drift of
    // the machine during the scenario weighs on each alike. A fixed-number run (slow answers) runs once.
    const loads = new Map<Implementation, { runs: LoadResult[]; cpuMicroseconds: number }>();
    for (let round = 0; round < settings.runs[database].rounds; round += 1) {
      for (const { implementation, probeMs } of round % 2 === 0 ? toTime : [...toTime].reverse()) {
        const plan = loadPlan(probeMs, database);
        if (round > 0 && plan.duration === null) continue;
        const url = `${server.base}${path(implementation)}`;
        const waited = await waitForQuietMachine(QUIET_LIMIT_MS);
        if (waited >= QUIET_LIMIT_MS)
          log(`  the machine was still busy after ${QUIET_LIMIT_MS / 1000} s: timing anyway`);
        if (plan.duration !== null) {
          await runLoad(url, { ...plan, duration: WARM_UP_SECONDS[Math.min(round, WARM_UP_SECONDS.length - 1)]! });
          await server.settle();
        }
        const cpuBefore = await server.cpuMicroseconds();
        const load = await runLoad(url, plan);
        const cpuMicroseconds = (await server.cpuMicroseconds()) - cpuBefore;
        await server.settle();
        const joined = loads.get(implementation) ?? { runs: [], cpuMicroseconds: 0 };
        joined.runs.push(load);
        joined.cpuMicroseconds += cpuMicroseconds;
        loads.set(implementation, joined);
        log(
          `${database} ${scenario.id} ${implementation} (round ${round + 1}): under load p50 ${Math.round(load.p50)} ms, p99 ${Math.round(load.p99)} ms, ` +
            `${load.requestsPerSecond.toFixed(1)} req/s (${load.requests} answers${load.stoppedAtCap ? `, stopped at ${load.plan.cap} s` : ''}), ` +
            `${load.errors} errors${waited >= 2_000 ? `; waited ${Math.round(waited / 1000)} s for a quiet machine first` : ''}`,
        );
      }
    }
    for (const { implementation, statements, probeMs, personTagRows } of toTime) {
      const timed = loads.get(implementation)!;
      const load = joinRuns(timed.runs);
      runs.push({
        database,
        scenario,
        implementation,
        status: 'timed',
        problem: null,
        statements,
        probeMs,
        load,
        appCpuMs: load.requests > 0 ? timed.cpuMicroseconds / 1000 / load.requests : null,
        personTagRows,
      });
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
    ? `with uncommitted changes in packages/nest/src: ${changed
        .split('\n')
        .map((line) => line.trim())
        .join('; ')}`
    : 'packages/nest/src as committed';
  return `commit ${commit} (${source}); @widgetlib/nest build ${libraryFingerprint()}`;
}

async function main(): Promise<void> {
  await acquireRunLock(join(benchRoot, '.data/run.lock'), log);
  const code = measuredCode();
  const databases: DatabaseName[] = onlyDatabase ? [onlyDatabase] : ['postgres', 'sqlite'];
  log(`${quick ? 'Quick' : 'Full'} run on ${databases.join(' and ')}`);
  const postgresState = await preparePostgres(
    { database: settings.postgresDatabase, persons: settings.postgresPeople },
    log,
  );
  log(`PostgreSQL data ${postgresState}`);
  const sqliteState = databases.includes('sqlite')
    ? await prepareSqlite(SQLITE_FILE, settings.postgresDatabase, SQLITE_PEOPLE, log)
    : 'not used';
  log(`SQLite data ${sqliteState}`);

  const runs: ScenarioRun[] = [];
  const loadChecks: LoadCheck[] = [];
  let loadCheckNote: string | null = null;
  const explains: string[] = ["# EXPLAIN (ANALYZE, BUFFERS) of each request's statements (PostgreSQL)", ''];
  for (const database of databases) {
    const server = await BenchServer.start(
      benchRoot,
      database === 'postgres'
        ? { kind: 'postgres', url: postgresUrl(settings.postgresDatabase) }
        : { kind: 'sqlite', file: SQLITE_FILE },
      log,
    );
    log(`${database}: implementations ${server.implementations.join(', ')}`);
    const explainClient =
      database === 'postgres'
        ? new pg.Client({
            connectionString: postgresUrl(settings.postgresDatabase),
            application_name: 'widgetlib-bench-explain',
          })
        : null;
    await explainClient?.connect();
    try {
      const people = database === 'postgres' ? settings.postgresPeople : SQLITE_PEOPLE;
      const list = scenarios(people / 2, database).filter(({ id }) => !onlyScenarios || onlyScenarios.includes(id));
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
  // Only a full run of everything writes the committed RESULTS.md and EXPLAIN.md.
  const suffix = quick ? '-quick' : onlyDatabase || onlyScenarios ? '-partial' : '';
  const resultsFile = join(benchRoot, `RESULTS${suffix}.md`);
  const explainFile = join(benchRoot, `EXPLAIN${suffix}.md`);
  const hasExplain = databases.includes('postgres');
  if (hasExplain) writeFileSync(explainFile, explains.join('\n'));
  const report: Report = {
    mode: quick ? 'quick' : 'full',
    code:
      BenchServer.loadedBuilds.size > 1
        ? `${code}. WARNING: @widgetlib/nest was rebuilt during the run (builds ${[...BenchServer.loadedBuilds].join(', ')} were loaded); the widgetlib figures mix them`
        : code,
    timing: {
      runs: settings.runs,
      warmUpSeconds: WARM_UP_SECONDS,
      amountSeconds: settings.amountSeconds,
      maxAmount: settings.maxAmount,
      cap: settings.cap,
    },
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
