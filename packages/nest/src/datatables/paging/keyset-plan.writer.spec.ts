import fc from 'fast-check';
import {
  keyAlias,
  keysetKeys,
  planKeysetAfter,
  readKeyValues,
  type KeysetComparison,
  type KeysetKey,
} from './keyset-plan.writer.js';
import type { KeyValue } from '../model/index.js';

const PK: KeysetKey = { path: null, descending: false, nullable: false, text: false };
const key = (path: string, options: Partial<KeysetKey> = {}): KeysetKey => ({
  path,
  descending: false,
  nullable: false,
  text: false,
  ...options,
});

describe('keysetKeys', () => {
  it('appends the primary key ascending, whatever the directions before it', () => {
    const keys = keysetKeys(
      [
        { path: 'name', descending: true },
        { path: 'sales', descending: false },
      ],
      (path) => ({ nullable: path === 'sales', text: path === 'name' }),
    );
    expect(keys).toEqual([
      { path: 'name', descending: true, nullable: false, text: true },
      { path: 'sales', descending: false, nullable: true, text: false },
      PK,
    ]);
  });
});

describe('planKeysetAfter', () => {
  it('plans (a > x) OR (a = x AND id > y), with a bound on the first key', () => {
    expect(planKeysetAfter([key('year'), PK], [1999, 7])).toEqual({
      bound: { key: 0, operator: '>=', form: 'value', value: 1999 },
      branches: [
        [{ key: 0, operator: '>', form: 'value', value: 1999 }],
        [
          { key: 0, operator: '=', form: 'value', value: 1999 },
          { key: 1, operator: '>', form: 'value', value: 7 },
        ],
      ],
    });
  });

  it('turns the comparison of a descending key around, the primary key staying ascending', () => {
    const plan = planKeysetAfter([key('year', { descending: true }), PK], [1999, 7]);
    expect(plan.bound).toEqual({ key: 0, operator: '<=', form: 'value', value: 1999 });
    expect(plan.branches.map((branch) => branch.at(-1))).toEqual([
      { key: 0, operator: '<', form: 'value', value: 1999 },
      { key: 1, operator: '>', form: 'value', value: 7 },
    ]);
  });

  it('orders text case-folded first, then by code point, and ties it on equal code points', () => {
    const plan = planKeysetAfter([key('name', { text: true }), PK], ['Abba', 3]);
    expect(plan.bound).toBeNull();
    expect(plan.branches).toEqual([
      [{ key: 0, operator: '>', form: 'collated', value: 'Abba' }],
      [
        { key: 0, operator: '=', form: 'collated', value: 'Abba' },
        { key: 0, operator: '>', form: 'exact', value: 'Abba' },
      ],
      [
        { key: 0, operator: '=', form: 'exact', value: 'Abba' },
        { key: 1, operator: '>', form: 'value', value: 3 },
      ],
    ]);
  });

  it('puts missing values first ascending: after a missing one come the present ones and the missing ties', () => {
    const plan = planKeysetAfter([key('sales', { nullable: true }), PK], [null, 4]);
    expect(plan).toEqual({
      bound: null,
      branches: [
        [{ key: 0, test: 'isNotNull' }],
        [
          { key: 0, test: 'isNull' },
          { key: 1, operator: '>', form: 'value', value: 4 },
        ],
      ],
    });
  });

  it('puts missing values last descending: after a present one they come too, no bound', () => {
    const plan = planKeysetAfter([key('sales', { nullable: true, descending: true }), PK], [400, 4]);
    expect(plan.bound).toBeNull();
    expect(plan.branches).toContainEqual([{ key: 0, test: 'isNull' }]);
    expect(planKeysetAfter([key('sales', { nullable: true, descending: true }), PK], [null, 4]).branches).toEqual([
      [
        { key: 0, test: 'isNull' },
        { key: 1, operator: '>', form: 'value', value: 4 },
      ],
    ]);
  });

  it('refuses values that do not match the keys', () => {
    expect(() => planKeysetAfter([key('year'), PK], [1])).toThrow('2 keys, got 1 values');
  });

  // A model of the offset mode's ORDER BY: the planned predicate keeps exactly the rows sorted after the position.
  type Row = { year: number | null; name: string; id: number };
  const fold = (text: string) => Array.from(text, (character) => Array.from(character.toLowerCase())[0]!).join('');
  const byCodePoint = (a: string, b: string) => {
    const left = Array.from(a, (c) => c.codePointAt(0)!);
    const right = Array.from(b, (c) => c.codePointAt(0)!);
    for (let index = 0; index < Math.min(left.length, right.length); index++) {
      if (left[index] !== right[index]) return left[index]! - right[index]!;
    }
    return left.length - right.length;
  };
  const compareKey = (k: KeysetKey, a: unknown, b: unknown): number => {
    let order: number;
    if (a === null || b === null) order = a === null ? (b === null ? 0 : -1) : 1;
    else if (k.text) order = byCodePoint(fold(a as string), fold(b as string)) || byCodePoint(a as string, b as string);
    else order = (a as number) - (b as number);
    return k.descending ? -order : order;
  };
  const holds = (comparison: KeysetComparison, value: unknown): boolean => {
    if ('test' in comparison) return comparison.test === 'isNull' ? value === null : value !== null;
    if (value === null) return false;
    const other = comparison.value;
    const order =
      comparison.form === 'collated'
        ? byCodePoint(fold(value as string), fold(other as string))
        : comparison.form === 'exact'
          ? byCodePoint(value as string, other as string)
          : (value as number) - (other as number);
    return { '<': order < 0, '>': order > 0, '=': order === 0, '<=': order <= 0, '>=': order >= 0 }[
      comparison.operator
    ];
  };

  it('keeps exactly the rows the offset ordering puts after the position (model check)', () => {
    const row = fc.record({
      year: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      name: fc.constantFrom('a', 'A', 'b', 'B', 'ä', 'Ä', 'ab', ''),
    });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        (generated, yearFirst, yearDescending, nameDescending, pick) => {
          const rows: Row[] = generated.map((each, index) => ({ ...each, id: index + 1 }));
          const yearKey = key('year', { nullable: true, descending: yearDescending });
          const nameKey = key('name', { text: true, descending: nameDescending });
          const keys = [...(yearFirst ? [yearKey, nameKey] : [nameKey, yearKey]), PK];
          const valuesOf = (each: Row): KeyValue[] => keys.map((k) => each[(k.path ?? 'id') as keyof Row]);
          const sorted = [...rows].sort((a, b) => {
            for (const [index, k] of keys.entries()) {
              const order = compareKey(k, valuesOf(a)[index], valuesOf(b)[index]);
              if (order !== 0) return order;
            }
            return 0;
          });
          const position = pick % sorted.length;
          const plan = planKeysetAfter(keys, valuesOf(sorted[position]!));
          const kept = sorted.filter((each) => {
            const values = valuesOf(each);
            const bound = plan.bound === null || holds(plan.bound, values[plan.bound.key]);
            return bound && plan.branches.some((branch) => branch.every((c) => holds(c, values[c.key])));
          });
          expect(kept).toEqual(sorted.slice(position + 1));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('readKeyValues', () => {
  it('reads the ordering keys, then the primary key, as a cursor carries them', () => {
    const row = { [keyAlias(0)]: '1992-03-02 23:30:00', [keyAlias(1)]: null, wl_pk: 12n, other: 'x' };
    expect(readKeyValues(row, 2, 'wl_pk')).toEqual(['1992-03-02 23:30:00', null, '12']);
  });

  it('refuses a value a cursor cannot carry', () => {
    expect(() => readKeyValues({ [keyAlias(0)]: Buffer.from('x'), wl_pk: 1 }, 1, 'wl_pk')).toThrow('Buffer');
  });
});
