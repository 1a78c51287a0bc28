import type { AjaxData, AjaxDataColumn } from 'datatables.net';
import {
  buildRequestUrl,
  formatDataTablePageParams,
  formatDataTableParams,
  orderingParam,
} from './datatables-params.writer.js';
import type { DataTableSettingsLike } from '../core/index.js';

interface ColumnSpec {
  data: string | number | null;
  name?: string;
  type?: string;
  search?: string;
}

function request(columns: ColumnSpec[], extra: Partial<AjaxData> = {}): [AjaxData, DataTableSettingsLike] {
  const ajaxColumns: AjaxDataColumn[] = columns.map((column) => ({
    data: column.data as string,
    name: column.name ?? '',
    searchable: true,
    orderable: true,
    search: { value: column.search ?? '', regex: false, fixed: [] },
  }));
  const data: AjaxData = {
    draw: 3,
    start: 20,
    length: 10,
    columns: ajaxColumns,
    order: [],
    search: { value: '', regex: false, fixed: [], groups: [], groupsFixed: [] },
    ...extra,
  };
  return [
    data,
    { columns: columns.map((column) => ({ type: column.type ?? null, name: column.name ?? '', data: column.data })) },
  ];
}

describe('formatDataTableParams', () => {
  it('translates paging and draw (start -> offset, length -> limit) and sends nothing else without search, order or filters', () => {
    const [data, settings] = request([{ data: 'name', type: 'string' }]);
    expect(formatDataTableParams(data, settings)).toEqual({ draw: 3, offset: 20, limit: 10 });
  });

  it('sends the global search as `search`, and leaves out a blank one', () => {
    const [data, settings] = request([{ data: 'name' }], {
      search: { value: 'blue  note', regex: false, fixed: [], groups: [], groupsFixed: [] },
    });
    expect(formatDataTableParams(data, settings).search).toBe('blue  note');
    const [blank] = request([{ data: 'name' }], {
      search: { value: '   ', regex: false, fixed: [], groups: [], groupsFixed: [] },
    });
    expect(formatDataTableParams(blank, settings)).not.toHaveProperty('search');
  });

  it("reads the column types from DataTables 2.3's settings (aoColumns) as from 3.x's (columns)", () => {
    const [data, settings] = request([
      { data: 'title', type: 'string', search: 'blue' },
      { data: 'year', type: 'number', search: '1959' },
      { data: 'is_live', type: 'boolean', search: 'true' },
    ]);
    const expected = { title__icontains: 'blue', year: '1959', is_live: 'true' };
    expect(formatDataTableParams(data, settings)).toMatchObject(expected);
    expect(formatDataTableParams(data, { aoColumns: settings.columns })).toMatchObject(expected);
  });

  it('sends length -1 (paging off) as limit -1', () => {
    const [data, settings] = request([{ data: 'name' }], { start: 0, length: -1 });
    expect(formatDataTableParams(data, settings)).toMatchObject({ offset: 0, limit: -1 });
  });

  it('orders by one column by its name, with - for descending', () => {
    const [asc, settings] = request([{ data: 'title' }, { data: 'year', name: 'year' }], {
      order: [{ column: 1, dir: 'asc' }],
    });
    expect(formatDataTableParams(asc, settings).ordering).toBe('year');
    const [desc] = request([{ data: 'title' }, { data: 'year', name: 'year' }], {
      order: [{ column: 1, dir: 'desc' }],
    });
    expect(formatDataTableParams(desc, settings).ordering).toBe('-year');
  });

  it('orders by several columns in priority order as one comma-separated ordering', () => {
    const [data, settings] = request([{ data: 'title' }, { data: 'year' }, { data: 'artist', name: 'artist__name' }], {
      order: [
        { column: 2, dir: 'asc' },
        { column: 1, dir: 'desc' },
        { column: 0, dir: 'asc' },
      ],
    });
    expect(formatDataTableParams(data, settings).ordering).toBe('artist__name,-year,title');
  });

  it('uses the name, else the data path with dots as __, and skips columns without a field or direction', () => {
    const [data] = request(
      [{ data: 'artist.name' }, { data: null }, { data: 'function' }, { data: 'year' }, { data: 'title' }],
      {
        order: [
          { column: 0, dir: 'desc' },
          { column: 1, dir: 'asc' },
          { column: 2, dir: 'asc' },
          { column: 3, dir: '' },
          { column: 9, dir: 'asc' },
          { column: 4, dir: 'asc' },
          { column: 4, dir: 'desc' },
        ],
      },
    );
    expect(orderingParam(data)).toBe('-artist__name,title');
  });

  it('leaves out ordering when nothing is ordered, so the server default applies', () => {
    const [data, settings] = request([{ data: 'title' }], { order: [] });
    expect(formatDataTableParams(data, settings)).not.toHaveProperty('ordering');
  });

  it.each([
    ['string', 'blue', { title__icontains: 'blue' }],
    ['number', '1959', { title: '1959' }],
    ['boolean', 'true', { title: 'true' }],
    ['boolean', 'false', { title: 'false' }],
    ['date', '2024-01-01,2024-12-31', { title__range: '2024-01-01,2024-12-31' }],
    ['date', '2024-01-01,', { title__range: '2024-01-01,' }],
    ['select', 'LP', { title: 'LP' }],
    ['select2', '3,7', { title__in: '3,7' }],
    ['readonly', 'anything', {}],
  ])('translates a %s column filter %j', (type, value, expected) => {
    const [data, settings] = request([{ data: 'title', type, search: value }]);
    const { draw, offset, limit, ...filters } = formatDataTableParams(data, settings);
    expect({ draw, offset, limit }).toEqual({ draw: 3, offset: 20, limit: 10 });
    expect(filters).toEqual(expected);
  });

  it('filters by the column name (a relation path) and trims the value', () => {
    const [data, settings] = request([{ data: 'artist', name: 'artist__name', type: 'string', search: '  Miles ' }]);
    expect(formatDataTableParams(data, settings)).toMatchObject({ artist__name__icontains: 'Miles' });
  });

  it('treats a column without a widgetlib type (or a DataTables-only one) as a string column', () => {
    const [data, settings] = request([
      { data: 'title', search: 'kind' },
      { data: 'notes', type: 'html', search: 'x' },
    ]);
    expect(formatDataTableParams(data, settings)).toMatchObject({ title__icontains: 'kind', notes__icontains: 'x' });
  });

  it('normalises boolean filter values and drops one that is not a boolean', () => {
    const [data, settings] = request([
      { data: 'a', type: 'boolean', search: 'Yes' },
      { data: 'b', type: 'boolean', search: '0' },
      { data: 'c', type: 'boolean', search: 'maybe' },
      { data: 'd', type: 'boolean', search: ' NO ' },
      { data: 'e', type: 'boolean', search: 'constructor' },
    ]);
    const params = formatDataTableParams(data, settings);
    expect(params).toMatchObject({ a: 'true', b: 'false', d: 'false' });
    expect(params).not.toHaveProperty('c');
    expect(params).not.toHaveProperty('e');
  });

  it('ignores empty column searches and columns without a field', () => {
    const [data, settings] = request([
      { data: 'title', type: 'string', search: '  ' },
      { data: null, type: 'string', search: 'x' },
    ]);
    expect(formatDataTableParams(data, settings)).toEqual({ draw: 3, offset: 20, limit: 10 });
  });

  it('combines search, ordering and every kind of filter in one request', () => {
    const [data, settings] = request(
      [
        { data: 'title', type: 'string', search: 'so' },
        { data: 'year', type: 'number', search: '1959' },
        { data: 'released', type: 'date', search: ',2000-01-01' },
        { data: 'genres', name: 'genres__id', type: 'select2', search: '1,2' },
      ],
      {
        order: [{ column: 1, dir: 'desc' }],
        search: { value: 'kind', regex: false, fixed: [], groups: [], groupsFixed: [] },
      },
    );
    expect(formatDataTableParams(data, settings)).toEqual({
      draw: 3,
      offset: 20,
      limit: 10,
      search: 'kind',
      ordering: '-year',
      title__icontains: 'so',
      year: '1959',
      released__range: ',2000-01-01',
      genres__id__in: '1,2',
    });
  });
});

describe('formatDataTablePageParams', () => {
  it('sends page = floor(start / length) + 1 and page_size instead of offset and limit', () => {
    const [data, settings] = request([{ data: 'title', type: 'string', search: 'x' }], { start: 25, length: 10 });
    expect(formatDataTablePageParams(data, settings)).toEqual({
      draw: 3,
      page: 3,
      page_size: 10,
      title__icontains: 'x',
    });
  });

  it('sends no paging when paging is off', () => {
    const [data, settings] = request([{ data: 'title' }], { start: 0, length: -1 });
    expect(formatDataTablePageParams(data, settings)).toEqual({ draw: 3 });
  });
});

describe('buildRequestUrl', () => {
  it('adds the parameters to a relative URL, keeping its own query, encoding values', () => {
    const url = buildRequestUrl(
      '/api/albums/?scope=mine',
      { search: 'a&b c', offset: 0, ordering: '-year' },
      'https://host.test/page',
    );
    expect(url).toBe('https://host.test/api/albums/?scope=mine&search=a%26b+c&offset=0&ordering=-year');
  });

  it('repeats array values and leaves out null and undefined', () => {
    const url = buildRequestUrl(
      'https://api.test/x',
      { id: [1, 2], skip: null, none: undefined, flag: false },
      'https://host.test/',
    );
    expect(url).toBe('https://api.test/x?id=1&id=2&flag=false');
  });
});
