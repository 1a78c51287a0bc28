/**
 * `npm run bench` (issue 8): prepares the data, runs S1-S6 against the hand-written SQL,
 * nestjs-paginate and widgetlib on PostgreSQL and SQLite, the load check, measures the client
 * bundle, prints one table and writes it to bench/RESULTS.md (bench/RESULTS-quick.md with --quick).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { benchSettings, LOAD_CHECK_CONNECTIONS, SQLITE_PEOPLE, WARM_UP_SECONDS } from './bench.settings.js';
import { BenchServer } from './bench-server.js';
import { measureClientBundles } from './client-bundle.size.js';
import { postgresUrl, prepareAccentSearch, preparePostgres } from './data/postgres.seed.js';
import { prepareSqlite } from './data/sqlite.seed.js';
import { KEYSET_ROW, runKeyset, type KeysetRun } from './keyset.runner.js';
import { runLoad } from './load.runner.js';
import { elapsedSeconds, log } from './log.js';
import { describeMachine } from './machine.info.js';
import { measuredCode } from './measured-code.js';
import type { Implementation } from './implementations.js';
import type { DatabaseName, LoadCheck, Report, ScenarioRun } from './report.types.js';
import { renderReport } from './results.report.js';
import { acquireRunLock } from './run.lock.js';
import { runScenarios } from './scenario.runner.js';
import { requestPath, scenarios } from './scenarios.js';

const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(benchRoot, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyDatabase = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) as DatabaseName | undefined;
const onlyScenarios = args
  .find((arg) => arg.startsWith('--scenarios='))
  ?.slice('--scenarios='.length)
  .split(',');
/** `--implementations=sql,widgetlib`: time only these (the others get no row). */
const onlyImplementations = args
  .find((arg) => arg.startsWith('--implementations='))
  ?.slice('--implementations='.length)
  .split(',') as Implementation[] | undefined;
const settings = benchSettings(quick);
/** One file per source database, so that quick and full runs do not rebuild each other's. */
const SQLITE_FILE = join(benchRoot, `.data/${settings.postgresDatabase}.sqlite`);

async function main(): Promise<void> {
  // In the system's temporary directory, not under bench/: runs from other worktrees share the CPUs and databases too.
  await acquireRunLock(join(tmpdir(), 'widgetlib-bench.lock'), log);
  const code = measuredCode(repositoryRoot);
  const databases: DatabaseName[] = onlyDatabase ? [onlyDatabase] : ['postgres', 'sqlite'];
  log(`${quick ? 'Quick' : 'Full'} run on ${databases.join(' and ')}`);
  const postgresState = await preparePostgres(
    { database: settings.postgresDatabase, persons: settings.postgresPeople },
    log,
  );
  log(`PostgreSQL data ${postgresState}`);
  await prepareAccentSearch(settings.postgresDatabase, log);
  const sqliteState = databases.includes('sqlite')
    ? await prepareSqlite(SQLITE_FILE, settings.postgresDatabase, SQLITE_PEOPLE, log)
    : 'not used';
  log(`SQLite data ${sqliteState}`);

  const runs: ScenarioRun[] = [];
  const loadChecks: LoadCheck[] = [];
  const keyset: KeysetRun[] = [];
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
      const list = scenarios(people, database).filter(({ id }) => !onlyScenarios || onlyScenarios.includes(id));
      runs.push(
        ...(await runScenarios({ database, server, settings, explainClient, explains, onlyImplementations }, list)),
      );
      if (!onlyScenarios || onlyScenarios.includes(KEYSET_ROW)) keyset.push(...(await runKeyset(server, database)));
      if (database === 'postgres') {
        if (!server.implementations.includes('widgetlib')) {
          loadCheckNote = 'this build has no widgetlib endpoint (@DataTable is not exported by @widgetlib/nest)';
        } else {
          for (const scenario of list.filter(({ id }) => id === 'S3' || id === 'S4')) {
            const load = await runLoad(server.base, requestPath(scenario, 'widgetlib', 0), {
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
  const suffix = quick ? '-quick' : onlyDatabase || onlyScenarios || onlyImplementations ? '-partial' : '';
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
    seconds: elapsedSeconds(),
    machine: await describeMachine(settings.postgresDatabase, sqliteVersion),
    people: { postgres: settings.postgresPeople, sqlite: SQLITE_PEOPLE },
    datasets: {
      postgres:
        `${settings.postgresPeople.toLocaleString('en')} people, 1,000 countries, 50 tags, about 3 tags per person ` +
        `(database ${settings.postgresDatabase}; btree on foreign keys and sorted columns, join-table keys, pg_trgm GIN on name, email, country name)`,
      sqlite: `the first ${SQLITE_PEOPLE.toLocaleString('en')} people of the PostgreSQL data with their countries and tags (same btree indexes)`,
    },
    runs,
    keyset,
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
