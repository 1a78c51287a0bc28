import type { BundleSize } from './client-bundle.size.js';
import type { LoadResult } from './load.runner.js';
import type { MachineInfo } from './machine.info.js';
import type { Implementation, Scenario, WidgetlibImplementation } from './scenarios.js';

export type DatabaseName = 'postgres' | 'sqlite';

export interface ScenarioRun {
  database: DatabaseName;
  scenario: Scenario;
  implementation: Implementation;
  /** `absent`: not in this build; `failed`: not a 200; `differs`: not the reference answer (not timed). */
  status: 'timed' | 'absent' | 'failed' | 'differs';
  problem: string | null;
  statements: number | null;
  /** Median time of the single sequential answers (before the load run). */
  probeMs: number | null;
  load: LoadResult | null;
  /** CPU time of the application's process per answered request during the load run (user and system), in ms. */
  appCpuMs: number | null;
  /** PostgreSQL: rows read from person_tag by the request's statements (EXPLAIN ANALYZE), when explained. */
  personTagRows: number | null;
}

export interface LoadCheck {
  scenario: Scenario;
  implementation: Implementation;
  load: LoadResult;
}

export interface Report {
  mode: 'full' | 'quick';
  /** The code measured (`@widgetlib/nest` is built from the working tree by `npm run bench`). */
  code: string;
  timing: {
    runs: Record<DatabaseName, { rounds: number; seconds: number }>;
    warmUpSeconds: number[];
    amountSeconds: number;
    maxAmount: number;
    cap: number;
  };
  command: string;
  finishedAt: Date;
  seconds: number;
  machine: MachineInfo;
  datasets: Record<DatabaseName, string>;
  runs: ScenarioRun[];
  loadChecks: LoadCheck[];
  loadCheckNote: string | null;
  bundles: BundleSize[];
  explainFile: string | null;
}

const FAST_SCENARIOS = ['S1', 'S2', 'S4', 'S6'];
const INDEXED_SCENARIOS = ['S3', 'S5'];
const FAR_AHEAD_SCENARIOS = ['S1', 'S2', 'S6'];
const AHEAD_SCENARIOS = ['S3', 'S4', 'S5'];
/** The bound of the client target, read strictly as 15 000 bytes. */
export const CLIENT_GZIP_LIMIT = 15_000;
/** More rows of person_tag than ten people can have tags: a statement that reads the to-many table at large. */
const PERSON_TAG_ROWS_BOUND = 1_000;

function ms(value: number): string {
  return value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en');
}

/** A figure and how far it can be trusted: exact, a lower bound, or an approximation. */
export interface Figure {
  value: number;
  qualifier: '' | '>=' | '~';
}

function figure(value: Figure | null, unit = ''): string {
  if (value === null) return '';
  const text = unit === 'x' ? `${value.value.toFixed(2)}x` : ms(value.value);
  return value.qualifier ? `${value.qualifier}${text}` : text;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function isWidgetlib(implementation: Implementation): implementation is WidgetlibImplementation {
  return implementation === 'widgetlib' || implementation === 'widgetlib-exact';
}

function find(runs: ScenarioRun[], database: DatabaseName, scenarioId: string, implementation: Implementation) {
  return runs.find(
    (run) => run.database === database && run.scenario.id === scenarioId && run.implementation === implementation,
  );
}

/**
 * p50 of a run. A run stopped at its cap answered only its fastest requests, and the others took
 * longer than the cap: its p50 is a lower bound (the cap itself when nothing was answered).
 */
export function p50(load: LoadResult): Figure {
  if (load.requests === 0) return { value: (load.plan.cap ?? load.plan.duration ?? 0) * 1000, qualifier: '>=' };
  return { value: load.p50, qualifier: load.stoppedAtCap ? '>=' : '' };
}

export function p99(load: LoadResult): Figure {
  if (load.requests === 0 || load.stoppedAtCap)
    return { value: Math.max(load.p99, (load.plan.cap ?? 0) * 1000), qualifier: '>=' };
  return { value: load.p99, qualifier: '' };
}

/** widgetlib / SQL on p50, widgetlib / nestjs-paginate on requests per second. */
export function ratios(
  runs: ScenarioRun[],
  database: DatabaseName,
  scenarioId: string,
  implementation: WidgetlibImplementation = 'widgetlib',
) {
  const widgetlib = find(runs, database, scenarioId, implementation)?.load;
  const sql = find(runs, database, scenarioId, 'sql')?.load;
  const paginate = find(runs, database, scenarioId, 'nestjs-paginate')?.load;
  let p50VersusSql: Figure | null = null;
  if (widgetlib && sql && sql.requests > 0) {
    const own = p50(widgetlib);
    const reference = p50(sql);
    p50VersusSql = { value: own.value / reference.value, qualifier: own.qualifier || (reference.qualifier ? '~' : '') };
  }
  let rpsVersusPaginate: Figure | null = null;
  if (widgetlib && paginate && paginate.requests > 0) {
    rpsVersusPaginate = {
      value: widgetlib.requestsPerSecond / paginate.requestsPerSecond,
      qualifier: widgetlib.stoppedAtCap || paginate.stoppedAtCap ? '~' : '',
    };
  }
  return { p50VersusSql, rpsVersusPaginate };
}

function runsText(runs: { rounds: number; seconds: number }): string {
  return runs.rounds === 1 ? `one run of ${runs.seconds} s` : `${runs.rounds} runs of ${runs.seconds} s`;
}

function plan(load: LoadResult): string {
  if (load.plan.amount === null)
    return load.rounds > 1 ? `${load.rounds} x ${load.plan.duration} s` : `${load.plan.duration} s`;
  const stopped = load.stoppedAtCap ? `, stopped at the ${load.plan.cap} s cap` : '';
  return `${load.plan.amount} requests${stopped}`;
}

export function scenarioTable(runs: ScenarioRun[]): string {
  const rows = runs.map((run) => {
    const { p50VersusSql, rpsVersusPaginate } = isWidgetlib(run.implementation)
      ? ratios(runs, run.database, run.scenario.id, run.implementation)
      : { p50VersusSql: null, rpsVersusPaginate: null };
    const load = run.load;
    return [
      run.database === 'postgres' ? 'PostgreSQL' : 'SQLite',
      `${run.scenario.id} ${run.scenario.title}`,
      run.implementation,
      run.probeMs === null ? '' : ms(run.probeMs),
      load ? figure(p50(load)) : run.status,
      load ? figure(p99(load)) : '',
      load ? load.requestsPerSecond.toFixed(1) : '',
      run.statements === null ? '' : String(Number(run.statements.toFixed(2))),
      run.appCpuMs === null ? '' : run.appCpuMs.toFixed(1),
      load
        ? `${plan(load)}: ${load.requests} answered, ${load.errors} errors${load.errorDetail ? ` (${load.errorDetail})` : ''}`
        : (run.problem ?? ''),
      figure(p50VersusSql, 'x'),
      figure(rpsVersusPaginate, 'x'),
    ];
  });
  return table(
    [
      'DB',
      'Scenario',
      'Implementation',
      'single answer ms',
      'p50 ms',
      'p99 ms',
      'req/s',
      'statements/req',
      'app CPU ms/req',
      'run',
      'widgetlib/SQL p50',
      'widgetlib/nestjs-paginate req/s',
    ],
    rows,
  );
}

interface TargetLine {
  target: string;
  measured: string;
  holds: boolean | null;
}

export function targetLines(report: Report): TargetLine[] {
  const lines: TargetLine[] = [];
  const database: DatabaseName = 'postgres';
  for (const id of [...FAST_SCENARIOS, ...INDEXED_SCENARIOS]) {
    const bound = FAST_SCENARIOS.includes(id) ? 1.1 : 0.5;
    const value = ratios(report.runs, database, id).p50VersusSql;
    lines.push({
      target: `${id}: widgetlib p50 <= ${bound}x SQL`,
      measured: value === null ? 'not measured' : figure(value, 'x'),
      holds: value === null ? null : value.value <= bound,
    });
  }
  for (const id of [...FAR_AHEAD_SCENARIOS, ...AHEAD_SCENARIOS]) {
    const bound = FAR_AHEAD_SCENARIOS.includes(id) ? 4 : 1.5;
    const value = ratios(report.runs, database, id).rpsVersusPaginate;
    lines.push({
      target: `${id}: widgetlib req/s >= ${bound}x nestjs-paginate`,
      measured: value === null ? 'not measured' : figure(value, 'x'),
      holds: value === null ? null : value.value >= bound,
    });
  }
  const widgetlibRuns = report.runs.filter((run) => isWidgetlib(run.implementation) && run.statements !== null);
  if (widgetlibRuns.length > 0) {
    const most = Math.max(...widgetlibRuns.map((run) => run.statements as number));
    lines.push({
      target: 'widgetlib: at most 3 statements per request',
      measured: `at most ${Number(most.toFixed(2))}`,
      holds: most <= 3,
    });
  } else {
    lines.push({ target: 'widgetlib: at most 3 statements per request', measured: 'not measured', holds: null });
  }
  const unfiltered = report.runs.filter(
    (run) =>
      run.database === database &&
      isWidgetlib(run.implementation) &&
      run.scenario.id !== 'S5' &&
      run.personTagRows !== null,
  );
  if (unfiltered.length > 0) {
    const worst = unfiltered.reduce((a, b) => ((a.personTagRows as number) >= (b.personTagRows as number) ? a : b));
    lines.push({
      target: 'widgetlib: no statement whose cost grows with person_tag when nothing filters on it (S1-S4, S6)',
      measured: `at most ${worst.personTagRows} person_tag rows read (${worst.scenario.id})`,
      holds: (worst.personTagRows as number) <= PERSON_TAG_ROWS_BOUND,
    });
  }
  for (const check of report.loadChecks) {
    lines.push({
      target: `load check ${check.scenario.id}: ${check.load.plan.connections} connections, ${check.load.plan.duration} s, zero errors`,
      measured: `${check.load.errors} errors, ${check.load.requests} answers, p99 ${check.load.requests > 0 ? `${ms(check.load.p99)} ms` : 'none answered'}`,
      holds: check.load.errors === 0 && check.load.requests > 0,
    });
  }
  const own = report.bundles.find((bundle) => bundle.ownCode);
  lines.push({
    target: `client: library's own code <= 15 KB gzip (${CLIENT_GZIP_LIMIT} bytes)`,
    measured: own?.gzipBytes == null ? `not measured (${own?.note ?? 'no client build'})` : `${own.gzipBytes} bytes`,
    holds: own?.gzipBytes == null ? null : own.gzipBytes <= CLIENT_GZIP_LIMIT,
  });
  return lines;
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
    '`widgetlib` is `@DataTable` configured as the README advises for a PostgreSQL table of a million rows ' +
      "(`estimatedTotalAbove: 100_000`: the `recordsTotal` of a filtered request is the planner's estimate; " +
      '`recordsFiltered` and unfiltered requests are always counted exactly). The targets are read on it. ' +
      '`widgetlib-exact` is the same endpoint with the default exact `recordsTotal`, run where the two differ (filtered requests on PostgreSQL).',
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
