#!/usr/bin/env node
// The root npm scripts (`npm test`, `npm run demo`, ...) go through here so that a machine with only
// Node.js and npm needs nothing else: pnpm is fetched through npx when it is not installed, the
// workspace is installed from the lockfile, the packages are built, then the task runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '12.21.0';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [task = 'test', ...taskArgs] = process.argv.slice(2);

const env = { ...process.env };
// pnpm 12 ignores `nodedir` in .npmrc; without it node-gyp tries to download Node's headers when
// better-sqlite3 has to be compiled from source on a machine that cannot reach its prebuilt binaries.
if (!env.npm_config_nodedir && existsSync('/usr/include/node/node_version.h')) {
  env.npm_config_nodedir = '/usr';
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { env, encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm', []];
  return ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
}

const [pnpmBin, pnpmPrefix] = pnpmCommand();
// Tests that install packages outside the workspace (the packed-tarball test) use the same pnpm.
env.WIDGETLIB_PNPM = [pnpmBin, ...pnpmPrefix].join(' ');
const pnpm = (...args) => run(pnpmBin, [...pnpmPrefix, ...args]);

function install() {
  pnpm('install', '--frozen-lockfile', '--reporter=append-only');
}

/** The sources whose import graph `.dependency-cruiser.mjs` checks. */
const SOURCE_FOLDERS = ['packages/nest/src', 'packages/client/src', 'packages/rules/src'];

/**
 * When the tests run on PostgreSQL and no replica is given, starts the streaming standby the replica
 * tests read from (scripts/pg-replica.mjs) and points them at it; one this started is stopped when
 * the run ends. In CI a replica that cannot be started fails the run; elsewhere those tests are
 * then skipped, saying why.
 */
function startPgReplica() {
  const databases = (env.WIDGETLIB_TEST_DATABASES ?? 'sqlite').split(',').map((name) => name.trim().toLowerCase());
  if (!databases.includes('postgres') || env.WIDGETLIB_PG_REPLICA_URL) return;
  const script = join(root, 'scripts/pg-replica.mjs');
  const wasRunning = spawnSync(process.execPath, [script, 'status'], { env, encoding: 'utf8' }).status === 0;
  const started = spawnSync(process.execPath, [script, 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) {
    console.error(started.stderr);
    if (env.CI) process.exit(started.status ?? 1);
    console.error('The PostgreSQL replica could not be started: the replica tests are skipped.');
    return;
  }
  env.WIDGETLIB_PG_REPLICA_URL = started.stdout.trim();
  if (!wasRunning) process.on('exit', () => spawnSync(process.execPath, [script, 'stop'], { env, stdio: 'inherit' }));
}

function build() {
  pnpm('--filter', './packages/*', '--sort', 'run', 'build');
}

/** How many passed tests ran on each database (suites name theirs as `[kind]`), and how many elsewhere (no database, or one fixed SQLite). */
function passedPerDatabase(results) {
  const counts = new Map();
  for (const suite of results.testResults) {
    for (const test of suite.assertionResults) {
      if (test.status !== 'passed') continue;
      const kind = /\[(sqlite|postgres|mariadb|mysql)\]/.exec(test.ancestorTitles.join(' '))?.[1] ?? 'other';
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ');
}

/** The slowest test files with their durations, so that a run's log shows where its time went. */
function slowestFiles(results, count = 15) {
  return results.testResults
    .map((suite) => ({ file: relative(root, suite.name), seconds: (suite.endTime - suite.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(7)} s  ${file}`)
    .join('\n');
}

/**
 * A whole run goes in two lanes at once, one jest each: the browser tests (Chromium and a server per
 * file, mostly CPU) beside every other test (mostly waiting on the databases), so that a 2-core
 * machine keeps both cores busy without running two Chromium suites against each other. A run given
 * its own arguments (files, patterns, options) is one jest as asked.
 */
const WHOLE_RUN_LANES = [
  { name: 'browser', args: ['--testPathPatterns', '\\.browser-spec\\.ts$'] },
  { name: 'other', args: ['--testPathPatterns', '(\\.e2e-spec|[^-]\\.spec)\\.ts$'] },
];

/** Runs one jest; resolves with its exit status and how long it ran (seconds). */
function jestLane(args, resultsFile) {
  const started = Date.now();
  return new Promise((resolveLane) => {
    const done = (status) => resolveLane({ status, seconds: (Date.now() - started) / 1000 });
    const child = spawn(pnpmBin, [...pnpmPrefix, 'exec', 'jest', '--json', `--outputFile=${resultsFile}`, ...args], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

// Jest's own summary is not the last thing it prints; the plain line printed here is, so that a
// reader of the log's last line sees the result. A suite that could not run counts as a failure.
async function runJest(args) {
  const resultsDir = mkdtempSync(join(tmpdir(), 'widgetlib-jest-'));
  const lanes = args.length > 0 ? [{ name: 'jest', args }] : WHOLE_RUN_LANES;
  const resultsFiles = lanes.map((_, index) => join(resultsDir, `results-${index}.json`));
  const ended = await Promise.all(lanes.map((lane, index) => jestLane(lane.args, resultsFiles[index])));
  const statuses = ended.map(({ status }) => status);
  let summary = 'Tests: 0 passed, 1 failed, 0 skipped';
  if (!resultsFiles.every((file) => existsSync(file))) {
    console.error('jest wrote no results: it did not run.');
  } else {
    const results = resultsFiles.map((file) => JSON.parse(readFileSync(file, 'utf8')));
    const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
    const failed = total('numFailedTests') + total('numRuntimeErrorTestSuites');
    const skipped = total('numPendingTests') + total('numTodoTests');
    const merged = { testResults: results.flatMap((result) => result.testResults) };
    // Which lane the run waited for: the one to shorten next.
    console.log(`Lanes: ${lanes.map((lane, index) => `${lane.name} ${ended[index].seconds.toFixed(0)} s`).join(', ')}`);
    console.log(`Slowest test files:\n${slowestFiles(merged)}`);
    console.log(`Passed per database: ${passedPerDatabase(merged)}`);
    summary = `Tests: ${total('numPassedTests')} passed, ${failed} failed, ${skipped} skipped`;
  }
  rmSync(resultsDir, { recursive: true, force: true });
  console.log(summary);
  process.exit(statuses.find((status) => status !== 0) ?? 0);
}

/**
 * Runs a server until it stops, and ends as it did. Ctrl+C (SIGINT) and a service manager's SIGTERM
 * or SIGHUP are passed on, and this process waits for the server to close: the server ends with 0
 * when it shut down cleanly. (A terminal's Ctrl+C also reaches the server directly; it closes once.)
 */
function serve(command, args, options) {
  const child = spawn(command, args, { env, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}

switch (task) {
  case 'install':
    install();
    break;
  case 'build':
    install();
    build();
    break;
  case 'test':
    install();
    build();
    // jest compiles with swc, which strips types without checking them: check everything first.
    pnpm('exec', 'tsc', '-p', 'tsconfig.json');
    pnpm('exec', 'eslint', '--max-warnings', '0', '.');
    pnpm('exec', 'depcruise', '--config', '.dependency-cruiser.mjs', ...SOURCE_FOLDERS);
    pnpm('exec', 'prettier', '--check', '--log-level', 'warn', '.');
    env.NODE_OPTIONS = [env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning']
      .filter(Boolean)
      .join(' ');
    startPgReplica();
    await runJest(taskArgs);
    break;
  case 'compat':
    install();
    build();
    run(process.execPath, [join(root, 'compat/run.mjs'), ...taskArgs]);
    break;
  case 'demo': {
    // `npm run demo -- --no-build` starts what the last `npm run demo` built, at once.
    const noBuild = taskArgs.includes('--no-build');
    if (!noBuild) {
      install();
      build();
      pnpm('--filter', '@widgetlib/demo', 'run', 'build');
    }
    // Not through `pnpm run`: the server is this process's child, so that stopping it ends with its status.
    const demoArgs = taskArgs.filter((arg) => arg !== '--no-build');
    serve(process.execPath, ['dist/main.js', ...demoArgs], { cwd: join(root, 'examples/demo') });
    break;
  }
  case 'chaos':
    install();
    build();
    pnpm('--filter', '@widgetlib/demo', 'run', 'build');
    pnpm('--filter', '@widgetlib/chaos', 'run', 'chaos', ...taskArgs);
    break;
  case 'bench':
    install();
    build();
    pnpm('--filter', '@widgetlib/bench', 'run', 'bench', ...taskArgs);
    break;
  default:
    console.error(`Unknown task "${task}". Use one of: install, build, test, compat, demo, bench, chaos.`);
    process.exit(2);
}
