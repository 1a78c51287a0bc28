import { TableRequestError } from '../model/index.js';
import { parseExportRequest } from './export-request.parser.js';

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof TableRequestError) return error.problems;
    throw error;
  }
  return [];
}

const NOT_SHOWN = { dateFormat: null, datetimeFormat: null, timezone: null, yes: null, no: null, totalsLabel: null };

describe('parseExportRequest', () => {
  const formats = ['csv', 'xlsx'] as const;

  it('reads format, bom and fields, plain or as export[...]', () => {
    expect(parseExportRequest({ format: 'xlsx', bom: '1', fields: 'name, artist.name' }, formats, null, 10)).toEqual({
      format: 'xlsx',
      bom: true,
      fields: ['name', 'artist.name'],
      values: null,
      totals: null,
      shown: NOT_SHOWN,
    });
    expect(parseExportRequest({ 'export[format]': 'csv', export: { bom: 'false' } }, formats, null, 10)).toEqual({
      format: 'csv',
      bom: false,
      fields: null,
      values: null,
      totals: null,
      shown: NOT_SHOWN,
    });
  });

  it('reads values and how the page shows them', () => {
    const parsed = parseExportRequest(
      {
        format: 'csv',
        'export[values]': 'shown',
        'export[date_format]': 'dd.MM.yyyy',
        'export[datetime_format]': 'd MMM yyyy h:mm a',
        'export[timezone]': 'America/New_York',
        'export[yes]': 'Sí',
        'export[no]': 'No',
      },
      formats,
      null,
      10,
    );
    expect(parsed.values).toBe('shown');
    expect(parsed.shown).toEqual({
      dateFormat: 'dd.MM.yyyy',
      datetimeFormat: 'd MMM yyyy h:mm a',
      timezone: 'America/New_York',
      yes: 'Sí',
      no: 'No',
      totalsLabel: null,
    });
    expect(parseExportRequest({ format: 'csv', values: 'raw' }, formats, null, 10).values).toBe('raw');
  });

  it('refuses unknown values, formats that do not show a whole date or time, unknown zones and empty words', () => {
    expect(
      problems(() =>
        parseExportRequest(
          {
            format: 'csv',
            values: 'labels',
            date_format: 'MMM yyyy',
            datetime_format: 'yyyy-MM-dd',
            timezone: 'Mars/Olympus',
            yes: ' ',
            no: 'n'.repeat(65),
          },
          formats,
          null,
          10,
        ),
      ),
    ).toEqual([
      'values must be one of shown, raw, got "labels"',
      'date_format "MMM yyyy" is not a Luxon format showing a whole date',
      'datetime_format "yyyy-MM-dd" is not a Luxon format showing a whole date and time (to the minute)',
      'timezone "Mars/Olympus" is not an IANA time zone (e.g. Europe/Oslo)',
      'yes must be 1 to 64 characters',
      'no must be 1 to 64 characters',
    ]);
    expect(problems(() => parseExportRequest({ format: 'csv', date_format: 'qqq-ZZ' }, formats, null, 10))).toEqual([
      'date_format "qqq-ZZ" is not a Luxon format showing a whole date',
    ]);
  });

  it('reads totals and the totals row word, and refuses a totals that is not a boolean', () => {
    const parsed = parseExportRequest(
      { format: 'csv', 'export[totals]': '1', totals_label: 'Suma' },
      formats,
      null,
      10,
    );
    expect(parsed.totals).toBe(true);
    expect(parsed.shown.totalsLabel).toBe('Suma');
    expect(parseExportRequest({ format: 'csv', totals: 'false' }, formats, null, 10).totals).toBe(false);
    expect(
      problems(() => parseExportRequest({ format: 'csv', totals: 'sum', totals_label: '' }, formats, null, 10)),
    ).toEqual(['totals must be true or false (1 or 0), got "sum"', 'totals_label must be 1 to 64 characters']);
  });

  it('leaves a plain name to the list when the list has a parameter of that name', () => {
    const listNames = new Set(['format']);
    expect(parseExportRequest({ format: 'LP', 'export[format]': 'csv' }, formats, null, 10, listNames).format).toBe(
      'csv',
    );
    expect(problems(() => parseExportRequest({ format: 'csv' }, formats, null, 10, listNames))).toEqual([
      'export[format] is required: csv, xlsx',
    ]);
  });

  it('refuses both spellings at once, unknown formats, and fields outside the declared columns', () => {
    expect(problems(() => parseExportRequest({ format: 'csv', 'export[format]': 'csv' }, formats, null, 10))).toEqual([
      'format, export[format] name the same export parameter: give one',
    ]);
    expect(problems(() => parseExportRequest({ format: 'csv' }, ['csv'], ['name'], 10))).toEqual([]);
    expect(
      problems(() => parseExportRequest({ format: 'pdf', fields: 'name,secret,name' }, formats, ['name'], 10)),
    ).toEqual([
      'format must be one of csv, xlsx, got "pdf"',
      'fields: "secret" is not a column of this export; allowed: name',
      'fields names a column more than once',
    ]);
    expect(problems(() => parseExportRequest({ format: 'csv', fields: 'a,b,c' }, formats, null, 2))).toEqual([
      'fields names 3 columns; at most 2 are allowed',
    ]);
    expect(problems(() => parseExportRequest({ format: 'csv', fields: 'a-b' }, formats, null, 2))).toEqual([
      'fields: "a-b" is not a row path (names joined by dots)',
    ]);
  });
});
