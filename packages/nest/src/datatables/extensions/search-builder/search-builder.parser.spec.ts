import { parse, problemsOf } from '../../../../test/fixtures/table-request-context.fixture.js';

/** The flat parameters SearchBuilder sends for `criteria` under `logic` (Express 5's default parser keeps them flat). */
function flat(tree: Record<string, unknown>, prefix = 'searchBuilder'): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}[${key}]`;
    if (value && typeof value === 'object') Object.assign(params, flat(value as Record<string, unknown>, name));
    else params[name] = String(value);
  }
  return params;
}

const yearBetween = { condition: 'between', origData: 'year', type: 'num', value: ['2001', '1990'] };
const nameStarts = { condition: 'starts', origData: 'name', type: 'string', value: ['ab'] };
const TREE = {
  criteria: [
    { condition: '!=', origData: 'status', type: 'string', value: ['draft'] },
    { criteria: [yearBetween, nameStarts], logic: 'OR' },
  ],
  logic: 'AND',
};

const EXPECTED = [
  {
    logic: 'and',
    members: [
      {
        parameter: 'searchBuilder[criteria][0]',
        path: 'status',
        predicate: { kind: 'equals', value: 'draft' },
        negated: true,
      },
      {
        logic: 'or',
        members: [
          {
            parameter: 'searchBuilder[criteria][1][criteria][0]',
            path: 'year',
            predicate: {
              kind: 'between',
              lower: { value: 1990, inclusive: true },
              upper: { value: 2001, inclusive: true },
            },
            negated: false,
          },
          {
            parameter: 'searchBuilder[criteria][1][criteria][1]',
            path: 'name',
            predicate: { kind: 'contains', text: 'ab', anchor: 'start' },
            negated: false,
          },
        ],
      },
    ],
  },
];

describe('SearchBuilder criteria', () => {
  it('reads the tree from flat parameters, nested objects (qs) and one JSON parameter alike', () => {
    expect(parse(flat(TREE)).conditions).toEqual(EXPECTED);
    expect(parse({ searchBuilder: TREE }).conditions).toEqual(EXPECTED);
    expect(parse({ searchBuilder: JSON.stringify(TREE) }).conditions).toEqual(EXPECTED);
  });

  it('reads value[] lists, value1/value2 and numbered values', () => {
    const criterion = { condition: 'between', origData: 'year', value1: '1990', value2: '2001' };
    const expected = parse(flat({ criteria: [criterion] })).conditions;
    expect(
      parse({
        'searchBuilder[criteria][0][condition]': 'between',
        'searchBuilder[criteria][0][origData]': 'year',
        'searchBuilder[criteria][0][value][]': ['1990', '2001'],
      }).conditions,
    ).toEqual(expected);
    expect(parse(flat({ criteria: [{ ...criterion, value: ['1990', '2001'] }] })).conditions).toEqual(expected);
  });

  it('leaves out criteria still being filled in, as SearchBuilder does', () => {
    const tree = {
      criteria: [
        { origData: 'year', type: 'num' },
        { condition: '=', origData: 'year', value: [''] },
        { condition: 'between', origData: 'year', value: ['1990'] },
        { condition: 'null', origData: 'is_live' },
      ],
      logic: 'OR',
    };
    expect(parse({ searchBuilder: tree }).conditions).toEqual([
      {
        logic: 'or',
        members: [
          { parameter: 'searchBuilder[criteria][3]', path: 'is_live', predicate: { kind: 'empty' }, negated: false },
        ],
      },
    ]);
  });

  it('reads comparisons with a date of a date-time field as that whole day', () => {
    const before = parse({
      searchBuilder: { criteria: [{ condition: '<', origData: 'recorded_at', value: ['2024-03-10'] }] },
    });
    const after = parse({
      searchBuilder: { criteria: [{ condition: '>', origData: 'recorded_at', value: ['2024-03-10'] }] },
    });
    // Europe/Oslo is UTC+1 in March.
    expect(before.conditions[0]).toMatchObject({
      members: [{ predicate: { upper: { value: new Date('2024-03-09T23:00:00Z'), inclusive: false } } }],
    });
    expect(after.conditions[0]).toMatchObject({
      members: [{ predicate: { lower: { value: new Date('2024-03-10T23:00:00Z'), inclusive: true } } }],
    });
  });

  it('allows a condition only where the column filters allow its lookup, and names what is allowed', () => {
    const refused = (criterion: Record<string, unknown>) =>
      problemsOf({ searchBuilder: { criteria: [criterion] } }).problems;
    expect(refused({ condition: 'contains', origData: 'year', value: ['19'] })).toEqual([
      'searchBuilder[criteria][0]: year cannot be searched with "contains"; allowed for it: =, !=, <, <=, >, >=, between, !between',
    ]);
    expect(
      parse({ searchBuilder: { criteria: [{ condition: '>', origData: 'price', value: ['2'] }] } }).conditions,
    ).toHaveLength(1);
    expect(refused({ condition: '=', origData: 'rank', value: ['2'] })[0]).toBe(
      'searchBuilder[criteria][0]: "rank" cannot be searched; searchable: name, year, price, released, recorded_at, is_live, status, code, artist__name, genres__id',
    );
    expect(refused({ condition: 'null', origData: 'name' })[0]).toContain('allowed for it: =, !=, contains');
    expect(refused({ condition: '=', origData: 'status', value: ['gone'] })[0]).toContain(
      'must be one of draft, published',
    );
  });

  it('refuses what does not read, naming the part', () => {
    const problems = (query: Record<string, unknown>) => problemsOf(query).problems;
    expect(problems({ searchBuilder: { criteria: [{ condition: '~', origData: 'year', value: ['1'] }] } })[0]).toMatch(
      /^searchBuilder\[criteria\]\[0\]\[condition\] must be one of =, !=, <, <=/,
    );
    expect(problems({ searchBuilder: { criteria: [], logic: 'XOR' } })).toEqual([
      'searchBuilder[logic] must be AND or OR, got "XOR"',
    ]);
    expect(problems({ searchBuilder: { criteria: [{ condition: '=', value: ['1'] }] } })).toEqual([
      "searchBuilder[criteria][0][origData] is required: the field the criterion searches (the column's data)",
    ]);
    expect(
      problems({ searchBuilder: { criteria: [{ condition: '=', origData: 'year', value: ['1'], extra: 'x' }] } })[0],
    ).toBe(
      'searchBuilder[criteria][0][extra] is not a SearchBuilder parameter; expected condition, data, origData, type, value, value1, value2',
    );
    expect(problems({ searchBuilder: '{"criteria": [' })[0]).toMatch(/^searchBuilder must be JSON/);
    expect(problems({ searchBuilder: 'null' })[0]).toMatch(/^searchBuilder must be a JSON object/);
    expect(problems({ searchBuilder: '{}', 'searchBuilder[logic]': 'AND' })[0]).toMatch(/not both$/);
    expect(problems({ 'searchBuilder[criteria][0': 'x' })[0]).toBe(
      'searchBuilder[criteria][0 is not a well-formed parameter name (expected searchBuilder[name][...])',
    );
    expect(problems({ 'searchBuilder[criteria]': 'x', 'searchBuilder[criteria][0][condition]': '=' })[0]).toMatch(
      /is given both as a value and as a group of parameters$/,
    );
    expect(
      problems({ searchBuilder: { criteria: [{ condition: '=', origData: 'year', value: ['x'.repeat(300)] }] } })[0],
    ).toBe('searchBuilder[criteria][0][value][0] must be at most 256 characters, got 300');
  });

  it('bounds the depth of groups and the number of criteria', () => {
    let tree: Record<string, unknown> = { criteria: [{ condition: '=', origData: 'year', value: ['1'] }] };
    for (let depth = 1; depth < 5; depth++) tree = { criteria: [tree], logic: 'OR' };
    expect(problemsOf({ searchBuilder: tree }).problems).toEqual([
      'searchBuilder[criteria][0][criteria][0][criteria][0][criteria][0]: groups may be nested at most 4 deep',
    ]);
    const many = Array.from({ length: 31 }, () => ({ condition: '=', origData: 'year', value: ['1'] }));
    expect(problemsOf({ searchBuilder: { criteria: many } }).problems).toEqual([
      'searchBuilder[criteria][30]: at most 30 SearchBuilder criteria and ColumnControl searches are allowed in one request',
    ]);
  });
});

describe('ColumnControl searches', () => {
  const column = (index: number, data: string, control: Record<string, string>) =>
    Object.fromEntries([
      [`columns[${index}][data]`, data],
      ...Object.entries(control).map(([key, value]) => [`columns[${index}][columnControl]${key}`, value]),
    ]) as Record<string, string>;

  it('reads text, number and date searches with their logic', () => {
    const request = parse({
      ...column(0, 'name', { '[search][value]': 'AbBa', '[search][logic]': 'equal', '[search][type]': 'text' }),
      ...column(1, 'year', { '[search][value]': '1999', '[search][logic]': 'greaterOrEqual', '[search][type]': 'num' }),
      ...column(2, 'recorded_at', {
        '[search][value]': '2024-03-10',
        '[search][logic]': 'notEqual',
        '[search][type]': 'date',
        '[search][mask]': '',
      }),
      ...column(3, 'is_live', { '[search][value]': '', '[search][logic]': 'contains', '[search][type]': 'text' }),
    });
    expect(request.conditions).toEqual([
      {
        parameter: 'columns[0][columnControl][search]',
        path: 'name',
        predicate: { kind: 'contains', text: 'AbBa', anchor: 'whole' },
        negated: false,
      },
      {
        parameter: 'columns[1][columnControl][search]',
        path: 'year',
        predicate: { kind: 'between', lower: { value: 1999, inclusive: true }, upper: null },
        negated: false,
      },
      {
        parameter: 'columns[2][columnControl][search]',
        path: 'recorded_at',
        predicate: {
          kind: 'between',
          lower: { value: new Date('2024-03-09T23:00:00Z'), inclusive: true },
          upper: { value: new Date('2024-03-10T23:00:00Z'), inclusive: false },
        },
        negated: true,
      },
    ]);
  });

  it('reads a list selection as one of its values, an empty value standing for no value', () => {
    const request = parse({
      ...column(0, 'year', { '[list][0]': '1999', '[list][1]': '2001' }),
      ...column(1, 'is_live', { '[list][0]': 'true', '[list][1]': '' }),
    });
    expect(request.conditions).toEqual([
      {
        parameter: 'columns[0][columnControl][list]',
        path: 'year',
        predicate: { kind: 'oneOf', values: [1999, 2001] },
        negated: false,
      },
      {
        logic: 'or',
        members: [
          {
            parameter: 'columns[1][columnControl][list]',
            path: 'is_live',
            predicate: { kind: 'oneOf', values: [true] },
            negated: false,
          },
          {
            parameter: 'columns[1][columnControl][list]',
            path: 'is_live',
            predicate: { kind: 'empty' },
            negated: false,
          },
        ],
      },
    ]);
  });

  it('refuses logics of another type, unknown types, unsupported masks and fields that cannot be searched', () => {
    expect(
      problemsOf({
        ...column(0, 'year', { '[search][value]': '19', '[search][logic]': 'starts', '[search][type]': 'num' }),
        ...column(1, 'year', { '[search][value]': '19', '[search][logic]': 'equal', '[search][type]': 'regex' }),
        ...column(2, 'recorded_at', {
          '[search][value]': '2024-03',
          '[search][logic]': 'equal',
          '[search][type]': 'date',
          '[search][mask]': 'YYYY-MM',
        }),
        ...column(3, 'rank', { '[search][value]': '2', '[search][logic]': 'equal', '[search][type]': 'num' }),
        ...column(4, 'year', { '[search][value]': '19', '[search][logic]': 'contains', '[search][type]': 'text' }),
      }).problems,
    ).toEqual([
      'columns[0][columnControl][search][logic] must be one of equal, notEqual, greater, greaterOrEqual, less, lessOrEqual, empty, notEmpty for num, got "starts"',
      'columns[1][columnControl][search][type] must be one of text, num, date, got "regex"',
      'columns[2][columnControl][search][mask]: only YYYY-MM-DD, YYYY-MM-DD hh:mm, YYYY-MM-DD hh:mm:ss are supported, got "YYYY-MM"',
      'columns[3][columnControl][search]: "rank" cannot be searched; searchable: name, year, price, released, recorded_at, is_live, status, code, artist__name, genres__id',
      'columns[4][columnControl][search]: year cannot be searched with "contains"; allowed for it: equal, notEqual',
    ]);
  });
});
