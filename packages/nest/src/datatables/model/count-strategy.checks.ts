import type { DataTableCountStrategy } from './datatable.options.js';

export const COUNT_STRATEGIES: readonly DataTableCountStrategy[] = [
  'cached-total',
  'exact',
  'cached',
  'estimated',
  'capped',
];
/** The module's `dataTables.count` unless the host sets one. */
export const DEFAULT_COUNT_STRATEGY: DataTableCountStrategy = 'cached-total';
/** The default threshold of `count: 'estimated'`: rows from which the estimate is answered. */
export const DEFAULT_ESTIMATE_ABOVE = 100_000;
/** The default `countCap`: rows a `capped` count reads at most. */
export const DEFAULT_COUNT_CAP = 10_000;
/** The default `countTtl`: milliseconds a count of `cached` (or a total of `cached-total`) is kept. */
export const DEFAULT_COUNT_TTL_MS = 60_000;

/** The problems of a count strategy and its settings, each naming the option. */
export function countStrategyProblems(
  count: unknown,
  countTtl: unknown,
  countCap: unknown = DEFAULT_COUNT_CAP,
): string[] {
  const problems: string[] = [];
  if (!COUNT_STRATEGIES.includes(count as DataTableCountStrategy)) {
    problems.push(`count must be one of ${COUNT_STRATEGIES.join(', ')}, not ${JSON.stringify(count)}`);
  }
  if (!(Number.isSafeInteger(countCap) && (countCap as number) >= 1)) {
    problems.push(`countCap must be a whole number of rows >= 1, not ${String(countCap)}`);
  }
  if (!(Number.isSafeInteger(countTtl) && (countTtl as number) >= 1)) {
    problems.push(`countTtl must be a whole number of milliseconds >= 1, not ${String(countTtl)}`);
  }
  return problems;
}
