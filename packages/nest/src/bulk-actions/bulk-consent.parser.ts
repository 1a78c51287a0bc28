import { parseBooleanWord } from '#rules/boolean-words.js';
import { readInteger, QueryParameters, quoted, RequestProblems, TableRequestError } from '../datatables/internal.js';

/** The parameter that lets a request without any condition act on every row of the table. */
export const ALL_PARAMETER = 'all';
/** The parameter that names how many rows the user agreed to act on. */
export const CONFIRM_PARAMETER = 'confirm';

/** What a bulk request agrees to, beside the table's own parameters. */
export interface BulkConsent {
  /** `all=true`: the request may have no search, filter or selection, and then acts on every row. */
  all: boolean;
  /** `confirm=<n>`: the action runs only when exactly n rows match; null when not sent. */
  confirm: number | null;
}

/** Reads `all` and `confirm` from the same parameters as the table request; throws `TableRequestError`. */
export function parseBulkConsent(values: unknown, draw: number): BulkConsent {
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
  if (problems.any) throw new TableRequestError(problems.messages, draw);
  return { all, confirm };
}

/** The problem of a request with no condition that does not say `all=true`; null when it may run. */
export function unconditionedProblem(hasCondition: boolean, consent: BulkConsent): string | null {
  if (hasCondition || consent.all) return null;
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
