import { createHash } from 'node:crypto';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';

// Which labelled fields of each view have help. Pure: no Nest, no database.

/** The most fields one report of a page may list, and the most fields coverage keeps per view. */
export const MAX_REPORTED_FIELDS = 500;

/** How many distinct users must report a field unless the host sets `helpCoverageReporters`. */
export const DEFAULT_HELP_COVERAGE_REPORTERS = 2;

/** The most fields of one view one user's reports may name that too few others reported yet. */
export const MAX_UNCONFIRMED_FIELDS_PER_REPORTER = 500;

/**
 * Who reported, as kept: the SHA-256 (hex) of the user's name, so that the table does not hold names;
 * every user without a name is one reporter.
 */
export function reporterKey(userName: string | null): string {
  return createHash('sha256')
    .update(userName ?? '')
    .digest('hex');
}

/** The names that `reporters` (distinct reporters per name) has enough of to be listed. */
export function confirmedNames(reporters: ReadonlyMap<string, number>, required: number): string[] {
  return [...reporters].filter(([, count]) => count >= required).map(([name]) => name);
}

export interface HelpFieldsReport {
  id_view: string;
  fields: string[];
}

/** The body of `POST /help/coverage/fields/`, trimmed and without repeats, or every problem with it. */
export function parseHelpFieldsReport(body: unknown): HelpFieldsReport | { problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problems: ['the body must be an object'] };
  }
  const { id_view, fields, ...rest } = body as Record<string, unknown>;
  const problems = Object.keys(rest).map((key) => `property ${key} should not exist`);
  const isName = (value: unknown, maxLength: number): value is string =>
    typeof value === 'string' && value.trim() !== '' && value.trim().length <= maxLength;
  if (!isName(id_view, HELP_ID_VIEW_MAX_LENGTH)) {
    problems.push(`id_view must be a non-empty string of at most ${HELP_ID_VIEW_MAX_LENGTH} characters`);
  }
  if (
    !Array.isArray(fields) ||
    fields.length > MAX_REPORTED_FIELDS ||
    !fields.every((field) => isName(field, HELP_QUESTION_NAME_MAX_LENGTH))
  ) {
    problems.push(
      `fields must be an array of at most ${MAX_REPORTED_FIELDS} non-empty strings of at most ${HELP_QUESTION_NAME_MAX_LENGTH} characters`,
    );
  }
  if (problems.length > 0) return { problems };
  return {
    id_view: (id_view as string).trim(),
    fields: [...new Set((fields as string[]).map((field) => field.trim()))],
  };
}

export interface HelpFieldCoverage {
  question_name: string;
  /** The languages it has help in (`null`: for every language). */
  languages: Array<string | null>;
}

export interface HelpViewCoverage {
  id_view: string;
  /** Whether a route of the app carries this view name (`@ViewName`). */
  registered: boolean;
  with_help: HelpFieldCoverage[];
  /** Fields the panel reported on the view's pages that have no entry. */
  without_help: string[];
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Per view (the registered ones, and every one with a reported field or an entry), the fields with
 * help and the reported fields without, each sorted.
 */
export function helpCoverage(
  registeredViews: readonly string[],
  reported: ReadonlyArray<{ id_view: string; question_name: string }>,
  entries: ReadonlyArray<{ id_view: string; question_name: string; language: string | null }>,
): HelpViewCoverage[] {
  const views = new Map<string, { fields: Set<string>; help: Map<string, Set<string | null>> }>();
  const view = (id: string) => {
    let found = views.get(id);
    if (!found) views.set(id, (found = { fields: new Set(), help: new Map() }));
    return found;
  };
  for (const id of registeredViews) view(id);
  for (const field of reported) view(field.id_view).fields.add(field.question_name);
  for (const entry of entries) {
    const help = view(entry.id_view).help;
    help.set(entry.question_name, (help.get(entry.question_name) ?? new Set()).add(entry.language));
  }
  const registered = new Set(registeredViews);
  return [...views]
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([id_view, { fields, help }]) => ({
      id_view,
      registered: registered.has(id_view),
      with_help: [...help]
        .sort(([a], [b]) => byCodePoint(a, b))
        .map(([question_name, languages]) => ({
          question_name,
          languages: [...languages].sort((a, b) => byCodePoint(a ?? '', b ?? '')),
        })),
      without_help: [...fields].filter((field) => !help.has(field)).sort(byCodePoint),
    }));
}
