import {
  choiceLabels,
  extensionAnswer,
  extensionParams,
  type DataTablesExtensionsData,
} from './datatables-extensions.format.js';
import { buildRequestUrl, formatDataTablePageParams, formatDataTableParams } from './datatables-params.writer.js';

type Column = NonNullable<DataTablesExtensionsData['columns']>[number];

function column(data: unknown, name = '', extra: Partial<Column> = {}): Column {
  return { data, name, searchable: true, orderable: true, search: { value: '', regex: false }, ...extra };
}

const COLUMNS = [
  column('title'),
  column('artist', 'artist__name'),
  column('released_on'),
  column('genres', 'genres__id'),
];

describe('extensionParams: SearchBuilder', () => {
  it('sends the criteria tree as one JSON parameter, naming each column by its field', () => {
    const params = extensionParams({
      columns: COLUMNS,
      searchBuilder: {
        criteria: [
          { condition: 'contains', data: 'Title', origData: 'title', type: 'string', value: ['blue'], value1: 'blue' },
          {
            criteria: [
              { condition: 'starts', data: 'Artist', origData: 'artist', type: 'string', value: ['Mi'] },
              {
                condition: 'between',
                data: 'Released',
                origData: 'released_on',
                type: 'date',
                value: ['1959-01-01', '1960-12-31'],
              },
            ],
            logic: 'OR',
          },
        ],
        logic: 'AND',
      },
    });
    expect(JSON.parse(String(params.searchBuilder))).toEqual({
      criteria: [
        { condition: 'contains', origData: 'title', type: 'string', value: ['blue'] },
        {
          criteria: [
            { condition: 'starts', origData: 'artist__name', type: 'string', value: ['Mi'] },
            { condition: 'between', origData: 'released_on', type: 'date', value: ['1959-01-01', '1960-12-31'] },
          ],
          logic: 'OR',
        },
      ],
      logic: 'AND',
    });
  });

  it('leaves out criteria without a condition or column, empty groups, and an empty tree', () => {
    expect(extensionParams({ columns: COLUMNS, searchBuilder: {} })).toEqual({});
    expect(extensionParams({ columns: COLUMNS, searchBuilder: { criteria: [], logic: 'AND' } })).toEqual({});
    const params = extensionParams({
      columns: COLUMNS,
      searchBuilder: {
        criteria: [
          { data: 'Title', origData: 'title' },
          { criteria: [{ condition: '=' }], logic: 'OR' },
          { condition: 'null', origData: 'notes.text', value: [] },
        ],
        logic: 'OR',
      },
    });
    expect(JSON.parse(String(params.searchBuilder))).toEqual({
      criteria: [{ condition: 'null', origData: 'notes.text', value: [] }],
      logic: 'OR',
    });
  });

  it('reads values sent as numbered objects and numbers', () => {
    const params = extensionParams({
      columns: COLUMNS,
      searchBuilder: { criteria: { 0: { condition: '>', origData: 'year', value: { 0: 1960 } } }, logic: 'AND' },
    });
    expect(JSON.parse(String(params.searchBuilder)).criteria).toEqual([
      { condition: '>', origData: 'year', value: ['1960'] },
    ]);
  });
});

describe('extensionParams: SearchPanes', () => {
  it('sends each selection under the field of its column, with its null flags and the options', () => {
    expect(
      extensionParams({
        columns: [column('format'), column('genres', 'genres__id')],
        searchPanes: { format: { 0: 'LP', 1: 'EP' }, genres: [3, null] },
        searchPanes_null: { format: { 0: false, 1: false }, genres: [false, true] },
        searchPanes_options: { cascade: true, viewCount: true, viewTotal: false, other: true },
      }),
    ).toEqual({
      'searchPanes[format][0]': 'LP',
      'searchPanes[format][1]': 'EP',
      'searchPanes_null[format][0]': false,
      'searchPanes_null[format][1]': false,
      'searchPanes[genres__id][0]': '3',
      'searchPanes[genres__id][1]': '',
      'searchPanes_null[genres__id][0]': false,
      'searchPanes_null[genres__id][1]': true,
      'searchPanes_options[cascade]': true,
      'searchPanes_options[viewCount]': true,
      'searchPanes_options[viewTotal]': false,
    });
  });

  it('names a data source of no column by its path with `__`', () => {
    expect(extensionParams({ columns: [], searchPanes: { 'artist.name': ['Miles'] } })).toEqual({
      'searchPanes[artist__name][0]': 'Miles',
      'searchPanes_null[artist__name][0]': false,
    });
  });

  it("gives the answer's options, keyed by field, also under their column's data source", () => {
    const options = {
      format: [{ label: 'LP', value: 'LP', total: 2, count: 1 }],
      genres__id: [{ label: 'Jazz', value: 3, total: 1, count: 1 }],
    };
    const answer = extensionAnswer({ data: [], recordsTotal: 2, recordsFiltered: 1, searchPanes: { options } }, [
      column('format'),
      column('genres', 'genres__id'),
    ]);
    expect(answer.searchPanes).toEqual({ options: { ...options, genres: options.genres__id } });
    const dotted = { 'genres.name': [{ label: 'Jazz', value: 'Jazz', total: 1, count: 1 }] };
    const named = extensionAnswer({ data: [], searchPanes: { options: dotted } }, [column('genres', 'genres__name')]);
    expect(named.searchPanes).toEqual({ options: { ...dotted, genres: dotted['genres.name'] } });
    const plain = { data: [], recordsTotal: 0, recordsFiltered: 0 };
    expect(extensionAnswer(plain, [column('format')])).toBe(plain);
  });

  it("labels a pane's options by its column's choices, the values without a choice as sent", () => {
    const labels = choiceLabels([
      {
        data: 'format',
        choices: [
          ['lp', 'Vinilo'],
          ['cd', '<b>CD</b>'],
        ],
      },
      { data: 'tracks', choices: [[1, 'Uno']] },
      { data: 'title' },
    ]);
    expect([...labels.keys()]).toEqual(['format', 'tracks']);
    const options = {
      format: [
        { label: 'LP', value: 'lp', total: 2, count: 1 },
        { label: 'Tape', value: 'tape', total: 1, count: 1 },
        { label: 'CD', value: 'cd', total: 1, count: 0 },
      ],
    };
    const answer = extensionAnswer({ data: [], searchPanes: { options } }, [column('format')], labels);
    expect(answer.searchPanes).toEqual({
      options: {
        format: [
          { label: 'Vinilo', value: 'lp', total: 2, count: 1 },
          { label: 'Tape', value: 'tape', total: 1, count: 1 },
          { label: '&lt;b&gt;CD&lt;/b&gt;', value: 'cd', total: 1, count: 0 },
        ],
      },
    });
  });
});

describe('extensionParams: ColumnControl', () => {
  it("gives the answer's lists under each column's data source too, where ColumnControl looks", () => {
    const lists = { artist__name: [{ label: 'ABBA', value: 'ABBA' }], format: [{ label: 'LP', value: 'lp' }] };
    const answer = extensionAnswer({ data: [], columnControl: lists }, [column('artist.name'), column('format')]);
    expect(answer.columnControl).toEqual({ ...lists, 'artist.name': lists.artist__name });
  });

  it("sends the searches and lists of the columns that search, each with the column's field", () => {
    const columns = [
      column('title', '', { columnControl: { search: { value: 'blue', logic: 'contains', type: 'text' } } }),
      column('artist', 'artist__name', { columnControl: { search: { value: '', logic: 'contains', type: 'text' } } }),
      column('tracks', '', { columnControl: { search: { value: '', logic: 'empty', type: 'num' } } }),
      column('released_on', '', {
        columnControl: { search: { value: '1959-08-17', logic: 'greater', type: 'date', mask: 'YYYY-MM-DD' } },
      }),
      column('format', '', { columnControl: { list: { 0: 'LP', 1: '' } } }),
      column('notes', '', { columnControl: { list: {} } }),
    ];
    expect(extensionParams({ columns })).toEqual({
      'columns[0][columnControl][search][value]': 'blue',
      'columns[0][columnControl][search][logic]': 'contains',
      'columns[0][columnControl][search][type]': 'text',
      'columns[0][name]': 'title',
      'columns[2][columnControl][search][value]': '',
      'columns[2][columnControl][search][logic]': 'empty',
      'columns[2][columnControl][search][type]': 'num',
      'columns[2][name]': 'tracks',
      'columns[3][columnControl][search][value]': '1959-08-17',
      'columns[3][columnControl][search][logic]': 'greater',
      'columns[3][columnControl][search][type]': 'date',
      'columns[3][columnControl][search][mask]': 'YYYY-MM-DD',
      'columns[3][name]': 'released_on',
      'columns[4][columnControl][list][0]': 'LP',
      'columns[4][columnControl][list][1]': '',
      'columns[4][name]': 'format',
      // A list without a selection still names its field: the endpoint answers its options.
      'columns[5][name]': 'notes',
    });
  });

  it('sends a search of a column without a field without a name, for the server to refuse', () => {
    const columns = [column(null, '', { columnControl: { search: { value: 'x', logic: 'contains', type: 'text' } } })];
    expect(extensionParams({ columns })).toEqual({
      'columns[0][columnControl][search][value]': 'x',
      'columns[0][columnControl][search][logic]': 'contains',
      'columns[0][columnControl][search][type]': 'text',
    });
  });
});

describe('formatDataTableParams with the extensions', () => {
  it('adds their parameters to both translations, in a URL the server reads back', () => {
    const data = {
      draw: 1,
      start: 0,
      length: 10,
      columns: [column('format', '', { columnControl: { list: { 0: 'LP' } } })],
      searchBuilder: { criteria: [{ condition: '=', origData: 'format', value: ['EP'] }], logic: 'AND' },
    };
    const expected = {
      'columns[0][columnControl][list][0]': 'LP',
      'columns[0][name]': 'format',
      searchBuilder: '{"criteria":[{"condition":"=","origData":"format","value":["EP"]}],"logic":"AND"}',
    };
    expect(formatDataTableParams(data, {})).toMatchObject(expected);
    expect(formatDataTablePageParams(data, {})).toMatchObject(expected);
    const url = new URL(buildRequestUrl('/albums', formatDataTableParams(data, {}), 'http://host/'));
    expect(url.searchParams.get('searchBuilder')).toBe(expected.searchBuilder);
    expect(url.searchParams.get('columns[0][columnControl][list][0]')).toBe('LP');
  });
});
