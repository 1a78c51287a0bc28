import { ms, table } from './figures.js';
import type { Report } from './report.types.js';
import { scenarioTable } from './scenario.table.js';
import { targetLines } from './targets.js';

function runsText(runs: { rounds: number; seconds: number }): string {
  return runs.rounds === 1 ? `one run of ${runs.seconds} s` : `${runs.rounds} runs of ${runs.seconds} s`;
}

export function renderReport(report: Report): string {
  const machine = report.machine;
  const targets = targetLines(report);
  const problems = report.runs.filter((run) => run.problem !== null);
  const sections = [
    `# widgetlib list-endpoint benchmark (${report.mode} run)`,
    '',
    `Measured by \`${report.command}\`, finished ${report.finishedAt.toISOString()}, ${Math.round(report.seconds)} s in all ` +
      '(data preparation included). Figures come from that run; nothing here is edited by hand.',
    '',
    `Code: ${report.code}.`,
    '',
    '## Machine',
    `- CPUs: ${machine.cpus}`,
    `- Memory: ${machine.memory}`,
    `- ${machine.postgres}`,
    `- ${machine.sqlite}`,
    `- Node.js ${machine.node}`,
    '- The load generator (autocannon) and the Nest application (one process) share these CPUs with the database.',
    '',
    '## Data',
    `- PostgreSQL: ${report.datasets.postgres}`,
    `- SQLite: ${report.datasets.sqlite}`,
    '',
    '## Scenarios (pages of 10 rows, 16 connections)',
    "An implementation is timed only after its answer has the same count, ids, countries and tags as the hand-written SQL's. " +
      '"single answer" is the median time of sequential requests on an idle server (three, or one when an answer takes over 2 s). ' +
      `Up to 200 ms, an implementation is timed in ${runsText(report.timing.runs.postgres)} on PostgreSQL and ${runsText(report.timing.runs.sqlite)} on SQLite; ` +
      'the implementations of a scenario take their runs in turn, every other round in reverse order, and the figures join the answers of all runs. ' +
      `Each run follows ${report.timing.warmUpSeconds.join(' s (first round) or ')} s (later rounds) of the same load that is not measured, ` +
      'so that every implementation is timed warm, and waits first until the machine is quiet (under 10 % CPU over a second). ' +
      'Over 200 ms the load run sends a fixed number of requests once (as many as fit in about ' +
      `${report.timing.amountSeconds} s on two cores, at least one per connection, at most ${report.timing.maxAmount}), ` +
      `and is stopped at ${report.timing.cap} s; ` +
      'a run stopped at its cap reports the latencies of the answered requests only, so its p50/p99 are lower bounds (">="), ' +
      'and ratios built on it are lower bounds or approximations ("~"). ' +
      'Statements per request are counted in the driver (`pg` Client#query, better-sqlite3 statement execution) during those sequential requests. ' +
      '"app CPU" is the CPU time (user and system) of the Nest application\'s process per answered request during the run; ' +
      "the database's and the load generator's are not in it.",
    '',
    '`sql` is hand-written SQL: the page with its country joined and the count, run concurrently, then the tags of the page; ' +
      'it answers `recordsFiltered` only (one count). ' +
      '`nestjs-paginate` is `paginate()` with the same relations, search fields and filters, otherwise its defaults; ' +
      '`nestjs-paginate-optimized` adds `optimizedCount: true` (its count leaves out the LEFT joins no condition reads). ' +
      "`widgetlib` is `@DataTable` with the library's defaults: every count exact on every request, " +
      'so a filtered request counts `recordsTotal` as well as `recordsFiltered`. ' +
      "`widgetlib-cached` adds `count: 'cached'`: each exact count is kept for 60 s in the library's in-memory cache, " +
      'so a repeated request, or another page of the same result, counts nothing.',
    '',
    scenarioTable(report.runs),
    '',
    '## Targets (PostgreSQL)',
    table(
      ['Target', 'Measured', 'Holds'],
      targets.map((line) => [
        line.target,
        line.measured,
        line.holds === null ? 'not measured' : line.holds ? 'yes' : 'NO',
      ]),
    ),
    '',
    '## Load check (PostgreSQL, widgetlib)',
    report.loadChecks.length > 0
      ? table(
          ['Scenario', 'Connections', 'Duration', 'Requests', 'Errors', 'p50 ms', 'p99 ms', 'req/s'],
          report.loadChecks.map((check) => [
            `${check.scenario.id} ${check.scenario.title}`,
            String(check.load.plan.connections),
            `${check.load.plan.duration} s`,
            String(check.load.requests),
            String(check.load.errors),
            check.load.requests > 0 ? ms(check.load.p50) : 'none answered',
            check.load.requests > 0 ? ms(check.load.p99) : 'none answered',
            check.load.requestsPerSecond.toFixed(1),
          ]),
        )
      : `Not run: ${report.loadCheckNote ?? 'no widgetlib endpoint'}.`,
    '',
    '## Client bundle (gzip level 9)',
    table(
      ['What', 'gzip bytes', 'Note'],
      report.bundles.map((bundle) => [
        bundle.what,
        bundle.gzipBytes === null ? 'not measured' : String(bundle.gzipBytes),
        bundle.note,
      ]),
    ),
    '',
  ];
  if (problems.length > 0) {
    sections.push(
      '## Answers that were not timed',
      ...problems.map((run) => `- ${run.database} ${run.scenario.id} ${run.implementation}: ${run.problem}`),
      '',
    );
  }
  if (report.explainFile) {
    sections.push(
      `EXPLAIN (ANALYZE, BUFFERS) of the statements of widgetlib and of the hand-written SQL, per scenario: \`${report.explainFile}\`.`,
      '',
    );
  }
  return sections.join('\n');
}
