import type { LoadResult } from './load.runner.js';
import type { DatabaseName, ScenarioRun } from './report.types.js';
import type { Implementation, WidgetlibImplementation } from './implementations.js';

export function ms(value: number): string {
  return value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en');
}

/** A figure and how far it can be trusted: exact, a lower bound, or an approximation. */
export interface Figure {
  value: number;
  qualifier: '' | '>=' | '~';
}

export function figure(value: Figure | null, unit = ''): string {
  if (value === null) return '';
  const text = unit === 'x' ? `${value.value.toFixed(2)}x` : ms(value.value);
  return value.qualifier ? `${value.qualifier}${text}` : text;
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
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

/** widgetlib / SQL on p50, widgetlib / nestjs-paginate-optimized on requests per second. */
export function ratios(
  runs: ScenarioRun[],
  database: DatabaseName,
  scenarioId: string,
  implementation: WidgetlibImplementation = 'widgetlib',
) {
  const widgetlib = find(runs, database, scenarioId, implementation)?.load;
  const sql = find(runs, database, scenarioId, 'sql')?.load;
  const paginate = find(runs, database, scenarioId, 'nestjs-paginate-optimized')?.load;
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
