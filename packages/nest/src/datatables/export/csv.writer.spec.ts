import { csvHeader, csvRecord, neutralisedText } from './csv.writer.js';
import { exportCell, rowCells, shownCell, valueAt, type ExportColumn } from './export-cell.writer.js';
import { attachmentDisposition, exportFileName } from './content-disposition.writer.js';

describe('CSV records', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180), ending in CRLF', () => {
    expect(csvHeader(['a', 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it('neutralises text that a spreadsheet would run as a formula, not numbers', () => {
    for (const text of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralisedText(text)).toBe(`'${text}`);
    expect(neutralisedText('a=1')).toBe('a=1');
    expect(csvRecord([exportCell(-5, 'other'), exportCell('-5', 'other'), exportCell(true, 'other')])).toBe(
      "-5,'-5,true\r\n",
    );
    expect(csvRecord([exportCell('=A1,B1', 'other')])).toBe(`"'=A1,B1"\r\n`);
  });
});

const SHOWN = {
  mode: 'shown',
  settings: {
    dateFormat: 'dd.MM.yyyy',
    datetimeFormat: 'dd.MM.yyyy HH:mm',
    timezone: 'America/New_York',
    yes: 'Sí',
    no: 'No',
  },
} as const;
const RAW = { ...SHOWN, mode: 'raw' } as const;

describe('export cells', () => {
  it('reads dotted paths through to-one and to-many relations', () => {
    const row = { name: 'x', artist: { name: 'ABBA' }, genres: [{ name: 'Pop' }, { name: 'Rock' }] };
    expect(valueAt(row, ['artist', 'name'])).toBe('ABBA');
    expect(rowCells(row, [{ data: 'genres.name', title: 'g', kind: 'other' }], RAW)).toEqual([
      { kind: 'text', value: 'Pop; Rock' },
    ]);
    expect(valueAt(row, ['missing', 'name'])).toBeUndefined();
  });

  it('keeps the wall-clock time of a date-time for spreadsheets', () => {
    expect(exportCell('2024-03-05T14:30:00.000+01:00', 'datetime')).toEqual({
      kind: 'datetime',
      text: '2024-03-05T14:30:00.000+01:00',
      wallClock: new Date(Date.UTC(2024, 2, 5, 14, 30)),
    });
    expect(exportCell('not a date', 'date')).toEqual({ kind: 'text', value: 'not a date' });
  });

  it('shows what the table shows: choice labels, the words of a boolean, dates in the page format and zone', () => {
    const format: ExportColumn = {
      data: 'format',
      title: 'Format',
      kind: 'string',
      choices: new Map([
        ['cd', 'CD'],
        ['3', 'Three'],
      ]),
    };
    const column = (kind: ExportColumn['kind']): ExportColumn => ({ data: 'x', title: 'x', kind });
    const { settings } = SHOWN;
    expect(shownCell('cd', format, settings)).toEqual({ kind: 'text', value: 'CD' });
    expect(shownCell('minidisc', format, settings)).toEqual({ kind: 'text', value: 'minidisc' });
    expect(shownCell(['cd', 'minidisc'], format, settings)).toEqual({ kind: 'text', value: 'CD; minidisc' });
    expect(shownCell(3, format, settings)).toEqual({ kind: 'text', value: 'Three' });
    expect(shownCell(false, column('boolean'), settings)).toEqual({ kind: 'text', value: 'No' });
    expect(shownCell(true, column('other'), settings)).toEqual({ kind: 'text', value: 'Sí' });
    expect(shownCell(7, column('integer'), settings)).toEqual({ kind: 'number', value: 7 });
    expect(shownCell(null, column('boolean'), settings)).toEqual({ kind: 'empty' });
    expect(shownCell('2001-08-27', column('date'), settings)).toEqual({
      kind: 'date',
      text: '27.08.2001',
      wallClock: new Date(Date.UTC(2001, 7, 27)),
    });
    // 14:30 in Oslo (UTC+1) is 08:30 in New York (UTC-5).
    expect(shownCell('2024-03-05T14:30:00.000+01:00', column('datetime'), settings)).toEqual({
      kind: 'datetime',
      text: '05.03.2024 08:30',
      wallClock: new Date(Date.UTC(2024, 2, 5, 8, 30)),
    });
    const row = { format: 'cd', explicit: true, released: '2001-08-27' };
    const columns = [format, { ...column('boolean'), data: 'explicit' }, { ...column('date'), data: 'released' }];
    expect(csvRecord(rowCells(row, columns, SHOWN))).toBe('CD,Sí,27.08.2001\r\n');
    expect(csvRecord(rowCells(row, columns, RAW))).toBe('cd,true,2001-08-27\r\n');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII filename and the exact one as filename* (RFC 6266, 5987)', () => {
    expect(attachmentDisposition(exportFileName('Albüms "best"/x', '2026-11-23', 'csv'))).toBe(
      `attachment; filename="Albums _best__x-2026-11-23.csv"; filename*=UTF-8''Alb%C3%BCms%20%22best%22_x-2026-11-23.csv`,
    );
  });
});
