/** @jest-environment jsdom */
import { SPANISH } from '../languages/index.js';
import {
  dataTableTexts,
  datatablesLanguage,
  resetDataTableTexts,
  resolveHelpPanelTexts,
  setDataTableTexts,
} from './texts.resolver.js';
import { addLanguage, catalogueLanguage, languageMessages, pageLanguage } from './languages.registry.js';

describe('data table texts', () => {
  afterEach(() => resetDataTableTexts());

  it('has English defaults', () => {
    expect(dataTableTexts()).toMatchObject({ yes: 'Yes', no: 'No', empty: '--', clearFilters: 'Clear filters' });
  });

  it('lets the host change words for every table, keeping the others', () => {
    setDataTableTexts({ yes: 'Sí', no: 'No' });
    setDataTableTexts({ empty: '—' });
    expect(dataTableTexts()).toMatchObject({ yes: 'Sí', no: 'No', empty: '—', show: 'Show' });
  });

  it('puts a table’s own words over the global ones without changing them', () => {
    setDataTableTexts({ yes: 'Ja' });
    expect(dataTableTexts({ yes: 'Oui', clearFilters: 'Effacer' })).toMatchObject({
      yes: 'Oui',
      clearFilters: 'Effacer',
      no: 'No',
    });
    expect(dataTableTexts().yes).toBe('Ja');
  });

  it('ignores keys given as undefined', () => {
    setDataTableTexts({ yes: undefined });
    expect(dataTableTexts().yes).toBe('Yes');
  });
});

describe('languages', () => {
  const root = document.documentElement;
  beforeAll(() => addLanguage('es', SPANISH));
  afterEach(() => {
    root.lang = '';
    resetDataTableTexts();
  });

  it("follows the page's <html lang>, a more precise tag finding its language, others English", () => {
    expect(pageLanguage()).toBe('en');
    root.lang = 'es-MX';
    expect(catalogueLanguage()).toBe('es');
    expect(dataTableTexts().clearFilters).toBe('Quitar filtros');
    expect(resolveHelpPanelTexts().title).toBe('Ayuda');
    root.lang = 'de';
    expect(catalogueLanguage()).toBe('en');
    expect(dataTableTexts().clearFilters).toBe('Clear filters');
  });

  it('lets a table or a panel name its language, over the page’s', () => {
    root.lang = 'en';
    expect(dataTableTexts(undefined, 'es').saveView).toBe('Guardar vista');
    expect(resolveHelpPanelTexts({ close: 'Cerrar' }, 'es')).toMatchObject({ close: 'Cerrar', save: 'Guardar' });
  });

  it('keeps the host’s words over every language’s', () => {
    setDataTableTexts({ empty: '—' });
    expect(dataTableTexts(undefined, 'es')).toMatchObject({ empty: '—', yes: 'Sí' });
  });

  it('takes languages a host adds, replacing the words resolved before', () => {
    const base = languageMessages('en');
    expect(dataTableTexts(undefined, 'fr').yes).toBe('Yes');
    addLanguage('FR', { ...base, tables: { ...base.tables, yes: 'Oui' }, datatables: { search: 'Rechercher' } });
    expect(dataTableTexts(undefined, 'fr-CA').yes).toBe('Oui');
    expect(datatablesLanguage('fr')).toEqual({ search: 'Rechercher' });
    expect(() => addLanguage(' ', base)).toThrow(/language tag/);
  });

  it("gives DataTables the language's words with the table's own language option merged over them", () => {
    expect(datatablesLanguage('en', { search: 'Find:' })).toEqual({ search: 'Find:' });
    const merged = datatablesLanguage('es', { searchPanes: { clearMessage: 'Vaciar' } }) as Record<
      string,
      Record<string, unknown>
    >;
    expect(merged.search).toBe('Buscar:');
    expect(merged.searchPanes).toMatchObject({ clearMessage: 'Vaciar', emptyPanes: 'Sin paneles de búsqueda' });
    expect((SPANISH.datatables.searchPanes as Record<string, unknown>).clearMessage).toBe('Borrar todo');
  });
});
