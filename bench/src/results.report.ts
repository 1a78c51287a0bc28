import { ms, table } from './figures.js';
import { keysetSection } from './keyset.runner.js';
import type { Report } from './report.types.js';
import { methodParagraphs } from './method.text.js';
import { scenarioTable } from './scenario.table.js';
import { targetsSection } from './targets.js';

/** RESULTS.md: every figure of the run, the method, the targets; nothing written by hand. */
export function renderReport(report: Report): string {
  const machine = report.machine;
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
    ...methodParagraphs(report),
    '',
    scenarioTable(report.runs),
    '',
    ...targetsSection(report),
    '',
    ...keysetSection(report.keyset),
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
