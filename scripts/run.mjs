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
 * A whole run goes in two lanes at once: the browser tests (Chromium and a server per file, mostly
 * CPU) in one, every other test (mostly waiting on the databases) in the other, so that a 2-core
 * machine keeps both cores busy without running two Chromium suites against each other. The other
 * tests are taken from a shared queue, a quarter of what is left at a time (one jest each, the
 * e2e files first): the browser lane takes its share once its own files are done, so the two lanes
 * end close together whichever is longer. A run given its own arguments (files, patterns, options)
 * is one jest as asked.
 */
const BROWSER_TESTS = ['--testPathPatterns', '\\.browser-spec\\.ts$'];
const OTHER_TESTS = ['--testPathPatterns', '(\\.e2e-spec|[^-]\\.spec)\\.ts$'];

/** The test files a jest run with `args` would run, in jest's order. */
function listTests(args) {
  const listed = spawnSync(pnpmBin, [...pnpmPrefix, 'exec', 'jest', '--listTests', '--json', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const json = listed.stdout.split('\n').find((line) => line.startsWith('['));
  if (listed.status !== 0 || json === undefined) {
    process.stderr.write(listed.stderr);
    console.error('jest could not list the tests.');
    process.exit(listed.status || 1);
  }
  return JSON.parse(json);
}

/** Runs jest as asked, each run writing its results into a file of its own in `resultsDir` (listed in `files`). */
function jestRunner(resultsDir) {
  const files = [];
  const run = (args) => {
    const resultsFile = join(resultsDir, `results-${files.length}.json`);
    files.push(resultsFile);
    return new Promise((resolveRun) => {
      const child = spawn(pnpmBin, [...pnpmPrefix, 'exec', 'jest', '--json', `--outputFile=${resultsFile}`, ...args], {
        cwd: root,
        env,
        stdio: 'inherit',
      });
      child.on('error', () => resolveRun(1));
      child.on('exit', (code) => resolveRun(code ?? 1));
    });
  };
  return { files, run };
}

/** The lanes of a whole run; each resolves with its statuses and how long it ran (seconds). */
function wholeRunLanes(jest) {
  const browserFiles = listTests(BROWSER_TESTS);
  const others = listTests(OTHER_TESTS);
  const queue = [
    ...others.filter((file) => file.endsWith('.e2e-spec.ts')),
    ...others.filter((file) => !file.endsWith('.e2e-spec.ts')),
  ];
  const lane = async (name, first) => {
    const started = Date.now();
    const statuses = first.length > 0 ? [await jest.run(['--runTestsByPath', ...first])] : [];
    while (queue.length > 0) {
      // At least 8 files: starting jest costs a few seconds, more than a unit spec file takes.
      const files = queue.splice(0, Math.max(8, Math.ceil(queue.length / 4)));
      statuses.push(await jest.run(['--runTestsByPath', ...files]));
    }
    return { name, statuses, seconds: (Date.now() - started) / 1000 };
  };
  return [lane('browser', browserFiles), lane('other', [])];
}

// Jest's own summary is not the last thing it prints; the plain line printed here is, so that a
// reader of the log's last line sees the result. A suite that could not run counts as a failure.
async function runJest(args) {
  const resultsDir = mkdtempSync(join(tmpdir(), 'widgetlib-jest-'));
  const jest = jestRunner(resultsDir);
  const lanes = await Promise.all(
    args.length > 0
      ? [jest.run(args).then((status) => ({ name: 'jest', statuses: [status], seconds: 0 }))]
      : wholeRunLanes(jest),
  );
  const statuses = lanes.flatMap((lane) => lane.statuses);
  let summary = 'Tests: 0 passed, 1 failed, 0 skipped';
  if (jest.files.length === 0 || !jest.files.every((file) => existsSync(file))) {
    console.error('jest wrote no results: it did not run.');
  } else {
    const results = jest.files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
    const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
    const failed = total('numFailedTests') + total('numRuntimeErrorTestSuites');
    const skipped = total('numPendingTests') + total('numTodoTests');
    const merged = { testResults: results.flatMap((result) => result.testResults) };
    if (args.length === 0) {
      console.log(`Lanes: ${lanes.map((lane) => `${lane.name} ${lane.seconds.toFixed(0)} s`).join(', ')}`);
    }
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
