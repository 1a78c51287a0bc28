import { isWidgetlib } from './implementations.js';
import { figure, ms, ratios } from './figures.js';
import type { DatabaseName, Report } from './report.types.js';

const FAST_SCENARIOS = ['S1', 'S2', 'S4', 'S6'];
const INDEXED_SCENARIOS = ['S3', 'S5'];
const FAR_AHEAD_SCENARIOS = ['S1', 'S2', 'S6'];
const AHEAD_SCENARIOS = ['S3', 'S4', 'S5'];
/** The bound of the client target, read strictly as 15 000 bytes. */
export const CLIENT_GZIP_LIMIT = 15_000;
/** More rows of person_tag than ten people can have tags: a statement that reads the to-many table at large. */
const PERSON_TAG_ROWS_BOUND = 1_000;

export interface TargetLine {
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
      target: `${id}: widgetlib req/s >= ${bound}x nestjs-paginate-optimized`,
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
