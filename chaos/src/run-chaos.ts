import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { MariaDbServer, PostgresServer, type DatabaseServer } from './database-server.js';
import { faultRun, type RunFigures } from './fault-run.js';
import { twoInstanceRun } from './two-instance-run.js';
import { liveRedisRun } from './live-redis-run.js';

const LOAD_MS = Number(process.env.CHAOS_LOAD_SECONDS ?? 60) * 1_000;
const TWO_INSTANCE_LOAD_MS = Number(process.env.CHAOS_TWO_INSTANCE_SECONDS ?? 30) * 1_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;

const sessionSecret = randomBytes(32).toString('hex');
const servers: DatabaseServer[] = [new PostgresServer(), new MariaDbServer()];
const runs: RunFigures[] = [];
// `CHAOS_ONLY=live-redis`: only the check of live tables across a Redis restart.
const only = process.env.CHAOS_ONLY;
if (only !== undefined && only !== 'live-redis') throw new Error(`CHAOS_ONLY names no check: ${only}`);
try {
  for (const server of only ? [] : servers) {
    console.log(`chaos: ${server.name}, ${seconds(LOAD_MS)} of mixed load with its sessions ended and a restart`);
    runs.push(
      await faultRun({ server, database: 'widgetlib_chaos', port: await freePort(), sessionSecret, loadMs: LOAD_MS }),
    );
  }
  const two = only
    ? { requests: 0, errors: 0, problems: [] }
    : await (async () => {
        console.log(`chaos: two instances on PostgreSQL behind a round-robin proxy, ${seconds(TWO_INSTANCE_LOAD_MS)}`);
        return twoInstanceRun(
          servers[0]!,
          // A database of its own each run: counts cached in Redis by an earlier run never match it.
          `widgetlib_chaos_two_${Date.now().toString(36)}`,
          [await freePort(), await freePort()],
          sessionSecret,
          TWO_INSTANCE_LOAD_MS,
        );
      })();
  console.log('chaos: a live albums table on one of two instances while Redis restarts');
  const live = await liveRedisRun(
    servers[0]!,
    `widgetlib_chaos_live_${Date.now().toString(36)}`,
    [await freePort(), await freePort()],
    sessionSecret,
  );

  const problems = [...runs.flatMap((run) => [...run.lostWrites, ...run.problems]), ...two.problems, ...live.problems];
  for (const problem of problems.slice(0, 40)) console.log(`  problem: ${problem}`);
  if (problems.length > 40) console.log(`  ... and ${problems.length - 40} more`);
  const faults = runs.flatMap((run) => run.faults);
  const recoveries = faults.map((fault) => `${fault.name} ${seconds(fault.recoveryMs)}`).join(', ');
  console.log(
    `chaos: ${runs.reduce((sum, run) => sum + run.requests, 0)} requests, ` +
      `${runs.reduce((sum, run) => sum + run.acknowledgedWrites, 0)} acknowledged writes, ` +
      `${runs.reduce((sum, run) => sum + run.lostWrites.length, 0)} writes lost, ` +
      `${faults.length} faults injected, ` +
      `longest request ${Math.max(...runs.map((run) => run.longestMs))} ms, ` +
      `${runs.reduce((sum, run) => sum + run.otherServerErrors, 0)} 5xx other than 503, ` +
      `${runs.reduce((sum, run) => sum + run.unavailable, 0)} 503 during faults, ` +
      `recovery: ${recoveries}; ` +
      `two instances: ${two.requests} requests, ${two.errors} errors; ` +
      `${problems.length === 0 ? 'passed' : `FAILED (${problems.length} problems)`}`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  // The servers stay up for whatever runs next, whatever happened here.
  for (const server of servers) await server.waitUntilUp().catch(() => undefined);
}
