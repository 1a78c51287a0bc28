import { columnFieldName, searchBuilderTypeOf } from './datatables-column.options.js';

describe('searchBuilderTypeOf', () => {
  it("names SearchBuilder's condition set of each widgetlib column type", () => {
    expect(
      ['string', 'number', 'boolean', 'date', 'select', 'select2', 'readonly'].map((type) => searchBuilderTypeOf(type)),
    ).toEqual(['string', 'num', 'string', 'date', 'string', 'string', undefined]);
  });

  it("leaves DataTables' own types and missing types to SearchBuilder", () => {
    expect([searchBuilderTypeOf('num'), searchBuilderTypeOf('html'), searchBuilderTypeOf(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('columnFieldName', () => {
  it('takes the name, else the data path with `__`, and nothing for computed columns', () => {
    expect(columnFieldName({ name: 'artist__name', data: 'artist' })).toBe('artist__name');
    expect(columnFieldName({ data: 'artist.name' })).toBe('artist__name');
    expect(columnFieldName({ data: 'function' })).toBeNull();
    expect(columnFieldName({ data: null })).toBeNull();
  });
});
