import { isWidgetlib } from './implementations.js';
import { figure, ms, p50, p99, ratios, table } from './figures.js';
import type { LoadResult } from './load.runner.js';
import type { ScenarioRun } from './report.types.js';

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
      'widgetlib/nestjs-paginate-optimized req/s',
    ],
    rows,
  );
}
