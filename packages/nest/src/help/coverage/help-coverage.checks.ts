import { createHash } from 'node:crypto';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';

// Which labelled fields of each view have help. Pure: no Nest, no database.

/** The most fields one report of a page may list, and the most fields coverage keeps per view. */
export const MAX_REPORTED_FIELDS = 500;

/** The longest field label kept (a longer one is cut there). */
export const HELP_FIELD_LABEL_MAX_LENGTH = 255;

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
  /** The label each field has on the page (`Release date` for `released_on`), where the report gave one. */
  labels?: Record<string, string>;
}

/** A reported field: its name, or its name and its label on the page. */
type ReportedField = string | { name: string; label?: string };

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
  const isField = (field: unknown): field is ReportedField => {
    if (typeof field !== 'object' || field === null || Array.isArray(field)) {
      return isName(field, HELP_QUESTION_NAME_MAX_LENGTH);
    }
    const { name, label, ...other } = field as Record<string, unknown>;
    return (
      Object.keys(other).length === 0 &&
      isName(name, HELP_QUESTION_NAME_MAX_LENGTH) &&
      (label === undefined || typeof label === 'string')
    );
  };
  if (!Array.isArray(fields) || fields.length > MAX_REPORTED_FIELDS || !fields.every(isField)) {
    problems.push(
      `fields must be an array of at most ${MAX_REPORTED_FIELDS} non-empty strings of at most ` +
        `${HELP_QUESTION_NAME_MAX_LENGTH} characters, or of { name, label } with such a name and a string label`,
    );
  }
  if (problems.length > 0) return { problems };
  // A Map, then own properties: a field named `__proto__` is a name like any other.
  const labels = new Map<string, string>();
  const names = (fields as ReportedField[]).map((field) => {
    if (typeof field === 'string') return field.trim();
    const name = field.name.trim();
    const label = field.label?.replace(/\s+/g, ' ').trim().slice(0, HELP_FIELD_LABEL_MAX_LENGTH);
    if (label) labels.set(name, label);
    return name;
  });
  return { id_view: (id_view as string).trim(), fields: [...new Set(names)], labels: Object.fromEntries(labels) };
}

export interface HelpFieldCoverage {
  question_name: string;
  /** The languages it has help in (`null`: for every language). */
  languages: Array<string | null>;
}

export interface HelpViewCoverage {
  id_view: string;
  /** Whether a page of the app carries this view name (a `GET` route's `@ViewName`, not an API route's). */
  registered: boolean;
  /** The label of each reported field that its page gave one (`{ released_on: 'Release date' }`). */
  labels: Record<string, string>;
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
  reported: ReadonlyArray<{ id_view: string; question_name: string; label?: string | null }>,
  entries: ReadonlyArray<{ id_view: string; question_name: string; language: string | null }>,
): HelpViewCoverage[] {
  const views = new Map<
    string,
    { fields: Set<string>; labels: Map<string, string>; help: Map<string, Set<string | null>> }
  >();
  const view = (id: string) => {
    let found = views.get(id);
    if (!found) views.set(id, (found = { fields: new Set(), labels: new Map(), help: new Map() }));
    return found;
  };
  for (const id of registeredViews) view(id);
  for (const field of reported) {
    const found = view(field.id_view);
    found.fields.add(field.question_name);
    if (field.label) found.labels.set(field.question_name, field.label);
  }
  for (const entry of entries) {
    const help = view(entry.id_view).help;
    help.set(entry.question_name, (help.get(entry.question_name) ?? new Set()).add(entry.language));
  }
  const registered = new Set(registeredViews);
  return [...views]
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([id_view, { fields, labels, help }]) => ({
      id_view,
      registered: registered.has(id_view),
      labels: Object.fromEntries([...labels].sort(([a], [b]) => byCodePoint(a, b))),
      with_help: [...help]
        .sort(([a], [b]) => byCodePoint(a, b))
        .map(([question_name, languages]) => ({
          question_name,
          languages: [...languages].sort((a, b) => byCodePoint(a ?? '', b ?? '')),
        })),
      without_help: [...fields].filter((field) => !help.has(field)).sort(byCodePoint),
    }));
}
