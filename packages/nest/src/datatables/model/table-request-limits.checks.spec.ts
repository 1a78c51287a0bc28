import {
  DEFAULT_TABLE_REQUEST_LIMITS,
  resolveTableRequestLimits,
  statementTimeoutProblem,
} from './table-request-limits.checks.js';
import { INT32_RANGE } from '../sql/index.js';
import { TableRequestError } from './table-request.errors.js';
import { parseTableRequest } from '../table-request.parser.js';
import type { FieldSpec, TableRequest, TableRequestContext } from './table-request.types.js';

const FIELDS = new Map<string, FieldSpec>([
  ['name', { kind: 'string' }],
  ['year', { kind: 'integer', integerRange: INT32_RANGE }],
  ['artist__name', { kind: 'string' }],
  ['label', { kind: 'string' }],
  ['id', { kind: 'integer', integerRange: INT32_RANGE }],
  ['rank', { kind: 'integer', integerRange: INT32_RANGE }],
]);

const CONTEXT: TableRequestContext = {
  fields: FIELDS,
  searchFields: ['name', 'artist__name'],
  orderingFields: ['name', 'year', 'artist__name', 'label', 'id', 'rank'],
  defaultOrdering: ['name'],
  filters: {
    name: ['icontains', 'exact'],
    year: ['exact', 'gte', 'lte', 'in'],
    artist__name: ['icontains'],
    label: ['exact'],
  },
  pageSize: 10,
  maxPageSize: 100,
  allowAll: false,
  timezone: 'UTC',
  limits: { ...DEFAULT_TABLE_REQUEST_LIMITS },
  cursorSecret: 'a test secret of thirty-two characters',
};

function parse(query: Record<string, unknown>, limits: Partial<TableRequestContext['limits']> = {}): TableRequest {
  return parseTableRequest(query, { ...CONTEXT, limits: { ...CONTEXT.limits, ...limits } });
}

function problems(query: Record<string, unknown>, limits: Partial<TableRequestContext['limits']> = {}): string[] {
  try {
    parse(query, limits);
  } catch (error) {
    if (error instanceof TableRequestError) return error.problems;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

/** DataTables' native description of `count` columns, all of them `name`. */
function nativeColumns(count: number, value = ''): Record<string, string> {
  const query: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) {
    query[`columns[${index}][data]`] = 'name';
    query[`columns[${index}][search][value]`] = value;
  }
  return query;
}

describe('request limits', () => {
  it('has defaults that bound every kind of repeated work', () => {
    expect(DEFAULT_TABLE_REQUEST_LIMITS).toEqual({
      maxSearchTerms: 10,
      minSearchTermLength: 1,
      maxFilters: 20,
      maxOrderingKeys: 5,
      maxColumns: 100,
      maxInValues: 100,
      maxPaneOptions: 100,
      maxQueryStringBytes: 16_384,
      maxCriteria: 30,
      maxCriteriaDepth: 4,
      maxBodyBytes: 102_400,
      maxOffset: null,
    });
  });

  describe('query string size', () => {
    it('refuses a query string longer than maxQueryStringBytes before reading it, keeping the draw', () => {
      const context = { ...CONTEXT, limits: { ...CONTEXT.limits, maxQueryStringBytes: 100 } };
      let refused: unknown;
      try {
        parseTableRequest({ draw: '7', search: 'x' }, context, { in: 'query string', bytes: 101 });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(TableRequestError);
      expect((refused as TableRequestError).problems).toEqual([
        'the query string has 101 bytes; at most 100 are allowed (limits.maxQueryStringBytes)',
      ]);
      expect((refused as TableRequestError).draw).toBe(7);
      expect(parseTableRequest({ search: 'x' }, context, { in: 'query string', bytes: 100 }).searchTerms).toEqual([
        'x',
      ]);
    });

    it('refuses a body longer than maxBodyBytes, each size against its own limit', () => {
      const context = { ...CONTEXT, limits: { ...CONTEXT.limits, maxQueryStringBytes: 100, maxBodyBytes: 200 } };
      expect(() => parseTableRequest({ draw: '7' }, context, { in: 'body', bytes: 201 })).toThrow(
        new TableRequestError(['the body has 201 bytes; at most 200 are allowed (limits.maxBodyBytes)'], 7),
      );
      expect(parseTableRequest({ draw: '7' }, context, { in: 'body', bytes: 200 }).draw).toBe(7);
    });
  });

  describe('search terms', () => {
    it('counts terms that differ only in case once, keeping the first spelling', () => {
      expect(parse({ search: 'Blue blue BLUE note Note' }).searchTerms).toEqual(['Blue', 'note']);
    });

    it('refuses more distinct terms than maxSearchTerms, naming the limit', () => {
      const terms = Array.from({ length: 11 }, (_, index) => `t${index}`).join(' ');
      expect(problems({ search: terms })).toEqual(['search has 11 different terms; at most 10 are allowed']);
      expect(parse({ search: terms }, { maxSearchTerms: 11 }).searchTerms).toHaveLength(11);
      expect(problems({ 'search[value]': 'a b c' }, { maxSearchTerms: 2 })).toEqual([
        'search[value] has 3 different terms; at most 2 are allowed',
      ]);
    });

    it('accepts 128 copies of one term as one term', () => {
      expect(parse({ search: Array(128).fill('x').join(' ') }).searchTerms).toEqual(['x']);
    });

    it('refuses a term shorter than minSearchTermLength, counting code points', () => {
      expect(problems({ search: 'blue a' }, { minSearchTermLength: 2 })).toEqual([
        'search: every term needs at least 2 characters, got "a"',
      ]);
      expect(parse({ search: '😀x' }, { minSearchTermLength: 2 }).searchTerms).toEqual(['😀x']);
      expect(parse({ search: 'a' }).searchTerms).toEqual(['a']);
    });
  });

  describe('filters', () => {
    it('refuses a second filter of the same field and lookup through native columns', () => {
      expect(problems(nativeColumns(3, 'x'))).toEqual([
        'columns[1][search][value]: name is already filtered (icontains) by columns[0][search][value]; send one filter per field and lookup',
        'columns[2][search][value]: name is already filtered (icontains) by columns[0][search][value]; send one filter per field and lookup',
      ]);
    });

    it('refuses a native column filter that repeats a named one', () => {
      expect(problems({ name__icontains: 'a', 'columns[0][data]': 'name', 'columns[0][search][value]': 'b' })).toEqual([
        'columns[0][search][value]: name is already filtered (icontains) by name__icontains; send one filter per field and lookup',
      ]);
    });

    it('lets different lookups of one field through', () => {
      expect(parse({ year__gte: '1960', year__lte: '1970' }).filters).toHaveLength(2);
    });

    it('refuses more filters than maxFilters', () => {
      expect(problems({ name: 'a', year: '1', label: 'x' }, { maxFilters: 2 })).toEqual([
        'label: at most 2 filters are allowed in one request',
      ]);
    });

    it('refuses an in list longer than maxInValues', () => {
      expect(problems({ year__in: '1,2,3,4' }, { maxInValues: 3 })).toEqual([
        'year__in takes at most 3 comma-separated values, got 4',
      ]);
      expect(parse({ year__in: '1,2,3' }, { maxInValues: 3 }).filters).toHaveLength(1);
    });
  });

  describe('native columns and ordering', () => {
    it('refuses more columns[i] entries than maxColumns', () => {
      expect(problems(nativeColumns(101))).toEqual(['columns: at most 100 columns[i] entries are allowed']);
      expect(parse(nativeColumns(100)).filters).toEqual([]);
    });

    it('refuses more order[i] entries than maxOrderingKeys', () => {
      const order: Record<string, string> = {};
      for (let index = 0; index < 6; index += 1) order[`order[${index}][name]`] = 'name';
      expect(problems(order)).toEqual(['order has 6 entries; at most 5 are allowed']);
    });

    it('refuses an ordering of more fields than maxOrderingKeys, counting each field once', () => {
      expect(problems({ ordering: 'name,year,artist__name,label,id,rank' })).toEqual([
        'ordering names 6 fields; at most 5 are allowed',
      ]);
      expect(parse({ ordering: 'name,-name,year,name' }).ordering).toEqual([
        { path: 'name', descending: false },
        { path: 'year', descending: false },
      ]);
    });
  });

  describe('configuration', () => {
    it('applies overrides and names a limit that is not a positive integer or not a limit', () => {
      expect(resolveTableRequestLimits(DEFAULT_TABLE_REQUEST_LIMITS, { maxSearchTerms: 3 }).limits.maxSearchTerms).toBe(
        3,
      );
      expect(
        resolveTableRequestLimits(DEFAULT_TABLE_REQUEST_LIMITS, {
          maxFilters: 0,
          maxColumns: 2.5,
          maxTerms: 3,
        } as never).problems,
      ).toEqual([
        'limits.maxFilters must be a positive integer, got 0',
        'limits.maxColumns must be a positive integer, got 2.5',
        'limits.maxTerms is not a limit; limits: maxSearchTerms, minSearchTermLength, maxFilters, maxOrderingKeys, maxColumns, maxInValues, maxPaneOptions, maxQueryStringBytes, maxCriteria, maxCriteriaDepth, maxBodyBytes, maxOffset',
      ]);
    });

    it('sets maxOffset to a positive integer, or back to null (no limit), and no other limit to null', () => {
      const limited = resolveTableRequestLimits(DEFAULT_TABLE_REQUEST_LIMITS, { maxOffset: 500 });
      expect(limited).toEqual({ limits: { ...DEFAULT_TABLE_REQUEST_LIMITS, maxOffset: 500 }, problems: [] });
      expect(resolveTableRequestLimits(limited.limits, { maxOffset: null }).limits.maxOffset).toBeNull();
      expect(resolveTableRequestLimits(limited.limits, { maxOffset: 0 }).problems).toEqual([
        'limits.maxOffset must be a positive integer or null (no limit), got 0',
      ]);
      expect(resolveTableRequestLimits(limited.limits, { maxFilters: null } as never).problems).toEqual([
        'limits.maxFilters must be a positive integer, got null',
      ]);
    });

    it('accepts a statement timeout of whole milliseconds >= 0', () => {
      expect(statementTimeoutProblem(0)).toBeNull();
      expect(statementTimeoutProblem(2500)).toBeNull();
      expect(statementTimeoutProblem(-1)).toBe(
        'statementTimeout must be a whole number of milliseconds >= 0 (0: none), got -1',
      );
      expect(statementTimeoutProblem(1.5)).toMatch(/got 1.5$/);
    });
  });
});
