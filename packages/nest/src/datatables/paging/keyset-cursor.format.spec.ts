import { CONTEXT, parse, problemsOf } from '../../../test/fixtures/table-request-context.fixture.js';
import { cursorFingerprint, encodeCursor } from './keyset-cursor.format.js';

/** A cursor for the rows after `values` of the request `query` parses into, under the context's secret. */
function cursorFor(
  query: Record<string, string>,
  values: unknown[],
  context = {},
  secret = CONTEXT.cursorSecret,
): string {
  return encodeCursor(values as never, cursorFingerprint(parse(query, context)), secret);
}

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the cursor parameter (keyset mode)', () => {
  it('starts keyset mode from the first row with an empty cursor', () => {
    expect(parse({ cursor: '' })).toMatchObject({ keyset: { after: null }, offset: 0 });
    expect(parse({})).toMatchObject({ keyset: null });
  });

  it('reads the position of a cursor made for the same ordering, search and filters', () => {
    const query = { ordering: '-year,name', search: 'abba', year__gte: '1990' };
    const cursor = cursorFor(query, [1999, 'Takk', 7]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parse({ ...query, cursor })).toMatchObject({ keyset: { after: [1999, 'Takk', 7] } });
    expect(parse({ ...query, cursor, start: '0' })).toMatchObject({ keyset: { after: [1999, 'Takk', 7] } });
  });

  it('accepts the values the databases answer: texts of dates and numbers, nulls, 0/1 booleans', () => {
    const cursor = cursorFor({ ordering: 'name' }, [null, '12']);
    expect(parse({ ordering: 'name', cursor }).keyset).toEqual({ after: [null, '12'] });
  });

  it('refuses a cursor of another ordering, search or filter', () => {
    const cursor = cursorFor({ ordering: 'name' }, ['Takk', 7]);
    for (const other of [
      { ordering: '-name' },
      { ordering: 'name', search: 'a' },
      { ordering: 'name', year: '1999' },
    ]) {
      expect(problemsOf({ ...other, cursor }).problems).toEqual([
        expect.stringMatching(/^cursor was made for another ordering, search, filters or selection of this list/),
      ]);
    }
  });

  it('refuses every one-character alteration of a cursor, and a cursor cut short or made longer', () => {
    const query = { ordering: '-year,name' };
    const cursor = cursorFor(query, [1966, 'Blonde on Blonde', 9]);
    expect(parse({ ...query, cursor }).keyset).toEqual({ after: [1966, 'Blonde on Blonde', 9] });
    const altered = new Set<string>();
    for (let at = 0; at < cursor.length; at++) {
      for (const character of BASE64URL_ALPHABET) {
        if (character !== cursor[at]) altered.add(cursor.slice(0, at) + character + cursor.slice(at + 1));
      }
    }
    for (let at = 0; at <= cursor.length; at++) {
      // The empty cursor is the first page's.
      if (at > 0) altered.add(cursor.slice(0, at));
      altered.add(cursor.slice(0, at) + 'A' + cursor.slice(at));
    }
    altered.delete(cursor);
    expect(altered.size).toBeGreaterThan(cursor.length * 63);
    for (const text of altered) {
      // problemsOf throws when the request is accepted.
      expect(problemsOf({ ...query, cursor: text }).problems).toEqual([expect.stringMatching(/^cursor /)]);
    }
  });

  it('refuses a cursor made under another secret, with the values and fingerprint of this one', () => {
    const query = { ordering: 'name' };
    const other = cursorFor(query, ['Takk', 7], {}, 'another secret of thirty-two characters');
    expect(problemsOf({ ...query, cursor: other }).problems).toEqual([
      expect.stringMatching(/^cursor ".*" is not a cursor of this list, or was altered/),
    ]);
    expect(
      parse({ ...query, cursor: other }, { cursorSecret: 'another secret of thirty-two characters' }),
    ).toMatchObject({
      keyset: { after: ['Takk', 7] },
    });
  });

  it('refuses a cursor with an offset or a page past the first', () => {
    const cursor = cursorFor({ ordering: 'name' }, ['Takk', 7]);
    for (const paging of [{ offset: '5' }, { start: '10' }, { page: '2' }]) {
      expect(problemsOf({ ordering: 'name', cursor, ...paging }).problems).toEqual([
        'cursor reads on from the row it names: send no start or offset (or 0), and no page past the first',
      ]);
    }
  });

  it.each([
    ['not base64url', '!!!'],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['not an object', Buffer.from('[1,2]').toString('base64url')],
    ['without values', Buffer.from('{"f":"x"}').toString('base64url')],
  ])('refuses a cursor that is %s', (_, cursor) => {
    expect(problemsOf({ ordering: 'name', cursor }).problems).toEqual([
      expect.stringMatching(/^cursor ".*" is not a cursor of this list/),
    ]);
  });

  it.each([
    ['an integer key', 'year', ['x', 1]],
    ['an integer key out of its range', 'year', [2 ** 40, 1]],
    ['an integer key with a fraction', 'year', [1.5, 1]],
    ['the primary key', 'year', [1999, 'x']],
    ['a text key', 'name', [12, 1]],
    ['a text key', 'name', ['a\u0000b', 1]],
    ['a text key', 'name', [{ a: 1 }, 1]],
  ])('refuses a cursor whose value for %s does not fit it', (_, ordering, values) => {
    const problems = problemsOf({ ordering, cursor: cursorFor({ ordering }, values) }).problems;
    expect(problems).toEqual([expect.stringMatching(/^cursor holds a value for (year|name|the primary key) that/)]);
  });

  it('refuses a date or date-time that is not one, so that no database is asked to read it', () => {
    const context = { orderingFields: ['released', 'recorded_at'] };
    const refused = (ordering: string, value: string) =>
      problemsOf({ ordering, cursor: cursorFor({ ordering }, [value, 1], context) }, context).problems;
    expect(refused('released', '2020-02-30')).toHaveLength(1);
    expect(refused('released', '2020-02-29 00:00:00')).toHaveLength(1);
    expect(refused('recorded_at', '2020-02-29 24:00:00')).toHaveLength(1);
    expect(refused('recorded_at', '0000-01-01 00:00:00')).toHaveLength(1);
    const accepted = (ordering: string, value: string) =>
      parse({ ordering, cursor: cursorFor({ ordering }, [value, 1], context) }, context).keyset;
    expect(accepted('released', '2020-02-29')).toEqual({ after: ['2020-02-29', 1] });
    expect(accepted('recorded_at', '2020-02-29 23:59:59.123456+05:30')).toBeTruthy();
    expect(accepted('recorded_at', '2020-02-29T23:59:59Z')).toBeTruthy();
  });

  it('refuses keyset mode on a list without a single primary key', () => {
    expect(problemsOf({ cursor: '' }, { primaryKey: undefined }).problems).toEqual([
      'cursor: this list has no keyset mode',
    ]);
  });
});

describe('limits.maxOffset', () => {
  it('refuses a deeper offset, start or page, pointing to cursor', () => {
    const context = { limits: { ...CONTEXT.limits, maxOffset: 100 } };
    expect(parse({ offset: '100' }, context)).toMatchObject({ offset: 100 });
    const message = (name: string, skipped: number) =>
      `${name} asks to skip ${skipped} rows; at most 100 are allowed (limits.maxOffset): read deeper rows by keyset ` +
      "with cursor (empty for the first page, then the answer's next)";
    expect(problemsOf({ offset: '101' }, context).problems).toEqual([message('offset', 101)]);
    expect(problemsOf({ start: '200', length: '10' }, context).problems).toEqual([message('start', 200)]);
    expect(problemsOf({ page: '12', page_size: '10' }, context).problems).toEqual([message('page', 110)]);
  });

  it('is off by default: any offset, start or page is read', () => {
    expect(CONTEXT.limits.maxOffset).toBeNull();
    expect(parse({ offset: String(Number.MAX_SAFE_INTEGER) })).toMatchObject({ offset: Number.MAX_SAFE_INTEGER });
    expect(parse({ start: '5000000', length: '10' })).toMatchObject({ offset: 5_000_000, limit: 10 });
    expect(parse({ page: '100001', page_size: '10' })).toMatchObject({ offset: 1_000_000 });
  });
});
