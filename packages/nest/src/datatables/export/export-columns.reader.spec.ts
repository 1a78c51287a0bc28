import { resolveExportDefaults, resolveExportSettings } from '../model/index.js';
import { languageText } from '../../common/messages/index.js';
import { exportColumns } from './export-columns.reader.js';

describe("an export's column titles", () => {
  const titles = { en: 'Name', es: 'Nombre', 'pt-BR': 'Nome' };

  it("takes the reader's language among a title's, a region finding its language, else English, else the first", () => {
    expect(languageText(titles, ['es-MX', 'en'])).toBe('Nombre');
    expect(languageText(titles, ['pt-br'])).toBe('Nome');
    expect(languageText(titles, ['de'])).toBe('Name');
    expect(languageText({ es: 'Año', en: 'Year' }, [])).toBe('Year');
    expect(languageText({ es: 'Año', fr: 'Année' }, ['de'])).toBe('Año');
    expect(languageText('Year', ['es'])).toBe('Year');
  });

  it('writes the declared titles, and the path of an undeclared column', () => {
    const columns = exportColumns(['name', 'year'], [{ data: 'name', title: 'Nombre' }], undefined, () => 'other');
    expect(columns.map((column) => column.title)).toEqual(['Nombre', 'year']);
  });

  it('refuses a title that is neither a text nor texts by language', () => {
    const defaults = resolveExportDefaults(undefined).defaults;
    const settings = (title: unknown) =>
      resolveExportSettings({ columns: [{ data: 'name', title: title as string }] }, defaults, 'albums');
    expect(settings({ en: 'Name', es: 'Nombre' }).problems).toEqual([]);
    expect(settings({}).problems).toEqual([
      'export.columns: the title of name must be a text, or texts by language tag',
    ]);
    expect(settings({ es: '' }).problems).toEqual([
      'export.columns: the title of name must be a text, or texts by language tag',
    ]);
  });
});
