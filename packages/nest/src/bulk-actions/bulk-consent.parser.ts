import { parseBooleanWord } from '#rules/boolean-words.js';
import {
  listed,
  readInteger,
  QueryParameters,
  quoted,
  RequestProblems,
  TableRequestError,
} from '../datatables/internal.js';

/** The parameter that lets a request without any condition act on every row of the table. */
export const ALL_PARAMETER = 'all';
/** The parameter that names how many rows the user agreed to act on. */
export const CONFIRM_PARAMETER = 'confirm';
/** The parameter that lists the rows the user picked one by one (their primary keys). */
export const IDS_PARAMETER = 'ids';
/** The most rows `ids` may list. */
export const MAX_BULK_IDS = 1000;
/** The longest primary key text `ids` may hold. */
const MAX_ID_LENGTH = 255;

/** How the listed entity's primary key is written: an integer, or any text. */
export type BulkKeyKind = 'integer' | 'text';

/** What a bulk request agrees to, beside the table's own parameters. */
export interface BulkConsent {
  /** `all=true`: the request may have no search, filter or selection, and then acts on every row. */
  all: boolean;
  /** `confirm=<n>`: the action runs only when exactly n rows match; null when not sent. */
  confirm: number | null;
  /**
   * `ids`: the primary keys of the rows picked one by one (comma-separated, repeated, or a JSON
   * array), without repeats; the action covers those of them the request's conditions keep. Null when not sent.
   */
  ids: Array<string | number> | null;
}

/** The kind of key of a primary column of type `type` (TypeORM's: a constructor or a database type name). */
export function bulkKeyKind(type: unknown): BulkKeyKind {
  if (type === Number) return 'integer';
  return typeof type === 'string' && /int|serial/i.test(type) ? 'integer' : 'text';
}

const INTEGER_KEY = /^-?[0-9]{1,20}$/;

/** The keys `ids` lists (null when absent), each checked against the key's kind; problems named in `problems`. */
function readIds(params: QueryParameters, problems: RequestProblems, kind: BulkKeyKind): Array<string | number> | null {
  if (!params.has(IDS_PARAMETER) && !params.has(`${IDS_PARAMETER}[]`)) return null;
  const texts = [...params.all(IDS_PARAMETER), ...params.all(`${IDS_PARAMETER}[]`)]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim());
  if (texts.length === 1 && texts[0] === '') {
    problems.add(`${IDS_PARAMETER} must list at least one row's key`);
    return null;
  }
  const ids = new Map<string, string | number>();
  const bad: string[] = [];
  for (const text of texts) {
    const integer = INTEGER_KEY.test(text) ? Number(text) : Number.NaN;
    if (kind === 'integer' && !Number.isInteger(integer)) bad.push(text);
    else if (kind === 'text' && (text === '' || text.length > MAX_ID_LENGTH || text.includes('\0'))) bad.push(text);
    // Past the safe range an integer key stays text, as the driver reads BIGINT.
    else ids.set(text, kind === 'integer' && Number.isSafeInteger(integer) ? integer : text);
  }
  if (bad.length > 0) {
    const what = kind === 'integer' ? 'integer keys' : `keys of 1 to ${MAX_ID_LENGTH} characters`;
    problems.add(`${IDS_PARAMETER} must list ${what}, comma-separated; not ${listed(bad.slice(0, 5).map(quoted))}`);
  }
  if (ids.size > MAX_BULK_IDS) {
    problems.add(`${IDS_PARAMETER} may list at most ${MAX_BULK_IDS} rows, got ${ids.size}`);
  }
  return [...ids.values()];
}

/**
 * Reads `all`, `confirm` and `ids` (keys of the kind `keyKind`) from the same parameters as the
 * table request; throws `TableRequestError`.
 */
export function parseBulkConsent(values: unknown, draw: number, keyKind: BulkKeyKind = 'integer'): BulkConsent {
  const problems = new RequestProblems();
  const params = new QueryParameters(values, problems);
  const allText = params.single(ALL_PARAMETER);
  let all = false;
  if (allText !== undefined) {
    const word = parseBooleanWord(allText.trim());
    if (word === undefined) problems.add(`${ALL_PARAMETER} must be true or false, got ${quoted(allText)}`);
    else all = word;
  }
  const confirmText = params.single(CONFIRM_PARAMETER);
  const confirm =
    confirmText === undefined
      ? null
      : (readInteger(
          problems,
          CONFIRM_PARAMETER,
          confirmText.trim(),
          0,
          Number.MAX_SAFE_INTEGER,
          'the number of matching rows the action was agreed for (an integer >= 0)',
        ) ?? null);
  const ids = readIds(params, problems, keyKind);
  if (problems.any) throw new TableRequestError(problems.messages, draw);
  return { all, confirm, ids };
}

/** The problem of a request with no condition that does not say `all=true`; null when it may run. */
export function unconditionedProblem(hasCondition: boolean, consent: BulkConsent): string | null {
  if (hasCondition || consent.all || consent.ids !== null) return null;
  return (
    'the request has no search, filter or selection, so the action would cover every row of the table: ' +
    `send ${ALL_PARAMETER}=true to mean that`
  );
}

/** The problem of a matching set that is not the one the user confirmed; null when it is (or none was). */
export function confirmProblem(matched: number, consent: BulkConsent): string | null {
  if (consent.confirm === null || consent.confirm === matched) return null;
  return (
    `${CONFIRM_PARAMETER}=${consent.confirm}, but ${matched} rows match the request now: ` +
    'the table changed since it was shown; reload it and try again'
  );
}
