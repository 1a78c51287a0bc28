import { parse, problemsOf } from '../../test/fixtures/table-request-context.fixture.js';

describe('parseTableRequest', () => {
  it('applies the defaults to an empty query', () => {
    expect(parse({})).toEqual({
      draw: 1,
      offset: 0,
      limit: 10,
      searchTerms: [],
      searchFields: ['name', 'artist__name'],
      ordering: [
        { path: 'year', descending: true },
        { path: 'name', descending: false },
      ],
      filters: [],
      conditions: [],
      panes: { requested: false, keys: new Map(), selections: [], maxOptions: 100 },
      keyset: null,
    });
  });

  it('reads limit and offset, clamping limit to maxPageSize', () => {
    expect(parse({ limit: '5', offset: '20' })).toMatchObject({ limit: 5, offset: 20 });
    expect(parse({ limit: '5000' })).toMatchObject({ limit: 100 });
    expect(parse({ limit: '-1' })).toMatchObject({ limit: 100 });
    expect(parse({ limit: '-1' }, { allowAll: true })).toMatchObject({ limit: null });
  });

  it('reads page and page_size', () => {
    expect(parse({ page: '3', page_size: '7' })).toMatchObject({ limit: 7, offset: 14 });
    expect(parse({ page: '2' })).toMatchObject({ limit: 10, offset: 10 });
    expect(parse({ page_size: '500', page: '2' })).toMatchObject({ limit: 100, offset: 100 });
  });

  it('reads draw and ignores unrelated parameters', () => {
    expect(parse({ draw: '0', _: '1712345', foo: 'bar', name__bogus: 'x' })).toMatchObject({ draw: 0, filters: [] });
    expect(parse({ draw: '42' }).draw).toBe(42);
  });

  it('splits search on white space', () => {
    expect(parse({ search: '  Ång\tström  x%_\\ ' }).searchTerms).toEqual(['Ång', 'ström', 'x%_\\']);
    expect(parse({ search: '   ' }).searchTerms).toEqual([]);
  });

  it('reads a multi-field ordering and drops repeated fields', () => {
    expect(parse({ ordering: '-rank,name,,-name' }).ordering).toEqual([
      { path: 'rank', descending: true },
      { path: 'name', descending: false },
    ]);
  });

  it('types filter values by field kind', () => {
    const request = parse({
      name: 'Abba',
      year__gte: '1990',
      price: '9.5',
      is_live: 'YES',
      status: 'draft',
      code: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
      genres__id__in: '1, 2,3',
      released__range: '2000-01-01,',
      name__in: 'a, b',
    });
    expect(request.filters).toEqual([
      { parameter: 'name', path: 'name', predicate: { kind: 'equals', value: 'Abba' } },
      {
        parameter: 'year__gte',
        path: 'year',
        predicate: { kind: 'between', lower: { value: 1990, inclusive: true }, upper: null },
      },
      { parameter: 'price', path: 'price', predicate: { kind: 'equals', value: 9.5 } },
      { parameter: 'is_live', path: 'is_live', predicate: { kind: 'equals', value: true } },
      { parameter: 'status', path: 'status', predicate: { kind: 'equals', value: 'draft' } },
      { parameter: 'code', path: 'code', predicate: { kind: 'equals', value: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' } },
      { parameter: 'genres__id__in', path: 'genres__id', predicate: { kind: 'oneOf', values: [1, 2, 3] } },
      {
        parameter: 'released__range',
        path: 'released',
        predicate: { kind: 'between', lower: { value: '2000-01-01', inclusive: true }, upper: null },
      },
      { parameter: 'name__in', path: 'name', predicate: { kind: 'oneOf', values: ['a', ' b'] } },
    ]);
  });

  it.each([
    ['true', true],
    ['False', false],
    ['1', true],
    ['0', false],
    ['yes', true],
    ['NO', false],
  ])('reads the boolean %s', (text, value) => {
    expect(parse({ is_live: text }).filters[0]!.predicate).toEqual({ kind: 'equals', value });
    expect(parse({ is_live__isnull: text }).filters[0]!.predicate).toEqual({ kind: 'isNull', isNull: value });
  });

  it('reads a date bound of a date-time field as the whole day in the configured zone', () => {
    const [filter] = parse({ recorded_at__range: '2024-03-01,2024-03-02' }).filters;
    // Oslo is UTC+1 in March.
    expect(filter!.predicate).toEqual({
      kind: 'between',
      lower: { value: new Date('2024-02-29T23:00:00Z'), inclusive: true },
      upper: { value: new Date('2024-03-02T23:00:00Z'), inclusive: false },
    });
    expect(parse({ recorded_at: '2024-07-01' }).filters[0]!.predicate).toEqual({
      kind: 'between',
      lower: { value: new Date('2024-06-30T22:00:00Z'), inclusive: true },
      upper: { value: new Date('2024-07-01T22:00:00Z'), inclusive: false },
    });
    expect(parse({ recorded_at__lte: '2024-07-01' }).filters[0]!.predicate).toEqual({
      kind: 'between',
      lower: null,
      upper: { value: new Date('2024-07-01T22:00:00Z'), inclusive: false },
    });
  });

  it('reads date-times with an offset as given and without one in the configured zone', () => {
    expect(parse({ recorded_at__gte: '2024-03-01T10:00:00Z' }).filters[0]!.predicate).toEqual({
      kind: 'between',
      lower: { value: new Date('2024-03-01T10:00:00Z'), inclusive: true },
      upper: null,
    });
    expect(parse({ recorded_at: '2024-03-01 10:00' }).filters[0]!.predicate).toEqual({
      kind: 'equals',
      value: new Date('2024-03-01T09:00:00Z'),
    });
  });

  it('skips empty filter values and open ranges', () => {
    expect(parse({ name: '', year__range: ',', is_live__isnull: '' }).filters).toEqual([]);
  });

  describe('the native DataTables protocol', () => {
    const flat = {
      draw: '3',
      start: '20',
      length: '5',
      'search[value]': 'abba',
      'search[regex]': 'false',
      'columns[0][data]': 'name',
      'columns[0][name]': '',
      'columns[0][searchable]': 'true',
      'columns[0][orderable]': 'true',
      'columns[0][search][value]': '',
      'columns[0][search][regex]': 'false',
      'columns[1][data]': 'artist.name',
      'columns[1][name]': 'artist__name',
      'columns[1][searchable]': 'false',
      'columns[1][orderable]': 'true',
      'columns[1][search][value]': 'Ab',
      'columns[2][data]': 'year',
      'columns[2][searchable]': 'true',
      'columns[2][orderable]': 'true',
      'columns[2][search][value]': '1999',
      'order[0][column]': '2',
      'order[0][dir]': 'desc',
      'order[1][column]': '1',
      'order[1][dir]': 'asc',
    };
    const expected = {
      draw: 3,
      offset: 20,
      limit: 5,
      searchTerms: ['abba'],
      searchFields: ['name'],
      ordering: [
        { path: 'year', descending: true },
        { path: 'artist__name', descending: false },
      ],
      filters: [
        { parameter: 'columns[1][search][value]', path: 'artist__name', predicate: { kind: 'contains', text: 'Ab' } },
        { parameter: 'columns[2][search][value]', path: 'year', predicate: { kind: 'equals', value: 1999 } },
      ],
      conditions: [],
      panes: { requested: false, keys: new Map(), selections: [], maxOptions: 100 },
      keyset: null,
    };

    it('reads the flat keys of Express 5 default query parser', () => {
      expect(parse(flat)).toEqual(expected);
    });

    it('reads the nested objects of the extended (qs) query parser', () => {
      const nested = {
        draw: '3',
        start: '20',
        length: '5',
        search: { value: 'abba', regex: 'false' },
        columns: [
          { data: 'name', name: '', searchable: 'true', orderable: 'true', search: { value: '', regex: 'false' } },
          {
            data: 'artist.name',
            name: 'artist__name',
            searchable: 'false',
            orderable: 'true',
            search: { value: 'Ab' },
          },
          { data: 'year', searchable: 'true', orderable: 'true', search: { value: '1999' } },
        ],
        order: [
          { column: '2', dir: 'desc' },
          { column: '1', dir: 'asc' },
        ],
      };
      expect(parse(nested)).toEqual(expected);
    });

    it('lets order[i][name] name the field and -1 ask for every row', () => {
      expect(
        parse({ 'order[0][name]': 'rank', 'order[0][dir]': 'DESC', length: '-1' }, { allowAll: true }),
      ).toMatchObject({
        ordering: [{ path: 'rank', descending: true }],
        limit: null,
      });
    });

    it('prefers our own parameters to the native ones', () => {
      expect(parse({ ordering: 'name', 'order[0][name]': 'rank', limit: '3', length: '7' })).toMatchObject({
        ordering: [{ path: 'name', descending: false }],
        limit: 3,
      });
    });
  });

  describe('refuses bad input naming the parameter', () => {
    it.each<[Record<string, unknown>, string]>([
      [{ limit: 'abc' }, 'limit'],
      [{ limit: '1.5' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '-2' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ offset: '1e3' }, 'offset'],
      [{ page: '0' }, 'page'],
      [{ page_size: 'x' }, 'page_size'],
      [{ page: '2', offset: '4' }, 'page'],
      [{ draw: 'x' }, 'draw'],
      [{ draw: '-1' }, 'draw'],
      [{ draw: '99999999999999999999' }, 'draw'],
      [{ ordering: 'password' }, 'ordering'],
      [{ ordering: 'name,-secret' }, 'ordering'],
      [{ password__icontains: 'x' }, 'password__icontains'],
      [{ year__icontains: '19' }, 'year__icontains'],
      [{ artist__name: 'x' }, 'artist__name'],
      [{ year: 'nineteen' }, 'year'],
      [{ year: '99999999999' }, 'year'],
      [{ price: '1,5' }, 'price'],
      [{ is_live: 'maybe' }, 'is_live'],
      [{ is_live__isnull: 'nope' }, 'is_live__isnull'],
      [{ released__range: '2000-01-01' }, 'released__range'],
      [{ released__range: '2000-13-01,' }, 'released__range'],
      [{ released: '01/02/2000' }, 'released'],
      [{ recorded_at__gte: 'yesterday' }, 'recorded_at__gte'],
      [{ recorded_at__in: '2024-01-01' }, 'recorded_at__in'],
      [{ status: 'deleted' }, 'status'],
      [{ code: 'not-a-uuid' }, 'code'],
      [{ genres__id__in: Array.from({ length: 101 }, (_, i) => i).join(',') }, 'genres__id__in'],
      [{ search: 'x'.repeat(257) }, 'search'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ name__icontains: 'y'.repeat(300) }, 'name__icontains'],
      [{ limit: ['1', '2'] }, 'limit'],
      [{ 'order[0][column]': '9', 'columns[0][data]': 'name' }, 'order[0][column]'],
      [{ 'order[0][column]': 'first' }, 'order[0][column]'],
      [{ 'order[0][name]': 'name', 'order[0][dir]': 'up' }, 'order[0][dir]'],
      [{ 'order[0][column]': '0', 'columns[0][data]': 'name', 'columns[0][orderable]': 'false' }, 'order[0][column]'],
      [{ 'columns[0][data]': 'rank', 'columns[0][search][value]': '3' }, 'columns[0][search][value]'],
      [{ 'search[value]': 'x', 'search[regex]': 'true' }, 'search[regex]'],
    ])('%j -> %s', (query, parameter) => {
      const error = problemsOf(query);
      expect(error.problems.join('\n')).toContain(parameter);
    });

    it('lists every problem and echoes draw when it parsed', () => {
      const error = problemsOf({ draw: '7', limit: 'x', ordering: 'nope' });
      expect(error.draw).toBe(7);
      expect(error.problems).toHaveLength(2);
      expect(problemsOf({ draw: 'x', limit: 'x' }).draw).toBeUndefined();
    });

    it('says what is allowed', () => {
      expect(problemsOf({ ordering: 'secret' }).problems[0]).toBe(
        'ordering: "secret" is not an ordering field; allowed: name, year, rank, artist__name, id',
      );
      expect(problemsOf({ name__gte: 'a' }).problems[0]).toBe(
        'name__gte: lookup gte is not allowed for name; allowed: name, name__icontains, name__in',
      );
    });

    it('refuses a search on a table without search fields', () => {
      expect(problemsOf({ search: 'x' }, { searchFields: [] }).problems[0]).toContain('search');
    });
  });
});
