/**
 * The aggregate scenario of issue 31 (S4A): S4's request (name icontains `son`, born in the 1980s,
 * active; first page of 10) on PostgreSQL's 1 000 000 people, answered by `widgetlib/people` (the
 * counts only) and by `widgetlib-totals/people` (the same with `aggregates: { age: ['sum'] }`), in
 * turn, with the library's defaults (`count: 'cached-total'`, so the filtered count and the sum run on
 * every request). The sum is checked against SQL of its own. Writes bench/AGGREGATE-RESULTS.md.
 * Run: `pnpm --filter @widgetlib/bench aggregate` after `node scripts/run.mjs build`.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchSettings } from './bench.settings.js';
import { BenchServer } from './bench-server.js';
import { postgresUrl, preparePostgres } from './data/postgres.seed.js';
import { log } from './log.js';
import { describeMachine } from './machine.info.js';
import { median } from './median.js';
import { acquireRunLock } from './run.lock.js';
import { BORN_FROM, BORN_TO, NAME_TERM } from './scenarios.js';

const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.AGGREGATE_ROUNDS ?? '30');
const WARM_UP = 3;
const QUERY = `limit=10&name__icontains=${NAME_TERM}&born__range=${BORN_FROM},${BORN_TO}&active=true`;
const ENDPOINTS = { count: '/widgetlib/people', sum: '/widgetlib-totals/people' } as const;

interface Envelope {
  recordsFiltered: number;
  aggregates?: { age?: { sum?: number | string } };
}

async function expectedSum(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ sum: string }>(
      `SELECT COALESCE(SUM(age), 0) AS sum FROM person WHERE name ILIKE $1 AND born BETWEEN $2 AND $3 AND active`,
      [`%${NAME_TERM}%`, BORN_FROM, BORN_TO],
    );
    return Number(rows[0]!.sum);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  await acquireRunLock(join(tmpdir(), 'widgetlib-bench.lock'), log);
  const settings = benchSettings(process.argv.includes('--quick'));
  const url = postgresUrl(settings.postgresDatabase);
  log(
    `PostgreSQL data ${await preparePostgres({ database: settings.postgresDatabase, persons: settings.postgresPeople }, log)}`,
  );
  const server = await BenchServer.start(benchRoot, { kind: 'postgres', url }, log);
  try {
    const times: Record<keyof typeof ENDPOINTS, number[]> = { count: [], sum: [] };
    const answers: Partial<Record<keyof typeof ENDPOINTS, Envelope>> = {};
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      for (const name of Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]) {
        const answer = await server.get(`${ENDPOINTS[name]}?${QUERY}`);
        // A cold cache can take a warm-up request past the 5 s statement timeout (a 503): not measured.
        if (answer.status !== 200 && round < WARM_UP) continue;
        if (answer.status !== 200) throw new Error(`${ENDPOINTS[name]} answered ${answer.status}`);
        answers[name] = answer.body as Envelope;
        if (round >= WARM_UP) times[name].push(answer.ms);
      }
    }
    const sum = Number(answers.sum?.aggregates?.age?.sum);
    const expected = await expectedSum(url);
    if (sum !== expected || answers.sum?.recordsFiltered !== answers.count?.recordsFiltered)
      throw new Error(`the sum ${sum} is not the SQL's ${expected}`);
    const [count, withSum] = [median(times.count), median(times.sum)];
    const { cpus, memory, postgres, node } = await describeMachine(settings.postgresDatabase, 'not used');
    const report = [
      '# Aggregate scenario S4A (issue 31)',
      '',
      `S4's request (\`${QUERY}\`) on PostgreSQL, ${settings.postgresPeople.toLocaleString('en')} people, ` +
        `${answers.count?.recordsFiltered?.toLocaleString('en')} matching; ${ROUNDS} requests to each endpoint in turn ` +
        `after ${WARM_UP} of warm-up, one at a time. The sum (${sum.toLocaleString('en')}) equals SQL's.`,
      '',
      '| endpoint | p50 ms | ratio |',
      '| --- | ---: | ---: |',
      `| \`widgetlib/people\` (counts only) | ${count.toFixed(1)} | 1.00 |`,
      `| \`widgetlib-totals/people\` (counts and \`sum\` of \`age\`) | ${withSum.toFixed(1)} | ${(withSum / count).toFixed(2)} |`,
      '',
      `Machine: ${cpus}, ${memory}; ${postgres}; Node ${node}. Shared with other sessions while it ran: one run, ` +
        'figures indicative only.',
      '',
    ].join('\n');
    writeFileSync(join(benchRoot, 'AGGREGATE-RESULTS.md'), report);
    process.stdout.write(report);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  log(`failed: ${String(error)}`);
  process.exitCode = 1;
});
