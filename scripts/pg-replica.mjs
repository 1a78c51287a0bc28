#!/usr/bin/env node
// A streaming hot standby of the local PostgreSQL cluster, for the tests of reads from replicas.
//   node scripts/pg-replica.mjs start   makes it (pg_basebackup -R) unless it exists, starts it, waits
//                                       until it answers reads and has replayed the primary's WAL, and
//                                       prints its URL (WIDGETLIB_PG_REPLICA_URL)
//   node scripts/pg-replica.mjs stop    stops it (its folder stays, so that `start` is quick)
//   node scripts/pg-replica.mjs status  says whether it runs (exit status 0) or not (3)
//   node scripts/pg-replica.mjs url     prints its URL
// The primary is WIDGETLIB_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), the standby
// listens on WIDGETLIB_PG_REPLICA_PORT (default 5433) and lives in WIDGETLIB_PG_REPLICA_DIR (default
// /var/tmp/widgetlib-pg-replica). The primary needs wal_level replica and max_wal_senders > 0 (the
// defaults); a pg_hba.conf without a replication rule for 127.0.0.1 gets one, and is reloaded (no restart).
// PostgreSQL's programs refuse to run as root: as root they run as the user `postgres`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const primaryUrl = new URL(process.env.WIDGETLIB_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const port = Number(process.env.WIDGETLIB_PG_REPLICA_PORT || 5433);
const dir = process.env.WIDGETLIB_PG_REPLICA_DIR || '/var/tmp/widgetlib-pg-replica';
const logFile = `${dir}.log`;
const user = decodeURIComponent(primaryUrl.username || 'postgres');
const primary = { host: primaryUrl.hostname, port: primaryUrl.port || '5432' };
const CATCH_UP_MS = 60_000;

function fail(message) {
  console.error(`pg-replica: ${message}`);
  process.exit(1);
}

/** Runs a PostgreSQL program, or `rm` (as `postgres` when this is root); answers its result. */
function pg(program, args, { check = true } = {}) {
  const found = ['/usr/lib/postgresql', '/usr/local/pgsql']
    .flatMap((base) => (existsSync(base) ? listVersions(base).map((version) => join(base, version, 'bin')) : []))
    .map((bin) => join(bin, program))
    .find(existsSync);
  const command = found ?? program;
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
    cwd: '/tmp',
  });
  if (result.error) fail(`${program} could not run: ${result.error.message}`);
  if (check && result.status !== 0) fail(`${program} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result;
}

function listVersions(base) {
  return readdirSync(base)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
}

/** One value a statement answers, or null when the server cannot be reached. */
function ask(where, sql) {
  const result = pg('psql', ['-h', where.host, '-p', String(where.port), '-U', user, '-d', 'postgres', '-Atqc', sql], {
    check: false,
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

const replica = { host: '127.0.0.1', port };
const replicaUrl = () => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The primary allows a standby to stream from it, its pg_hba.conf changed and reloaded if needed. */
function preparePrimary() {
  const walLevel = ask(primary, 'SHOW wal_level');
  if (walLevel === null) fail(`the primary ${primary.host}:${primary.port} cannot be reached`);
  if (walLevel === 'minimal' || Number(ask(primary, 'SHOW max_wal_senders')) < 1) {
    fail('the primary needs wal_level replica and max_wal_senders > 0 (changing them needs a restart of the primary)');
  }
  const rules = ask(
    primary,
    "SELECT count(*) FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND (type = 'local' OR address IN ('127.0.0.1', 'all', 'samehost'))",
  );
  if (Number(rules) > 0) return;
  const hbaFile = ask(primary, 'SHOW hba_file');
  if (!hbaFile || !existsSync(hbaFile)) fail(`the primary's pg_hba.conf (${hbaFile}) is not on this machine`);
  appendFileSync(
    hbaFile,
    '\n# Added by widgetlib scripts/pg-replica.mjs: the test replica streams from here.\nhost replication all 127.0.0.1/32 trust\n',
  );
  ask(primary, 'SELECT pg_reload_conf()');
}

function running() {
  return existsSync(join(dir, 'PG_VERSION')) && pg('pg_ctl', ['status', '-D', dir], { check: false }).status === 0;
}

/** A fresh base backup of the primary in `dir`, configured as a hot standby on `port`. */
function create() {
  pg('rm', ['-rf', dir]);
  pg('pg_basebackup', [
    '-h',
    primary.host,
    '-p',
    primary.port,
    '-U',
    user,
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // Debian keeps the cluster's configuration in /etc: the standby gets its own, with the settings
  // a hot standby must have at least as high as its primary's.
  const copied = [
    'max_connections',
    'max_worker_processes',
    'max_wal_senders',
    'max_prepared_transactions',
    'max_locks_per_transaction',
  ];
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'hot_standby_feedback = on',
    "log_destination = 'stderr'",
    ...copied.map((name) => `${name} = ${ask(primary, `SHOW ${name}`)}`),
  ];
  writeFileSync(join(dir, 'postgresql.conf'), `${settings.join('\n')}\n`);
  writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
}

/** Whether the standby answers reads and has replayed everything the primary had written when asked. */
function waitCaughtUp() {
  const target = ask(primary, 'SELECT pg_current_wal_lsn()');
  const until = Date.now() + CATCH_UP_MS;
  while (Date.now() < until) {
    const replayed = ask(replica, `SELECT pg_is_in_recovery() AND pg_last_wal_replay_lsn() >= '${target}'::pg_lsn`);
    if (replayed === 't') return true;
    sleep(200);
  }
  return false;
}

function start() {
  preparePrimary();
  if (!running()) {
    if (!existsSync(join(dir, 'standby.signal'))) create();
    const started = pg('pg_ctl', ['start', '-D', dir, '-l', logFile, '-w', '-t', '60'], { check: false });
    if (started.status !== 0) {
      // A standby stopped too long can need WAL the primary no longer keeps: make it again.
      pg('pg_ctl', ['stop', '-D', dir, '-m', 'immediate'], { check: false });
      create();
      pg('pg_ctl', ['start', '-D', dir, '-l', logFile, '-w', '-t', '60']);
    }
  }
  if (!waitCaughtUp()) {
    pg('pg_ctl', ['stop', '-D', dir, '-m', 'fast'], { check: false });
    create();
    pg('pg_ctl', ['start', '-D', dir, '-l', logFile, '-w', '-t', '60']);
    if (!waitCaughtUp()) fail(`the standby does not catch up with the primary (see ${logFile})`);
  }
  console.log(replicaUrl());
}

function stop() {
  if (running()) pg('pg_ctl', ['stop', '-D', dir, '-m', 'fast', '-w']);
}

const command = process.argv[2] ?? 'start';
if (command === 'start') start();
else if (command === 'stop') stop();
else if (command === 'url') console.log(replicaUrl());
else if (command === 'status') {
  const up = running();
  console.log(up ? 'running' : 'stopped');
  process.exit(up ? 0 : 3);
} else fail(`unknown command "${command}"; use start, stop, status or url`);
