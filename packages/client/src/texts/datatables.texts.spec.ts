import { dataTableTexts, resetDataTableTexts, setDataTableTexts } from './datatables.texts.js';

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
