import { csvHeader, csvRecord, neutralisedText } from './csv.writer.js';
import { exportCell, rowCells, valueAt } from './export-cell.writer.js';
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

describe('export cells', () => {
  it('reads dotted paths through to-one and to-many relations', () => {
    const row = { name: 'x', artist: { name: 'ABBA' }, genres: [{ name: 'Pop' }, { name: 'Rock' }] };
    expect(valueAt(row, ['artist', 'name'])).toBe('ABBA');
    expect(rowCells(row, [{ data: 'genres.name', title: 'g', kind: 'other' }])).toEqual([
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
});

describe('Content-Disposition', () => {
  it('gives an ASCII filename and the exact one as filename* (RFC 6266, 5987)', () => {
    expect(attachmentDisposition(exportFileName('Albüms "best"/x', '2026-11-23', 'csv'))).toBe(
      `attachment; filename="Albums _best__x-2026-11-23.csv"; filename*=UTF-8''Alb%C3%BCms%20%22best%22_x-2026-11-23.csv`,
    );
  });
});
