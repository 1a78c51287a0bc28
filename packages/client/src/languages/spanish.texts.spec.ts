import { ENGLISH } from '../texts/index.js';
import { SPANISH } from './spanish.texts.js';

/** Every key path of a catalogue part, with the kind of its value (`string`, `function/2`, `object`). */
function shape(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, item]: [string, unknown]) => {
    const path = `${prefix}${key}`;
    if (typeof item === 'function') return [`${path}: function/${item.length}`];
    if (typeof item === 'object' && item !== null) return [`${path}: object`, ...shape(item, `${path}.`)];
    return [`${path}: ${typeof item}`];
  });
}

describe('the Spanish catalogue', () => {
  it.each(['tables', 'helpPanel'] as const)('has every key of the English %s, of the same kind', (part) => {
    expect(shape(SPANISH[part]).sort()).toEqual(shape(ENGLISH[part]).sort());
  });

  it('translates: no sentence of the English tables catalogue is left in it', () => {
    const english = ENGLISH.tables as unknown as Record<string, unknown>;
    const spanish = SPANISH.tables as unknown as Record<string, unknown>;
    const words = (text: unknown) => typeof text === 'string' && /[a-z]{3} [a-z]/i.test(text.replace(/\{\w+\}/g, ''));
    const same = Object.keys(english).filter((key) => words(english[key]) && english[key] === spanish[key]);
    expect(same).toEqual([]);
    expect(SPANISH.helpPanel.count(2, 5)).toBe('2 de 5 entradas coinciden');
    expect(SPANISH.helpPanel.revisionSummary('update', null, 'ayer')).toBe('Cambiada por alguien, ayer');
  });

  it('gives DataTables its published Spanish, for the table and each extension widgetlib uses', () => {
    const language = SPANISH.datatables as Record<string, Record<string, unknown>>;
    expect(language.search).toBe('Buscar:');
    for (const extension of ['searchPanes', 'searchBuilder', 'columnControl', 'buttons', 'select']) {
      expect(Object.keys(language[extension] ?? {}).length).toBeGreaterThan(0);
    }
    expect(language.searchPanes.collapse).toMatchObject({ 0: 'Paneles de búsqueda' });
  });

  it("names SearchBuilder's column picker in Spanish (the published file leaves it in English)", () => {
    const language = SPANISH.datatables as Record<string, Record<string, unknown>>;
    expect(language.searchBuilder).toMatchObject({ data: 'Columna', condition: 'Condición', value: 'Valor' });
  });

  it('names ColumnControl\'s select-all of a list "Todos", beside "Ninguno" (the published file says "Añadir", add)', () => {
    const language = SPANISH.datatables as Record<string, Record<string, Record<string, unknown>>>;
    expect(language.columnControl!.list).toMatchObject({ all: 'Todos', none: 'Ninguno', empty: 'Vacío' });
    expect(language.columnControl!.orderAddDesc).toBe('Añadir a ordenación descendente');
  });
});
