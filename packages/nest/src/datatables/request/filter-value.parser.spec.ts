import { INT32_RANGE } from '../sql/index.js';
import { FilterValueParser, readInteger, readText } from './filter-value.parser.js';
import { RequestProblems, type FieldSpec, type Lookup } from '../model/index.js';

const INTEGER: FieldSpec = { kind: 'integer', integerRange: INT32_RANGE };

function predicate(lookup: Lookup, text: string, field: FieldSpec, timezone = 'UTC') {
  const problems = new RequestProblems();
  const value = new FilterValueParser(problems, timezone, 3).predicate('f', lookup, text, field);
  return { value, problems: problems.messages };
}

describe('filter values', () => {
  it('reads integers within bounds and texts without NUL within 256 characters', () => {
    const problems = new RequestProblems();
    expect(readInteger(problems, 'n', '+42', 0, 100, 'small')).toBe(42);
    expect(readInteger(problems, 'n', '101', 0, 100, 'small')).toBeUndefined();
    expect(readText(problems, 't', 'a\u0000b')).toBeUndefined();
    expect(readText(problems, 't', 'x'.repeat(257))).toBeUndefined();
    expect(problems.messages).toEqual([
      'n must be small, got "101"',
      't must not contain NUL characters',
      't must be at most 256 characters, got 257',
    ]);
  });

  it('types each kind of field', () => {
    expect(predicate('exact', '7', INTEGER).value).toEqual({ kind: 'equals', value: 7 });
    expect(predicate('exact', '2.5e1', { kind: 'number' }).value).toEqual({ kind: 'equals', value: 25 });
    expect(predicate('exact', 'Yes', { kind: 'boolean' }).value).toEqual({ kind: 'equals', value: true });
    expect(predicate('exact', '1999-02-28', { kind: 'date' }).value).toEqual({ kind: 'equals', value: '1999-02-28' });
    expect(predicate('exact', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', { kind: 'uuid' }).value).toEqual({
      kind: 'equals',
      value: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    });
    expect(predicate('icontains', '50%_', { kind: 'string' }).value).toEqual({ kind: 'contains', text: '50%_' });
    expect(predicate('isnull', 'no', INTEGER).value).toEqual({ kind: 'isNull', isNull: false });
  });

  it('reads a date bound of a date-time field as the whole day in the time zone', () => {
    const { value } = predicate('range', '2024-03-01,2024-03-01', { kind: 'datetime' }, 'Europe/Oslo');
    expect(value).toEqual({
      kind: 'between',
      lower: { value: new Date('2024-02-29T23:00:00Z'), inclusive: true },
      upper: { value: new Date('2024-03-01T23:00:00Z'), inclusive: false },
    });
  });

  it('refuses a date-time whose offset no database reads (past 15:59, or 60 minutes or more)', () => {
    for (const text of ['2020-01-01T10:00:00+99:99', '2020-01-01T10:00:00-23:59', '2020-01-01T10:00+10:99']) {
      expect(predicate('gte', text, { kind: 'datetime' }).problems).toEqual([
        `f: the offset of ${JSON.stringify(text)} is out of range (from -15:59 to +15:59)`,
      ]);
    }
    expect(predicate('gte', '2020-01-01T10:00:00-15:59', { kind: 'datetime' }).value).toEqual({
      kind: 'between',
      lower: { value: new Date('2020-01-02T01:59:00Z'), inclusive: true },
      upper: null,
    });
  });

  it('refuses a number beyond the range of a single-precision column, which PostgreSQL answers with an error', () => {
    const single: FieldSpec = { kind: 'number', float: 'single' };
    for (const text of ['1e39', '-1e39', '1e-50']) {
      expect(predicate('gte', text, single).problems).toEqual([
        `f is out of the range of a single-precision number, got ${JSON.stringify(text)}`,
      ]);
    }
    expect(predicate('gte', '3e38', single).value).toEqual({
      kind: 'between',
      lower: { value: 3e38, inclusive: true },
      upper: null,
    });
    expect(predicate('gte', '1e39', { kind: 'number', float: 'double' }).problems).toEqual([]);
  });

  it('names the value that does not read', () => {
    expect(predicate('exact', '2147483648', INTEGER).problems).toEqual([
      'f must be an integer from -2147483648 to 2147483647, got "2147483648"',
    ]);
    expect(predicate('exact', 'other', { kind: 'string', choices: ['a', 'b'] }).problems).toEqual([
      'f must be one of a, b, got "other"',
    ]);
    expect(predicate('range', '1', INTEGER).problems).toEqual([
      'f must be <from>,<to> (either side may be empty), got "1"',
    ]);
    expect(predicate('in', '1,2,3,4', INTEGER).problems).toEqual(['f takes at most 3 comma-separated values, got 4']);
    expect(predicate('exact', '1999-02-30', { kind: 'date' }).problems).toEqual([
      'f must be a date as yyyy-MM-dd, got "1999-02-30"',
    ]);
  });
});
