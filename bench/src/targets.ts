import { figure, loadOf, p50Ratio, rpsRatio, table, type Figure } from './figures.js';
import { isWidgetlib, type Implementation } from './implementations.js';
import type { DatabaseName, Report } from './report.types.js';
import { scenarios, type Scenario } from './scenarios.js';

/** One target of issues 14 and 29 as this run measured it. */
export interface TargetLine {
  /** `null`: a target on both databases. */
  database: DatabaseName | null;
  target: string;
  measured: string;
  /** `null`: not measured in this run. */
  holds: boolean | null;
}

/** widgetlib-cached's p50 as a share of the hand-written SQL's, at most. */
const CACHED_P50_BOUNDS: Readonly<Record<string, number>> = { S1: 0.1, S6: 0.25, S7: 0.2 };
/** widgetlib-cached's requests per second over nestjs-paginate-optimized's, at least, in every scenario. */
const CACHED_RPS_FACTOR = 2;
/** widgetlib's p50 over nestjs-paginate-optimized's, at most, where recordsTotal is a count of its own. */
const EXTRA_COUNT_P50_BOUND = 1.25;
/** SQLite: widgetlib's p50 over the hand-written SQL's, at most, in every scenario. */
const SQLITE_P50_BOUND = 1.3;
const MAX_STATEMENTS = 3;
/** Issue 29, widgetlib with default options on PostgreSQL: p50 over the hand-written SQL's, at most. */
const DEFAULTS_P50_BOUNDS: Readonly<Record<string, number>> = { S1: 1.1, S2: 1, S4: 1.1 };
/** Issue 29: scenarios where widgetlib's requests per second are at least nestjs-paginate-optimized's. */
const DEFAULTS_RPS_SCENARIOS = ['S1', 'S4'];
/** Issue 29: the last page (S8) over the first (S1), widgetlib's p50, at most. */
const LAST_PAGE_BOUND = 1.5;
const DATABASE_NAMES: Record<DatabaseName, string> = { postgres: 'PostgreSQL', sqlite: 'SQLite' };

/**
 * The scenarios every target is read on, whether this run measured them or not (the deep offset
 * changes no scenario's id nor whether it filters).
 */
const SCENARIOS = scenarios(0, 'postgres');

function line(database: DatabaseName, target: string, value: Figure | null, holds: (value: number) => boolean) {
  return {
    database,
    target,
    measured: value === null ? 'not measured' : figure(value, 'x'),
    holds: value === null ? null : holds(value.value),
  };
}

function ratioLines(report: Report): TargetLine[] {
  const load = (database: DatabaseName, scenario: Scenario, implementation: Implementation) =>
    loadOf(report.runs, database, scenario.id, implementation);
  const lines: TargetLine[] = [];
  for (const scenario of SCENARIOS.filter(({ id }) => id in CACHED_P50_BOUNDS)) {
    const bound = CACHED_P50_BOUNDS[scenario.id];
    const ratio = p50Ratio(load('postgres', scenario, 'widgetlib-cached'), load('postgres', scenario, 'sql'));
    lines.push(line('postgres', `${scenario.id}: widgetlib-cached p50 <= ${bound}x sql`, ratio, (v) => v <= bound));
  }
  for (const scenario of SCENARIOS) {
    const ratio = rpsRatio(
      load('postgres', scenario, 'widgetlib-cached'),
      load('postgres', scenario, 'nestjs-paginate-optimized'),
    );
    lines.push(
      line(
        'postgres',
        `${scenario.id}: widgetlib-cached req/s >= ${CACHED_RPS_FACTOR}x nestjs-paginate-optimized`,
        ratio,
        (v) => v >= CACHED_RPS_FACTOR,
      ),
    );
  }
  for (const scenario of SCENARIOS) {
    const widgetlib = load('postgres', scenario, 'widgetlib');
    const paginate = load('postgres', scenario, 'nestjs-paginate-optimized');
    lines.push(
      scenario.filtered
        ? line(
            'postgres',
            `${scenario.id}: widgetlib p50 <= ${EXTRA_COUNT_P50_BOUND}x nestjs-paginate-optimized (filtered)`,
            p50Ratio(widgetlib, paginate),
            (v) => v <= EXTRA_COUNT_P50_BOUND,
          )
        : line(
            'postgres',
            `${scenario.id}: widgetlib req/s >= nestjs-paginate-optimized`,
            rpsRatio(widgetlib, paginate),
            (v) => v >= 1,
          ),
    );
  }
  for (const scenario of SCENARIOS) {
    const ratio = p50Ratio(load('sqlite', scenario, 'widgetlib'), load('sqlite', scenario, 'sql'));
    lines.push(
      line('sqlite', `${scenario.id}: widgetlib p50 <= ${SQLITE_P50_BOUND}x sql`, ratio, (v) => v <= SQLITE_P50_BOUND),
    );
  }
  return lines;
}

/** Issue 29: widgetlib with its default options on PostgreSQL. */
function defaultsLines(report: Report): TargetLine[] {
  const widgetlib = (id: string) => loadOf(report.runs, 'postgres', id, 'widgetlib');
  const lines: TargetLine[] = [];
  for (const [id, bound] of Object.entries(DEFAULTS_P50_BOUNDS)) {
    const target = `${id}: widgetlib (defaults) answers every request, p50 <= ${bound}x sql`;
    const run = report.runs.find(
      (each) => each.database === 'postgres' && each.scenario.id === id && each.implementation === 'widgetlib',
    );
    if (run && (run.status === 'failed' || run.status === 'differs')) {
      lines.push({
        database: 'postgres',
        target,
        measured: `not answered: ${run.problem ?? run.status}`,
        holds: false,
      });
      continue;
    }
    const load = widgetlib(id);
    const answered = load === null || (load.requests > 0 && load.errors === 0);
    const ratio = p50Ratio(load, loadOf(report.runs, 'postgres', id, 'sql'));
    lines.push(line('postgres', target, ratio, (v) => answered && v <= bound));
  }
  for (const id of DEFAULTS_RPS_SCENARIOS) {
    const ratio = rpsRatio(widgetlib(id), loadOf(report.runs, 'postgres', id, 'nestjs-paginate-optimized'));
    lines.push(
      line('postgres', `${id}: widgetlib (defaults) req/s >= nestjs-paginate-optimized`, ratio, (v) => v >= 1),
    );
  }
  lines.push(
    line(
      'postgres',
      `S8: widgetlib (defaults) last page p50 <= ${LAST_PAGE_BOUND}x its first page's (S1)`,
      p50Ratio(widgetlib('S8'), widgetlib('S1')),
      (v) => v <= LAST_PAGE_BOUND,
    ),
  );
  return lines;
}

function statementsLine(report: Report): TargetLine {
  const target = `widgetlib, widgetlib-cached: at most ${MAX_STATEMENTS} statements per request`;
  const probed = report.runs.filter((run) => isWidgetlib(run.implementation) && run.statements !== null);
  if (probed.length === 0) return { database: null, target, measured: 'not measured', holds: null };
  const most = probed.reduce((a, b) => ((a.statements as number) >= (b.statements as number) ? a : b));
  const statements = most.statements as number;
  return {
    database: null,
    target,
    measured: `at most ${Number(statements.toFixed(2))} (${most.implementation}, ${DATABASE_NAMES[most.database]} ${most.scenario.id})`,
    holds: statements <= MAX_STATEMENTS,
  };
}

/** The targets of issues 14 and 29, read on this run's figures. */
export function targetLines(report: Report): TargetLine[] {
  return [...ratioLines(report), ...defaultsLines(report), statementsLine(report)];
}

/** The Targets section: every target with its measured ratio, then a line per missed one. */
export function targetsSection(report: Report): string[] {
  const lines = targetLines(report);
  const where = (target: TargetLine) => (target.database ? DATABASE_NAMES[target.database] : 'both');
  const missed = lines.filter((target) => target.holds === false);
  const unmeasured = lines.filter((target) => target.holds === null);
  const people = (database: DatabaseName) => `${report.people[database].toLocaleString('en')} people`;
  return [
    '## Targets (issues 14 and 29)',
    `Read on this run's figures (PostgreSQL ${people('postgres')}, SQLite ${people('sqlite')}, 16 connections): ` +
      "p50 under load, and requests per second over all of an implementation's runs." +
      (report.mode === 'quick'
        ? ' The PostgreSQL targets are set for 1,000,000 people, which a quick run does not have.'
        : ''),
    '',
    table(
      ['DB', 'Target', 'Measured', 'Holds'],
      lines.map((target) => [
        where(target),
        target.target,
        target.measured,
        target.holds === null ? 'not measured' : target.holds ? 'yes' : 'NO',
      ]),
    ),
    '',
    missed.length === 0
      ? `Every target measured holds${unmeasured.length > 0 ? ` (${unmeasured.length} not measured in this run)` : ''}.`
      : `Missed (${missed.length} of ${lines.length}${unmeasured.length > 0 ? `, ${unmeasured.length} not measured` : ''}):`,
    ...missed.map((target) => `- ${where(target)} ${target.target}, measured ${target.measured}`),
  ];
}
