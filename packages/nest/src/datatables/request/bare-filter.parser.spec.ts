import { parse, problemsOf } from '../../../test/fixtures/table-request-context.fixture.js';
import type { ClientCompatibility } from '../model/index.js';

const DJGENTELELLA: ClientCompatibility = {
  client: 'djgentelella',
  dateFormat: 'MM/dd/yyyy',
  datetimeFormat: 'MM/dd/yyyy HH:mm',
};
const compatible = { compatibility: DJGENTELELLA };

describe('client compatibility: djgentelella', () => {
  it('ignores a bare name sent with a lookup of the same value, and says so', () => {
    const request = parse({ name: 'love', name__icontains: 'love', _: '1700000000000' }, compatible);
    expect(request.filters).toEqual([
      { parameter: 'name__icontains', path: 'name', predicate: { kind: 'contains', text: 'love' } },
    ]);
    expect(request.ignored).toEqual(['name: ignored, sent with name__icontains of the same value']);
  });

  it('keeps a bare name whose lookup partner has another value (exact declared)', () => {
    const request = parse({ name: 'love', name__icontains: 'lov' }, compatible);
    expect(request.filters.map((filter) => filter.parameter).sort()).toEqual(['name', 'name__icontains']);
    expect(request.ignored).toBeUndefined();
  });

  it('ignores a bare name whose path has no exact lookup', () => {
    const request = parse({ artist__name: 'beatles' }, compatible);
    expect(request.filters).toEqual([]);
    expect(request.ignored).toEqual([
      'artist__name: ignored, artist__name has no exact lookup (allowed: artist__name__icontains)',
    ]);
  });

  it('reads bare numbers and booleans as exact, as in strict mode', () => {
    const request = parse({ year: '1966', is_live: 'True' }, compatible);
    expect(request.filters.map((filter) => filter.predicate)).toEqual([
      { kind: 'equals', value: 1966 },
      { kind: 'equals', value: true },
    ]);
  });

  it.each([
    ['the page format', '01/01/1965 - 12/31/1967'],
    ['ISO', '1965-01-01 - 1967-12-31'],
    ['both', '01/01/1965 - 1967-12-31'],
  ])('reads a date range in %s', (_title, text) => {
    expect(parse({ released: text }, compatible).filters).toEqual([
      {
        parameter: 'released',
        path: 'released',
        predicate: {
          kind: 'between',
          lower: { value: '1965-01-01', inclusive: true },
          upper: { value: '1967-12-31', inclusive: true },
        },
      },
    ]);
  });

  it('reads a date-time range in the page formats, in the time zone', () => {
    const [filter] = parse({ recorded_at: '01/31/2020 - 02/01/2020 12:30' }, compatible).filters;
    expect(filter!.predicate).toEqual({
      kind: 'between',
      lower: { value: new Date('2020-01-30T23:00:00Z'), inclusive: true },
      upper: { value: new Date('2020-02-01T11:30:00Z'), inclusive: true },
    });
  });

  it('refuses a date range whose dates read in neither format', () => {
    expect(problemsOf({ released: '31.12.1965 - 01.01.1966' }, compatible).problems).toEqual([
      'released must be a date range as <from> - <to>, each date as MM/dd/yyyy or yyyy-MM-dd, got "31.12.1965 - 01.01.1966"',
    ]);
  });

  it('ignores an ordering field outside the list; the default ordering applies', () => {
    const request = parse({ ordering: 'is_live' }, compatible);
    expect(request.ordering).toEqual([
      { path: 'year', descending: true },
      { path: 'name', descending: false },
    ]);
    expect(request.ignored).toEqual([
      'ordering: "is_live" is not an ordering field, ignored (allowed: name, year, rank, artist__name, id)',
      'ordering: the default ordering applies (-year, name)',
    ]);
    expect(parse({ ordering: '-is_live,name' }, compatible).ordering).toEqual([{ path: 'name', descending: false }]);
  });

  it('keeps every other rule', () => {
    expect(
      problemsOf(
        { password__icontains: 'x', year: 'abc', limit: 'ten', released__range: '1965-01-01,1966-01-01x' },
        compatible,
      ).problems,
    ).toEqual([
      'limit must be an integer >= 1 (values above 100 are reduced to 100) or -1 (reduced to 100), got "ten"',
      'password__icontains: "password" cannot be filtered; filterable: name, year, price, released, recorded_at, is_live, status, code, artist__name, genres__id',
      'year must be an integer from -2147483648 to 2147483647, got "abc"',
      'released__range must be a date as yyyy-MM-dd, got "1966-01-01x"',
    ]);
  });

  it('leaves strict mode as it was', () => {
    expect(problemsOf({ artist__name: 'beatles', ordering: 'is_live' }).problems).toEqual([
      'ordering: "is_live" is not an ordering field; allowed: name, year, rank, artist__name, id',
      'artist__name: lookup exact is not allowed for artist__name; allowed: artist__name__icontains',
    ]);
    expect(problemsOf({ released: '01/01/1965 - 12/31/1967' }).problems).toEqual([
      'released must be a date as yyyy-MM-dd, got "01/01/1965 - 12/31/1967"',
    ]);
    const both = parse({ name: 'love', name__icontains: 'love' });
    expect(both.filters).toHaveLength(2);
    expect(both.ignored).toBeUndefined();
  });
});
