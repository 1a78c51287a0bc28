import { MAX_INPUT_DEPTH } from '../../common/request-input.checks.js';

/**
 * Bounds on the work one list request may ask for. Each is a 400 naming it when a request goes past
 * it; a host changes them module-wide (`dataTables.limits`) or per endpoint (`@DataTable({ limits })`).
 */
export interface TableRequestLimits {
  /** Most distinct search terms (terms equal but for case count once). */
  maxSearchTerms: number;
  /** Shortest search term, in characters: raise it where one-letter terms would scan a large table. */
  minSearchTermLength: number;
  /** Most column filters, named and native (`columns[i][search][value]`) together. */
  maxFilters: number;
  /** Most ordering keys (`ordering` fields or native `order[i]` entries). */
  maxOrderingKeys: number;
  /** Most native `columns[i]` entries. */
  maxColumns: number;
  /** Most values of an `in` filter. */
  maxInValues: number;
  /** Most options a SearchPanes pane answers: its values with the most rows (see `DataTableOptions.panes`). */
  maxPaneOptions: number;
  /** Longest query string, in bytes (as sent: percent-encoded). */
  maxQueryStringBytes: number;
  /** Most SearchBuilder criteria and ColumnControl searches (each list counts once) in one request. */
  maxCriteria: number;
  /** Deepest nesting of SearchBuilder groups (1: a flat list of criteria). */
  maxCriteriaDepth: number;
  /** Longest body of a POST list request, in bytes (as sent: its Content-Length). */
  maxBodyBytes: number;
  /**
   * Most rows a request may skip (`start`/`offset`, or `page` times `page_size`); null (the default):
   * no limit. A page past the middle of the filtered rows is read from the end, so the pages that
   * cost most are those around the middle; a host that wants them refused sets a limit (past it,
   * the 400 points to keyset mode, `cursor`, whose every page costs the same).
   */
  maxOffset: number | null;
}

export const DEFAULT_TABLE_REQUEST_LIMITS: Readonly<TableRequestLimits> = {
  maxSearchTerms: 10,
  minSearchTermLength: 1,
  maxFilters: 20,
  maxOrderingKeys: 5,
  maxColumns: 100,
  maxInValues: 100,
  maxPaneOptions: 100,
  maxQueryStringBytes: 16_384,
  maxCriteria: 30,
  maxCriteriaDepth: 4,
  // Express's default body limit (100 KiB), so that the refusal comes at the same size on either platform.
  maxBodyBytes: 102_400,
  // DataTables' pager reaches every page ("Last" included); the deepest cost the most near the middle.
  maxOffset: null,
};

/** Where a list request's parameters were read, and its size as sent (checked against its limit). */
export interface SentParameters {
  in: 'query string' | 'body';
  bytes: number;
}

/** The problem of parameters larger than their limit (`maxBodyBytes` or `maxQueryStringBytes`), or null. */
export function sentSizeProblem(sent: SentParameters, limits: TableRequestLimits): string | null {
  const [name, maxBytes] =
    sent.in === 'body' ? ['maxBodyBytes', limits.maxBodyBytes] : ['maxQueryStringBytes', limits.maxQueryStringBytes];
  return sent.bytes > maxBytes
    ? `the ${sent.in} has ${sent.bytes} bytes; at most ${maxBytes} are allowed (limits.${name})`
    : null;
}

/**
 * Deepest nesting of arrays and objects in a list request's parameters (or in its `searchBuilder`
 * JSON): {@link MAX_INPUT_DEPTH}, or deeper where `maxCriteriaDepth` lets SearchBuilder groups nest
 * further (each group is two levels: the group and its list of criteria).
 */
export function parameterDepthLimit(limits: Pick<TableRequestLimits, 'maxCriteriaDepth'>): number {
  return Math.max(MAX_INPUT_DEPTH, 2 * limits.maxCriteriaDepth + 8);
}

/** Longest search text and longest single filter value, in characters. */
export const MAX_TEXT_LENGTH = 256;

/**
 * Longest time, in milliseconds, that one statement of a list request may run before the database
 * stops it and the request answers 503 (0: no limit).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** The limits that null switches off. */
const OPTIONAL_LIMITS: ReadonlySet<keyof TableRequestLimits> = new Set(['maxOffset']);

/**
 * The limits with `overrides` applied, and the problems of any that is not a positive integer (or
 * null, for a limit that may be off).
 */
export function resolveTableRequestLimits(
  base: Readonly<TableRequestLimits>,
  overrides: Partial<TableRequestLimits> = {},
): { limits: TableRequestLimits; problems: string[] } {
  const limits = { ...base };
  const problems: string[] = [];
  for (const name of Object.keys(overrides) as (keyof TableRequestLimits)[]) {
    const value = overrides[name];
    if (value === undefined) continue;
    if (!Object.hasOwn(DEFAULT_TABLE_REQUEST_LIMITS, name)) {
      problems.push(`limits.${name} is not a limit; limits: ${Object.keys(DEFAULT_TABLE_REQUEST_LIMITS).join(', ')}`);
    } else if (value === null && OPTIONAL_LIMITS.has(name)) {
      (limits as Record<keyof TableRequestLimits, number | null>)[name] = null;
    } else if (!Number.isSafeInteger(value) || (value as number) < 1) {
      const expected = OPTIONAL_LIMITS.has(name) ? 'a positive integer or null (no limit)' : 'a positive integer';
      problems.push(`limits.${name} must be ${expected}, got ${String(value)}`);
    } else {
      (limits as Record<keyof TableRequestLimits, number | null>)[name] = value;
    }
  }
  return { limits, problems };
}

/** The problem of a statement timeout that is not a whole number of milliseconds >= 0, if any. */
export function statementTimeoutProblem(value: number): string | null {
  return Number.isSafeInteger(value) && value >= 0
    ? null
    : `statementTimeout must be a whole number of milliseconds >= 0 (0: none), got ${String(value)}`;
}
