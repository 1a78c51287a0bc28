import { parseBooleanWord } from '#rules/boolean-words.js';
import { QueryParameters } from '../request/index.js';
import {
  listed,
  quoted,
  RequestProblems,
  TableRequestError,
  EXPORT_FORMATS,
  EXPORT_VALUES,
  type DataTableExportFormat,
  type DataTableExportValues,
} from '../model/index.js';
import { displayFormatProblem, MAX_DISPLAY_TEXT_LENGTH, timeZoneProblem } from './display-format.checks.js';

/** What an export request asks beyond the list's parameters. */
export interface ExportRequest {
  format: DataTableExportFormat;
  /** Whether a CSV file starts with a byte order mark; null: the endpoint's default. */
  bom: boolean | null;
  /** The columns asked for, in order (`fields`); null: the endpoint's. */
  fields: string[] | null;
  /** What the cells hold (`values`); null: the endpoint's. */
  values: DataTableExportValues | null;
  /** Whether the file ends with a totals row (`totals`); null: the endpoint's. */
  totals: boolean | null;
  /** How the page shows values (`date_format`, `datetime_format`, `timezone`, `yes`, `no`); each null: the module's. */
  shown: {
    dateFormat: string | null;
    datetimeFormat: string | null;
    timezone: string | null;
    yes: string | null;
    no: string | null;
    /** The first cell of the totals row (`totals_label`). */
    totalsLabel: string | null;
  };
}

/** The export's own parameters; every other one is the list's. */
export const EXPORT_PARAMETERS = [
  'format',
  'bom',
  'fields',
  'values',
  'date_format',
  'datetime_format',
  'timezone',
  'yes',
  'no',
  'totals',
  'totals_label',
] as const;
type ExportParameter = (typeof EXPORT_PARAMETERS)[number];

/**
 * Where each export parameter is read: `export[<name>]` always; the plain `<name>` too unless the
 * list has a parameter of that name (an exact filter on a field called `format`), which keeps it.
 */
function parameterNames(listNames: ReadonlySet<string>): Record<ExportParameter, string[]> {
  const names = (name: ExportParameter) => (listNames.has(name) ? [`export[${name}]`] : [name, `export[${name}]`]);
  return Object.fromEntries(EXPORT_PARAMETERS.map((name) => [name, names(name)])) as Record<ExportParameter, string[]>;
}

const PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * Reads `format` (csv or xlsx, among those the endpoint offers), `bom` (true or false),
 * `fields` (comma-separated row paths, each among `declared` when the endpoint declares its
 * columns, at most `maxFields`), `values` (shown or raw), and how the page shows values:
 * `date_format` and `datetime_format` (Luxon tokens that show a whole date, and date and time),
 * `timezone` (IANA) and `yes` / `no` (the words of a boolean, 1 to 64 characters), `totals` (true
 * or false) and `totals_label` (the totals row's word, 1 to 64 characters), each also as
 * `export[<name>]` (only so where `listNames`, the
 * list's own parameters, has the plain name). Throws `TableRequestError` listing every problem.
 */
export function parseExportRequest(
  values: unknown,
  formats: readonly DataTableExportFormat[],
  declared: readonly string[] | null,
  maxFields: number,
  listNames: ReadonlySet<string> = new Set(),
): ExportRequest {
  const problems = new RequestProblems();
  const params = new QueryParameters(values, problems);
  const names = parameterNames(listNames);
  const read = (name: ExportParameter): string | undefined => {
    const given = names[name].filter((each) => params.has(each));
    if (given.length > 1) {
      problems.add(`${listed(given)} name the same export parameter: give one`);
      return undefined;
    }
    return given.length === 1 ? params.single(given[0]!) : undefined;
  };
  const formatText = read('format');
  let format: DataTableExportFormat | undefined;
  if (formatText === undefined) {
    if (!names.format.some((name) => params.has(name)))
      problems.add(`${names.format[0]} is required: ${listed(formats)}`);
  } else if ((EXPORT_FORMATS as readonly string[]).includes(formatText) && formats.includes(formatText as never)) {
    format = formatText as DataTableExportFormat;
  } else {
    problems.add(`format must be one of ${listed(formats)}, got ${quoted(formatText)}`);
  }
  const bomText = read('bom');
  const bom = bomText === undefined ? null : (parseBooleanWord(bomText) ?? null);
  if (bomText !== undefined && bom === null) problems.add(`bom must be true or false (1 or 0), got ${quoted(bomText)}`);
  const totalsText = read('totals');
  const totals = totalsText === undefined ? null : (parseBooleanWord(totalsText) ?? null);
  if (totalsText !== undefined && totals === null)
    problems.add(`totals must be true or false (1 or 0), got ${quoted(totalsText)}`);
  const fieldsText = read('fields');
  let fields: string[] | null = null;
  if (fieldsText !== undefined) {
    fields = fieldsText
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    if (fields.length === 0) problems.add('fields must name at least one column');
    if (fields.length > maxFields)
      problems.add(`fields names ${fields.length} columns; at most ${maxFields} are allowed`);
    const unknown = fields.filter((field) => (declared ? !declared.includes(field) : !PATH.test(field)));
    if (unknown.length > 0) {
      problems.add(
        declared
          ? `fields: ${listed(unknown.map(quoted))} ${unknown.length > 1 ? 'are not columns' : 'is not a column'} of this export; allowed: ${listed(declared)}`
          : `fields: ${listed(unknown.map(quoted))} ${unknown.length > 1 ? 'are not row paths' : 'is not a row path'} (names joined by dots)`,
      );
    }
    if (new Set(fields).size !== fields.length) problems.add('fields names a column more than once');
  }
  const valuesText = read('values');
  let cells: DataTableExportValues | null = null;
  if (valuesText !== undefined) {
    if ((EXPORT_VALUES as readonly string[]).includes(valuesText)) cells = valuesText as DataTableExportValues;
    else problems.add(`values must be one of ${listed(EXPORT_VALUES)}, got ${quoted(valuesText)}`);
  }
  const checked = (name: ExportParameter, problem: (text: string) => string | null): string | null => {
    const text = read(name);
    if (text === undefined) return null;
    const found = problem(text);
    if (found) problems.add(found);
    return found ? null : text;
  };
  const word = (name: ExportParameter) =>
    checked(name, (text) =>
      text.trim() === '' || text.length > MAX_DISPLAY_TEXT_LENGTH
        ? `${name} must be 1 to ${MAX_DISPLAY_TEXT_LENGTH} characters`
        : null,
    );
  const shown = {
    dateFormat: checked('date_format', (text) => displayFormatProblem('date_format', text, 'date')),
    datetimeFormat: checked('datetime_format', (text) => displayFormatProblem('datetime_format', text, 'datetime')),
    timezone: checked('timezone', (text) => timeZoneProblem('timezone', text)),
    yes: word('yes'),
    no: word('no'),
    totalsLabel: word('totals_label'),
  };
  if (problems.any || format === undefined) throw new TableRequestError(problems.given, undefined);
  return { format, bom, fields, values: cells, totals, shown };
}
