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

describe('parseExportRequest', () => {
  const formats = ['csv', 'xlsx'] as const;

  it('reads format, bom and fields, plain or as export[...]', () => {
    expect(parseExportRequest({ format: 'xlsx', bom: '1', fields: 'name, artist.name' }, formats, null, 10)).toEqual({
      format: 'xlsx',
      bom: true,
      fields: ['name', 'artist.name'],
    });
    expect(parseExportRequest({ 'export[format]': 'csv', export: { bom: 'false' } }, formats, null, 10)).toEqual({
      format: 'csv',
      bom: false,
      fields: null,
    });
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
