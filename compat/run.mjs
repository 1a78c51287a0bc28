#!/usr/bin/env node
// The compatibility suite: packs both packages, builds a small host application for each supported
// combination (compat/combinations.mjs) outside the workspace, installs the tarballs and the
// combination's versions with npm (through npm's cache, which later runs reuse), compiles the host
// with its own TypeScript settings, starts it on each database and runs the smoke checks
// (compat/smoke.mjs) against it. Run by `npm run compat` (after the build) and by .ci/run.
//
//   node compat/run.mjs [--only <name>,...] [--keep]
//   WIDGETLIB_COMPAT_DATABASES=sqlite,postgres (default)   WIDGETLIB_PG_URL=postgres://...
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { COMBINATIONS, REPORTED_PACKAGES } from './combinations.mjs';
import { keepBetterSqliteBuild, prebuildsEnv } from './prebuilds.mjs';
import { runSmokeChecks, SEED } from './smoke.mjs';

const execFileAsync = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const keep = args.includes('--keep');
const databases = (process.env.WIDGETLIB_COMPAT_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const pgUrl = process.env.WIDGETLIB_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const env = { ...process.env, ...prebuildsEnv };
// better-sqlite3 compiles from source where its prebuilt binaries cannot be downloaded: node-gyp
// then needs Node's headers, which Debian's nodejs package installs here.
env.npm_config_nodedir ??= '/usr';

async function run(command, commandArgs, options) {
  try {
    return await execFileAsync(command, commandArgs, { maxBuffer: 64 * 1024 * 1024, env, ...options });
  } catch (error) {
    throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`, {
      cause: error,
    });
  }
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

async function pack(name, destination) {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(root, 'packages', name),
  });
  return JSON.parse(stdout)[0].filename;
}

function tsconfig(combination) {
  const commonjs = combination.module === 'commonjs';
  return {
    compilerOptions: {
      target: 'ES2022',
      module: commonjs ? 'node16' : 'nodenext',
      moduleResolution: commonjs ? 'node16' : 'nodenext',
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      esModuleInterop: true,
      skipLibCheck: false,
      rootDir: 'src',
      outDir: 'dist',
      types: ['node'],
    },
    include: ['src'],
  };
}

/**
 * The first install of each better-sqlite3 range; the others wait for it, so that a version is
 * compiled once and the others unpack its kept build (prebuilds.mjs).
 */
const firstInstalls = new Map();

async function npmInstall(combination, host) {
  const range = combination.dependencies['better-sqlite3'];
  const first = firstInstalls.get(range);
  let done = () => {};
  if (first) await first;
  else firstInstalls.set(range, new Promise((resolveFirst) => (done = resolveFirst)));
  try {
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: host });
    await keepBetterSqliteBuild(host);
  } finally {
    done();
  }
}

/** Writes the host of `combination` into `work`, installs it with npm and compiles it. */
async function prepareHost(combination, work, tarballs) {
  const host = join(work, combination.name);
  const timings = {};
  await cp(join(here, 'host/src'), join(host, 'src'), { recursive: true });
  await cp(join(here, 'host/platforms', `${combination.platform}.ts`), join(host, 'src/platform.ts'));
  const manifest = {
    name: `widgetlib-compat-${combination.name}`.replace(/[^a-z0-9-]/g, '-'),
    private: true,
    ...(combination.module === 'esm' ? { type: 'module' } : {}),
    dependencies: {
      ...combination.dependencies,
      '@widgetlib/nest': `file:../${tarballs.nest}`,
      '@widgetlib/client': `file:../${tarballs.client}`,
    },
    devDependencies: { typescript: '~5.9.3', '@types/node': '^20.19.0', ...combination.devDependencies },
  };
  await writeFile(join(host, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(host, 'tsconfig.json'), `${JSON.stringify(tsconfig(combination), null, 2)}\n`);
  await writeFile(join(host, 'seed.json'), JSON.stringify(SEED));

  let since = Date.now();
  await npmInstall(combination, host);
  timings.install = seconds(since);
  since = Date.now();
  await run(process.execPath, [join(host, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: host });
  timings.compile = seconds(since);

  const versions = {};
  const requireFromHost = createRequire(join(host, 'package.json'));
  for (const name of REPORTED_PACKAGES) {
    try {
      versions[name] = JSON.parse(await readFile(join(host, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      // not part of this combination
    }
  }
  return { host, timings, versions, requireFromHost };
}

/** A fresh PostgreSQL database for one host run, dropped afterwards. */
async function postgresDatabase(requireFromHost, name) {
  const { Client } = requireFromHost('pg');
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts the compiled host and resolves with its URL once it prints it. */
function startHost(host, extraEnv) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: host,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => rejectStart(new Error(`the host did not start within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /LISTENING (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart(match[1]);
      }
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`the host exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    started,
    output: () => output,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}

async function smokeOn(combination, prepared, database) {
  const since = Date.now();
  let postgres;
  const extraEnv = {};
  if (database === 'postgres') {
    postgres = await postgresDatabase(
      prepared.requireFromHost,
      `widgetlib_compat_${combination.name.replace(/[^a-z0-9]/g, '_')}_${process.pid}`,
    );
    extraEnv.DATABASE_URL = postgres.url;
  }
  const host = startHost(prepared.host, extraEnv);
  try {
    const baseUrl = await host.started;
    const results = await runSmokeChecks(baseUrl);
    return { database, results, time: seconds(since) };
  } catch (error) {
    return { database, results: [{ name: 'start', ok: false, detail: error.message }], time: seconds(since) };
  } finally {
    await host.stop();
    await postgres?.drop();
  }
}

async function main() {
  const since = Date.now();
  const combinations = COMBINATIONS.filter((combination) => !only || only.includes(combination.name));
  const work = await mkdtemp(join(tmpdir(), 'widgetlib-compat-'));
  console.log(
    `Compatibility suite in ${work}: ${combinations.map((c) => c.name).join(', ')} on ${databases.join(', ')}`,
  );
  const tarballs = { nest: await pack('nest', work), client: await pack('client', work) };

  const outcomes = await Promise.all(
    combinations.map(async (combination) => {
      let prepared;
      try {
        prepared = await prepareHost(combination, work, tarballs);
        console.log(
          `${combination.name}: installed in ${prepared.timings.install}, compiled in ${prepared.timings.compile}`,
        );
      } catch (error) {
        console.log(`${combination.name}: could not be prepared`);
        return { combination, error: error.message, runs: [] };
      }
      const runs = [];
      for (const database of databases) runs.push(await smokeOn(combination, prepared, database));
      return { combination, prepared, runs };
    }),
  );

  let passed = 0;
  let failed = 0;
  console.log('\nCompatibility summary');
  for (const { combination, prepared, error, runs } of outcomes) {
    console.log(
      `\n${combination.name} (${combination.module === 'esm' ? 'ES-module' : 'CommonJS'} host, ${combination.platform})`,
    );
    if (error) {
      failed += 1;
      console.log(`  FAILED to install or compile:\n${error.replace(/^/gm, '    ')}`);
      continue;
    }
    console.log(
      `  ${Object.entries(prepared.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}`,
    );
    console.log(`  install ${prepared.timings.install}, compile ${prepared.timings.compile}`);
    for (const { database, results, time } of runs) {
      const good = results.filter((result) => result.ok).length;
      passed += good;
      failed += results.length - good;
      console.log(`  ${database.padEnd(8)} ${good}/${results.length} checks passed (${time})`);
      for (const result of results.filter((entry) => !entry.ok)) {
        console.log(`    FAILED ${result.name}:\n${result.detail.replace(/^/gm, '      ')}`);
      }
    }
  }
  if (!keep) await rm(work, { recursive: true, force: true });
  console.log(`\nCompat: ${passed} passed, ${failed} failed (${seconds(since)})`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();
