import { bulkActionParams, fillBulkText, pickedActionParams, selectionKey } from './bulk-request.writer.js';

describe('bulk action requests', () => {
  const params = { draw: 3, offset: 20, limit: 10, search: 'abba', year__gte: 1980, ordering: '-year' };

  it('sends the shown request with the confirmed count, and all=true only for the whole table', () => {
    expect(bulkActionParams({ params, recordsFiltered: 7, recordsTotal: 30, exact: true })).toEqual({
      ...params,
      confirm: 7,
    });
    expect(bulkActionParams({ params: { draw: 1 }, recordsFiltered: 30, recordsTotal: 30, exact: true })).toEqual({
      draw: 1,
      confirm: 30,
      all: true,
    });
    // An estimated or capped count confirms nothing, and never stands for the whole table.
    expect(bulkActionParams({ params, recordsFiltered: 30, recordsTotal: 30, exact: false })).toEqual(params);
  });

  it('sends the rows picked one by one with the request that shows them, confirmed by their number', () => {
    expect(pickedActionParams({ params, recordsFiltered: 7, recordsTotal: 30, exact: true }, [4, '9', 12])).toEqual({
      ...params,
      ids: '4,9,12',
      confirm: 3,
    });
  });

  it('keys a selection by the parameters that choose rows, not by page or ordering', () => {
    const key = selectionKey(params);
    expect(selectionKey({ ...params, draw: 4, offset: 0, limit: 50, ordering: 'name' })).toBe(key);
    expect(selectionKey({ year__gte: 1980, search: 'abba', empty: null })).toBe(key);
    expect(selectionKey({ ...params, search: 'abb' })).not.toBe(key);
    expect(selectionKey({ ...params, 'searchPanes[year][0]': '1999' })).not.toBe(key);
  });

  it('fills numbers through the formatter and keeps unknown names', () => {
    const format = (value: number) => value.toLocaleString('fr-FR');
    expect(
      fillBulkText('Marked {processed} of {matched} albums {nope}', { processed: 1234, matched: 1234 }, format),
    ).toBe(`Marked ${format(1234)} of ${format(1234)} albums {nope}`);
    expect(fillBulkText('{label}: {count}', { label: 'x', count: 3 }, String)).toBe('x: 3');
  });
});
