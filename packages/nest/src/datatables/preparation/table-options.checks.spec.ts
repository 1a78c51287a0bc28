import { DEFAULT_TABLE_REQUEST_LIMITS, type TableRequestContext } from '../model/index.js';
import { tableContextProblems } from './table-options.checks.js';

const CONTEXT: TableRequestContext = {
  fields: new Map([
    ['name', { kind: 'string' }],
    ['year', { kind: 'integer' }],
    ['rank', { kind: 'integer' }],
  ]),
  searchFields: ['name'],
  orderingFields: ['name', 'year'],
  defaultOrdering: ['-year'],
  filters: { name: ['icontains'], year: ['gte'] },
  pageSize: 10,
  maxPageSize: 100,
  allowAll: false,
  timezone: 'UTC',
  limits: { ...DEFAULT_TABLE_REQUEST_LIMITS },
  cursorSecret: 'a test secret of thirty-two characters',
};

describe('tableContextProblems', () => {
  it('accepts consistent options', () => {
    expect(tableContextProblems(CONTEXT)).toEqual([]);
  });

  it('names each inconsistency', () => {
    expect(
      tableContextProblems({
        ...CONTEXT,
        searchFields: ['year'],
        orderingFields: ['name', 'nothing'],
        defaultOrdering: ['-rank'],
        filters: { year: ['icontains'], name: ['startswith' as never] },
        pageSize: 200,
      }),
    ).toEqual([
      'pageSize 200 exceeds maxPageSize 100',
      'search field year is not a text field',
      'ordering field nothing is not a field',
      'default ordering -rank is not one of orderingFields',
      'filter year__icontains needs a text field, year is integer',
      'filter name has unknown lookup startswith; lookups: exact, icontains, gte, lte, in, range, isnull',
    ]);
  });

  it('names a page size that is not a positive integer', () => {
    expect(tableContextProblems({ ...CONTEXT, pageSize: 0, maxPageSize: 2.5 })).toEqual([
      'pageSize must be a positive integer, got 0',
      'maxPageSize must be a positive integer, got 2.5',
    ]);
  });
});
