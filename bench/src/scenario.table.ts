import { figure, loadOf, ms, p50, p50Ratio, p99, rpsRatio, table } from './figures.js';
import { isWidgetlib, type Implementation } from './implementations.js';
import type { LoadResult } from './load.runner.js';
import type { ScenarioRun } from './report.types.js';

function plan(load: LoadResult): string {
  if (load.plan.amount === null)
    return load.rounds > 1 ? `${load.rounds} x ${load.plan.duration} s` : `${load.plan.duration} s`;
  const stopped = load.stoppedAtCap ? `, stopped at the ${load.plan.cap} s cap` : '';
  return `${load.plan.amount} requests${stopped}`;
}

/** One row per database, scenario and implementation; widgetlib's rows with their ratios to the references of the targets. */
export function scenarioTable(runs: ScenarioRun[]): string {
  const rows = runs.map((run) => {
    const load = run.load;
    const versus = (reference: Implementation) =>
      isWidgetlib(run.implementation) ? loadOf(runs, run.database, run.scenario.id, reference) : null;
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
      figure(p50Ratio(load, versus('sql')), 'x'),
      figure(rpsRatio(load, versus('nestjs-paginate-optimized')), 'x'),
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
      'p50 / sql',
      'req/s / nestjs-paginate-optimized',
    ],
    rows,
  );
}
