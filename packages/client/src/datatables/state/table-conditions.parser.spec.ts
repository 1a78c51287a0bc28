import { hasNoCondition, readTableConditions } from './table-conditions.parser.js';

const column = (data: string, search = '', extra: object = {}) => ({ data, search: { value: search }, ...extra });

describe('readTableConditions', () => {
  it("reads every tool's conditions from DataTables' request", () => {
    const conditions = readTableConditions({
      search: { value: 'blue' },
      columns: [
        column('title', '', { columnControl: { search: { value: 'blue', logic: 'notContains', type: 'text' } } }),
        column('format', 'LP', { columnControl: { list: { 0: 'LP', 1: 'EP' } } }),
        column('genres.name'),
        column('released', '1990-01-01,'),
      ],
      searchPanes: { format: { 0: 'LP' }, 'genres.name': ['Jazz', null] },
      searchPanes_null: { 'genres.name': { 0: 'false', 1: 'true' } },
      searchBuilder: {
        logic: 'AND',
        criteria: [{ condition: '>', data: 'Year', origData: 'year', value: ['1965'] }, { condition: '' }],
      },
    });
    expect(conditions).toEqual({
      search: 'blue',
      columns: [
        { search: '', panes: [], list: [], hasList: false, control: { logic: 'notContains', value: 'blue' } },
        { search: 'LP', panes: ['LP'], list: ['LP', 'EP'], hasList: true, control: null },
        { search: '', panes: ['Jazz', ''], list: [], hasList: false, control: null },
        { search: '1990-01-01,', panes: [], list: [], hasList: false, control: null },
      ],
      builder: {
        logic: 'AND',
        criteria: [{ condition: '>', data: 'Year', origData: 'year', value: ['1965'] }],
      },
    });
    expect(hasNoCondition(conditions)).toBe(false);
  });

  it('leaves out what asks for nothing: empty ColumnControl searches and lists, unfinished criteria', () => {
    const conditions = readTableConditions({
      search: { value: '' },
      columns: [
        column('title', '  ', { columnControl: { search: { value: '', logic: 'contains' }, list: {} } }),
        column('year', '', { columnControl: { search: { value: '', logic: 'empty' } } }),
      ],
      searchPanes: {},
      searchBuilder: { criteria: [{ criteria: [] }] },
    });
    expect(conditions.columns[0]).toEqual({ search: '', panes: [], list: [], hasList: true, control: null });
    expect(conditions.columns[1]!.control).toEqual({ logic: 'empty', value: '' });
    expect(conditions.builder).toBeNull();
    expect(hasNoCondition({ ...conditions, columns: [conditions.columns[0]!] })).toBe(true);
    expect(hasNoCondition(readTableConditions(undefined))).toBe(true);
  });
});
