import { CONTEXT } from '../../test/fixtures/table-request-context.fixture.js';
import { SAVED_VIEW_MAX_STATE_BYTES } from './saved-view.constants.js';
import { SavedStateError } from './saved-view.errors.js';
import { parseSavedViewState, type SavedStateTable } from './saved-view-state.parser.js';

const TABLE: SavedStateTable = {
  context: CONTEXT,
  columnProblem: (name) => (CONTEXT.fields.has(name) ? null : `${name} is not a field of the table`),
};

function problemsOf(state: unknown): string[] {
  try {
    parseSavedViewState(state, TABLE);
  } catch (error) {
    if (error instanceof SavedStateError) return error.problems;
    throw error;
  }
  throw new Error('the state was accepted');
}

const search = (text: string) => ({ search: text, smart: true, regex: false, caseInsensitive: true });

describe('parseSavedViewState', () => {
  it('keeps a DataTables 3 state that the table allows, and only its known keys', () => {
    const state = {
      time: 1_700_000_000_000,
      start: 20,
      length: 25,
      order: [
        ['year', 'desc'],
        [0, 'asc'],
      ],
      search: { ...search('rock'), boundary: false, exact: false, return: false, columns: [0, 1, 2] },
      searchGroups: [],
      columns: [
        { name: 'name', visible: true, search: search('') },
        { name: 'year', visible: false, search: { ...search('1999'), columns: [1] } },
        { name: '', visible: true, search: search('') },
      ],
      searchBuilder: { criteria: [{ condition: '=', origData: 'year', data: 'Year', type: 'num', value: ['1999'] }] },
      page: 2,
    };
    expect(parseSavedViewState(state, TABLE)).toEqual(state);
  });

  it('keeps a column no longer ordered by (a third click) and date ranges with one end', () => {
    const state = {
      order: [['name', ''] as [string, string], [1, 'desc'] as [number, string]],
      columns: [
        { name: 'name', search: search('') },
        { name: 'year', search: search('') },
        { name: 'released', search: search('1990-01-01,') },
        { name: 'recorded_at', search: search(',2001-12-31') },
        { name: 'genres__id', search: search('1,2') },
      ],
    };
    expect(parseSavedViewState(state, TABLE)).toEqual(state);
    expect(parseSavedViewState({ order: [[0, '']], columns: [{ name: 'name' }] }, TABLE)).toEqual({
      order: [[0, '']],
      columns: [{ name: 'name' }],
    });
  });

  it('refuses a range that is no range, and a direction that is none', () => {
    expect(problemsOf({ columns: [{ name: 'name' }], order: [[0, 'up']] })).toEqual([
      'state.order[0] must be [column index or name, "asc", "desc" or ""]',
    ]);
    expect(
      problemsOf({
        columns: [
          { name: 'released', search: search('1990-01-01,x') },
          { name: 'recorded_at', search: search('a,b,c') },
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^state: released__range.*"x"/),
      expect.stringMatching(/^state: recorded_at__range must be <from>,<to>/),
    ]);
  });

  it('refuses keys it does not keep, and unknown keys inside columns and searches', () => {
    expect(problemsOf({ columnControl: {}, select: { rows: [1] }, columns: [{ name: 'name', html: '<b>' }] })).toEqual([
      expect.stringMatching(/^state: "columnControl" is not kept in saved views; allowed: time, start/),
      expect.stringMatching(/^state: "select" is not kept/),
      expect.stringMatching(/^state.columns\[0\]: "html" is not kept/),
    ]);
  });

  it('refuses searches over other columns than their own', () => {
    expect(
      problemsOf({ search: { search: '', columns: [0, 0] }, columns: [{ name: 'name', search: { columns: [0, 1] } }] }),
    ).toEqual([
      'state.search.columns must be null or column indexes',
      'state.columns[0].search.columns must be null or [0]',
    ]);
  });

  it('refuses columns that are no field of the table', () => {
    expect(problemsOf({ columns: [{ name: 'password' }, { name: "name'; DROP TABLE album; --" }] })).toEqual([
      'state.columns[0].name: password is not a field of the table',
      `state.columns[1].name: name'; DROP TABLE album; -- is not a field of the table`,
    ]);
  });

  it('reads searches, orderings and filters as a request to the table would be', () => {
    expect(
      problemsOf({
        columns: [
          { name: 'price', search: search('x') },
          { name: 'code', search: search('') },
          { name: 'artist__name', search: { search: 'a', regex: true } },
        ],
        order: [[1, 'asc']],
      }),
    ).toEqual([
      'state: order[0][column]: "code" is not an ordering field; allowed: name, year, rank, artist__name, id',
      'state: columns[0][search][value] must be a number, got "x"',
      'state: columns[2][search][regex]: regular expressions are not supported; send false',
    ]);
  });

  it('refuses SearchBuilder criteria on fields the table does not filter', () => {
    const problems = problemsOf({
      columns: [{ name: 'name' }],
      searchBuilder: { logic: 'AND', criteria: [{ condition: '=', origData: 'rank', value: ['1'] }] },
    });
    expect(problems).toEqual([expect.stringMatching(/^state: searchBuilder.*rank/)]);
  });

  it('keeps SearchBuilder criteria only in their own shape', () => {
    expect(
      problemsOf({
        searchBuilder: {
          logic: 'XOR',
          html: '<img>',
          criteria: [{ condition: '=', origData: 'year', data: { html: '<b>' }, value: [{}], onload: 'x' }, 'x'],
        },
      }),
    ).toEqual([
      'state.searchBuilder: "html" is not allowed; allowed: logic, criteria',
      'state.searchBuilder.logic must be "AND" or "OR"',
      'state.searchBuilder.criteria[0]: "onload" is not allowed; allowed: condition, data, origData, type, value, value1, value2',
      'state.searchBuilder.criteria[0].data must be a string',
      'state.searchBuilder.criteria[0].value must be a list of values',
      'state.searchBuilder.criteria[1] must be an object',
    ]);
    const deep = { criteria: [{ criteria: [{ criteria: [{ criteria: [{ criteria: [] }] }] }] }] };
    expect(problemsOf({ searchBuilder: deep })).toEqual([
      'state.searchBuilder.criteria[0].criteria[0].criteria[0].criteria[0]: SearchBuilder groups nest at most 4 deep',
    ]);
  });

  it('refuses page lengths the table does not allow, order entries out of the state, searchGroups', () => {
    expect(
      problemsOf({
        length: 1000,
        start: -1,
        order: [
          [7, 'asc'],
          ['name', 'sideways'],
        ],
        searchGroups: [{}],
      }),
    ).toEqual([
      'state.start must be an integer >= 0',
      'state.length is 1000; this table shows at most 100 rows a page',
      'state.searchGroups must be empty: searches over groups of columns are not supported',
      'state.order[0] names a column the state does not describe: "7"',
      'state.order[1] must be [column index or name, "asc", "desc" or ""]',
    ]);
    expect(problemsOf({ length: -1 })).toEqual(['state.length must be an integer from 1 to 100']);
  });

  it('refuses a state above the size limit, and what is not a state', () => {
    const huge = { columns: [{ name: 'name', search: search('x'.repeat(SAVED_VIEW_MAX_STATE_BYTES)) }] };
    expect(problemsOf(huge)).toEqual([expect.stringMatching(/^state has \d+ bytes; at most 32768 are allowed$/)]);
    expect(problemsOf([])).toEqual(['state must be a DataTables state object']);
    expect(problemsOf('{}')).toEqual(['state must be a DataTables state object']);
  });
});
