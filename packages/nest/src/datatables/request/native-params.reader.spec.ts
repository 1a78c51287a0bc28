import { isNativeParameter, nativeColumnPath, readNativeColumns, readNativeOrdering } from './native-params.reader.js';
import { QueryParameters } from './query-string.parser.js';
import { RequestProblems } from '../model/index.js';

function read(query: Record<string, string>, maxColumns = 100, maxOrderingKeys = 5) {
  const problems = new RequestProblems();
  const params = new QueryParameters(query, problems);
  const columns = readNativeColumns(params, problems, maxColumns);
  const ordering = readNativeOrdering(params, problems, columns, maxOrderingKeys);
  return { columns, ordering, problems: problems.messages };
}

describe('DataTables native parameters', () => {
  it('tells its parameters from others', () => {
    expect(['columns[0][data]', 'columns[12][search][value]', 'order[1][dir]'].every(isNativeParameter)).toBe(true);
    expect(['columns[0][other]', 'order', 'search[value]', 'name__icontains'].some(isNativeParameter)).toBe(false);
  });

  it('reads columns by index, with their search', () => {
    const { columns } = read({
      'columns[1][data]': 'artist.name',
      'columns[1][search][value]': 'x',
      'columns[0][name]': 'title',
      'columns[0][data]': 'name',
      'columns[0][searchable]': 'false',
    });
    expect(columns.get(1)).toEqual({ data: 'artist.name', searchValue: 'x' });
    expect(nativeColumnPath(columns.get(1)!)).toBe('artist__name');
    expect(nativeColumnPath(columns.get(0)!)).toBe('title');
  });

  it('reads order entries in index order, by name or by an orderable column', () => {
    const { ordering, problems } = read({
      'columns[0][data]': 'year',
      'order[1][column]': '0',
      'order[1][dir]': 'desc',
      'order[0][name]': 'name',
    });
    expect(problems).toEqual([]);
    expect(ordering).toEqual([
      { parameter: 'order[0][name]', path: 'name', descending: false },
      { parameter: 'order[1][column]', path: 'year', descending: true },
    ]);
  });

  it('names each bad order entry', () => {
    const { ordering, problems } = read({
      'columns[0][data]': 'year',
      'columns[0][orderable]': 'false',
      'order[0][column]': '0',
      'order[1][column]': '7',
      'order[2][dir]': 'sideways',
      'order[3][dir]': 'asc',
      'order[4][column]': 'x',
    });
    expect(ordering).toEqual([]);
    expect(problems).toEqual([
      'order[0][column] refers to column 0, which is not orderable',
      'order[1][column] refers to column 7, which the request does not describe',
      'order[2][dir] must be asc or desc, got "sideways"',
      'order[3] needs order[3][column] or order[3][name]',
      'order[4][column] must be a column index (an integer >= 0), got "x"',
    ]);
  });

  it('bounds the columns and the order entries', () => {
    expect(read({ 'columns[0][data]': 'a', 'columns[1][data]': 'b', 'columns[2][data]': 'c' }, 2).problems).toEqual([
      'columns: at most 2 columns[i] entries are allowed',
    ]);
    expect(read({ 'order[0][name]': 'a', 'order[1][name]': 'b' }, 100, 1).problems).toEqual([
      'order has 2 entries; at most 1 are allowed',
    ]);
  });
});
