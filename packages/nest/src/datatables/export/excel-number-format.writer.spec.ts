import { excelNumberFormat } from './excel-number-format.writer.js';

describe('excelNumberFormat', () => {
  it.each([
    ['yyyy-MM-dd', 'yyyy\\-mm\\-dd'],
    ['dd.MM.yyyy HH:mm', 'dd\\.mm\\.yyyy hh\\:mm'],
    ['d MMM yyyy', 'd mmm yyyy'],
    ['MM/dd/yyyy h:mm:ss a', 'mm\\/dd\\/yyyy h\\:mm\\:ss AM/PM'],
    ["EEEE d 'de' MMMM", 'dddd d \\d\\e mmmm'],
  ])('%s -> %s', (luxon, excel) => {
    expect(excelNumberFormat(luxon)).toBe(excel);
  });

  it.each([
    ['a zone', 'yyyy-MM-dd HH:mm ZZ'],
    ['a week number', "kkkk-'W'WW"],
    ['a macro format', 'D'],
    ['a 12-hour hour without a', 'hh:mm'],
    ['a minute Excel would read as a month', 'mm yyyy'],
    ['a month Excel would read as a minute', 'HH MM'],
    ['an unclosed quote', "yyyy 'at"],
  ])('has none for %s', (_name, luxon) => {
    expect(excelNumberFormat(luxon)).toBeNull();
  });
});
