import { ResourceHistoryPageError } from './resource-history.errors.js';

/** Which page of a record's history to answer: 1-based, `size` revisions each. */
export interface HistoryPageRequest {
  page: number;
  size: number;
}

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE_MAX = 100;
/** Parameters a browser adds by itself (jQuery's cache-buster), which say nothing about the page. */
const IGNORED = new Set(['_']);

function positiveInteger(
  query: Record<string, unknown>,
  name: string,
  fallback: number,
  max: number,
  problems: string[],
): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= max)) problems.push(`${name} must be a whole number from 1 to ${max}`);
  return value;
}

/** The page a history request asks for (`?page=&size=`); one error listing every problem. */
export function parseHistoryPage(query: unknown): HistoryPageRequest {
  const params = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const problems = Object.keys(params)
    .filter((name) => name !== 'page' && name !== 'size' && !IGNORED.has(name))
    .map((name) => `${name} is not a parameter of a history (page, size)`);
  const page = positiveInteger(params, 'page', 1, 1_000_000, problems);
  const size = positiveInteger(params, 'size', HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_MAX, problems);
  if (problems.length > 0) throw new ResourceHistoryPageError(problems);
  return { page, size };
}
