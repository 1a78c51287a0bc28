import { INT32_RANGE } from '../../sql/index.js';
import {
  TableRequestError,
  DEFAULT_TABLE_REQUEST_LIMITS,
  type FieldSpec,
  type PanesRequest,
  type TableRequestContext,
} from '../../model/index.js';
import { parseTableRequest } from '../../table-request.parser.js';

const FIELDS = new Map<string, FieldSpec>([
  ['name', { kind: 'string' }],
  ['year', { kind: 'integer', integerRange: INT32_RANGE }],
  ['is_live', { kind: 'boolean' }],
  ['released', { kind: 'date' }],
  ['recorded_at', { kind: 'datetime' }],
  ['status', { kind: 'string', choices: ['draft', 'published'] }],
  ['artist__name', { kind: 'string' }],
]);

const CONTEXT: TableRequestContext = {
  fields: FIELDS,
  searchFields: ['name'],
  orderingFields: ['name'],
  defaultOrdering: ['name'],
  filters: {},
  panes: ['year', 'is_live', 'released', 'recorded_at', 'status', 'artist__name'],
  pageSize: 10,
  maxPageSize: 100,
  allowAll: false,
  timezone: 'Europe/Oslo',
  limits: { ...DEFAULT_TABLE_REQUEST_LIMITS },
  cursorSecret: 'a test secret of thirty-two characters',
};

function panes(query: Record<string, unknown>, context: Partial<TableRequestContext> = {}): PanesRequest {
  return parseTableRequest(query, { ...CONTEXT, ...context }).panes;
}

function problems(query: Record<string, unknown>, context: Partial<TableRequestContext> = {}): string[] {
  try {
    parseTableRequest(query, { ...CONTEXT, ...context });
  } catch (error) {
    if (error instanceof TableRequestError) return error.problems;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

const OPTIONS = {
  'searchPanes_options[cascade]': 'false',
  'searchPanes_options[viewCount]': 'true',
  'searchPanes_options[viewTotal]': 'false',
};

describe('SearchPanes parameters', () => {
  it('asks nothing of the panes in a request without SearchPanes parameters', () => {
    expect(panes({ search: 'x' })).toMatchObject({ requested: false, selections: [] });
  });

  it('asks for the options when SearchPanes is on the page, keyed by the pane path with . for __', () => {
    const request = panes(OPTIONS);
    expect(request.requested).toBe(true);
    expect(request.selections).toEqual([]);
    expect(request.keys.get('artist__name')).toBe('artist.name');
    expect(request.keys.get('year')).toBe('year');
    expect(request.maxOptions).toBe(100);
    expect(panes(OPTIONS, { limits: { ...DEFAULT_TABLE_REQUEST_LIMITS, maxPaneOptions: 7 } }).maxOptions).toBe(7);
  });

  it('keys a pane by the data of the request column that shows it', () => {
    const request = panes({ ...OPTIONS, 'columns[0][data]': 'performer', 'columns[0][name]': 'artist__name' });
    expect(request.keys.get('artist__name')).toBe('performer');
  });

  it('reads selections as the flat keys of a simple query parser: values typed, the empty option by its flag', () => {
    const request = panes({
      'searchPanes[year][0]': '1999',
      'searchPanes_null[year][0]': 'false',
      'searchPanes[year][1]': '',
      'searchPanes_null[year][1]': 'true',
      'searchPanes[year][2]': '2001',
      'searchPanes[artist.name][0]': 'ABBA',
      searchPanesLast: 'year',
    });
    expect(request.requested).toBe(true);
    expect(request.selections).toEqual([
      {
        path: 'year',
        field: 'year',
        condition: {
          logic: 'or',
          members: [
            {
              parameter: 'searchPanes[year]',
              path: 'year',
              predicate: { kind: 'oneOf', values: [1999, 2001] },
              negated: false,
            },
            { parameter: 'searchPanes[year][1]', path: 'year', predicate: { kind: 'empty' }, negated: false },
          ],
        },
      },
      {
        path: 'artist__name',
        field: 'artist.name',
        condition: {
          logic: 'or',
          members: [
            {
              parameter: 'searchPanes[artist.name]',
              path: 'artist__name',
              predicate: { kind: 'oneOf', values: ['ABBA'] },
              negated: false,
            },
          ],
        },
      },
    ]);
  });

  it('reads the lists of a nesting (qs) query parser alike', () => {
    const nested = panes({
      searchPanes: { year: ['1999', ''], is_live: ['true'] },
      searchPanes_null: { year: ['false', 'true'], is_live: ['false'] },
      searchPanes_options: { cascade: 'true', viewCount: 'true', viewTotal: 'true' },
    });
    const flat = panes({
      'searchPanes[year][0]': '1999',
      'searchPanes[year][1]': '',
      'searchPanes[is_live][0]': 'true',
      'searchPanes_null[year][0]': 'false',
      'searchPanes_null[year][1]': 'true',
      'searchPanes_null[is_live][0]': 'false',
    });
    expect(nested.selections).toEqual(flat.selections);
    expect(nested.selections[1]!.condition).toMatchObject({
      members: [{ predicate: { kind: 'oneOf', values: [true] } }],
    });
  });

  it('reads a date of a date-time pane as its whole day, an instant as itself', () => {
    const [selection] = panes({
      'searchPanes[recorded_at][0]': '2024-03-05T14:30:00.000+01:00',
      'searchPanes[recorded_at][1]': '2024-03-06',
    }).selections;
    expect(selection!.condition).toMatchObject({
      logic: 'or',
      members: [
        { predicate: { kind: 'oneOf', values: [new Date('2024-03-05T13:30:00Z')] } },
        { parameter: 'searchPanes[recorded_at][1]', predicate: { kind: 'between' } },
      ],
    });
  });

  it('refuses a field that is not a pane, naming the panes', () => {
    expect(problems({ 'searchPanes[name][0]': 'x' })).toEqual([
      'searchPanes[name][0]: "name" is not a pane of this table; panes: year, is_live, released, recorded_at, status, artist.name',
    ]);
    expect(problems({ searchPanesLast: 'name' })[0]).toMatch(/^searchPanesLast: "name" is not a pane of this table/);
  });

  it('refuses values that do not read as the field type', () => {
    expect(problems({ 'searchPanes[year][0]': 'x', 'searchPanes[status][0]': 'gone' })).toEqual([
      `searchPanes[year][0] must be an integer from ${INT32_RANGE[0]} to ${INT32_RANGE[1]}, got "x"`,
      'searchPanes[status][0] must be one of draft, published, got "gone"',
    ]);
    expect(problems({ 'searchPanes[released][0]': '2020-02-30' })).toEqual([
      'searchPanes[released][0] must be a date as yyyy-MM-dd, got "2020-02-30"',
    ]);
  });

  it('refuses a flag that is not a boolean, and a false flag without its value', () => {
    expect(problems({ 'searchPanes[year][0]': '1', 'searchPanes_null[year][0]': 'maybe' })).toEqual([
      'searchPanes_null[year][0] must be true or false, got "maybe"',
    ]);
    expect(problems({ 'searchPanes_null[year][3]': 'false' })).toEqual([
      'searchPanes_null[year][3] has no searchPanes[year][3]',
    ]);
    expect(panes({ 'searchPanes_null[year][3]': 'true' }).selections[0]!.condition).toMatchObject({
      members: [{ predicate: { kind: 'empty' } }],
    });
  });

  it('refuses unknown SearchPanes options and option values that are not booleans', () => {
    expect(problems({ 'searchPanes_options[foo]': 'true', 'searchPanes_options[cascade]': 'x' })).toEqual([
      'searchPanes_options[foo]: "foo" is not a SearchPanes option; options: cascade, viewCount, viewTotal',
      'searchPanes_options[cascade] must be true or false, got "x"',
    ]);
  });

  it('refuses parameters of other shapes', () => {
    const shapes =
      'SearchPanes sends searchPanes[<field>][<i>], searchPanes_null[<field>][<i>], searchPanes_options[cascade|viewCount|viewTotal], searchPanesLast';
    expect(problems({ searchPanes: 'x', 'searchPanes[year][a]': '1', searchPanes_foo: '1' })).toEqual([
      `searchPanes is not a SearchPanes parameter; ${shapes}`,
      `searchPanes[year][a] is not a SearchPanes parameter; ${shapes}`,
      `searchPanes_foo is not a SearchPanes parameter; ${shapes}`,
    ]);
  });

  it('refuses a selection given twice, and two fields selecting in one pane', () => {
    expect(problems({ 'searchPanes[year][0]': ['1', '2'] })).toEqual([
      'searchPanes[year][0] must be given once, got 2 values',
    ]);
    expect(problems({ 'searchPanes[year]': ['1'], 'searchPanes[year][0]': '2' })).toEqual([
      'searchPanes[year][0] is given twice (as searchPanes[year] and searchPanes[year][0])',
    ]);
    expect(problems({ 'searchPanes[artist.name][0]': 'a', 'searchPanes[artist__name][0]': 'b' })).toEqual([
      'searchPanes[artist__name][0] and searchPanes[artist.name][0] both select in pane artist__name',
    ]);
  });

  it('refuses more selections in one pane than maxInValues', () => {
    const query = Object.fromEntries([1, 2, 3].map((year, index) => [`searchPanes[year][${index}]`, String(year)]));
    expect(problems(query, { limits: { ...DEFAULT_TABLE_REQUEST_LIMITS, maxInValues: 2 } })).toEqual([
      'searchPanes[year] selects 3 options; at most 2 are allowed',
    ]);
  });
});
