import type { LoadResult } from './load.runner.js';
import type { DatabaseName, ScenarioRun } from './report.types.js';
import type { Implementation } from './implementations.js';

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

/** The joined load runs of an implementation in a scenario, when it was timed. */
export function loadOf(
  runs: readonly ScenarioRun[],
  database: DatabaseName,
  scenarioId: string,
  implementation: Implementation,
): LoadResult | null {
  const run = runs.find(
    (candidate) =>
      candidate.database === database &&
      candidate.scenario.id === scenarioId &&
      candidate.implementation === implementation,
  );
  return run?.load ?? null;
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

/** `own`'s p50 over `reference`'s: approximate when the reference's is a lower bound. */
export function p50Ratio(own: LoadResult | null, reference: LoadResult | null): Figure | null {
  if (!own || !reference || reference.requests === 0) return null;
  const ownP50 = p50(own);
  const referenceP50 = p50(reference);
  return {
    value: ownP50.value / referenceP50.value,
    qualifier: ownP50.qualifier || (referenceP50.qualifier ? '~' : ''),
  };
}

/** `own`'s requests per second over `reference`'s: approximate when a run was stopped at its cap. */
export function rpsRatio(own: LoadResult | null, reference: LoadResult | null): Figure | null {
  if (!own || !reference || reference.requests === 0) return null;
  return {
    value: own.requestsPerSecond / reference.requestsPerSecond,
    qualifier: own.stoppedAtCap || reference.stoppedAtCap ? '~' : '',
  };
}
