import fc from 'fast-check';
import { naturalSortKey } from './natural-sort-key.writer.js';

const ROOT = new Intl.Collator('und');
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: string, b: string) => byCodePoint(naturalSortKey(a), naturalSortKey(b));

describe('naturalSortKey', () => {
  it('sorts accented letters with their base letter, Greek and Cyrillic after Latin', () => {
    const names = [
      'Zebra',
      'Über',
      'Ångström',
      'angstrom',
      'Дом',
      'Σίσυφος',
      'Arrival',
      'Łódź',
      '100 Pure',
      'Back\\slash',
    ];
    expect([...names].sort(byKey)).toEqual([
      '100 Pure',
      'angstrom',
      'Ångström',
      'Arrival',
      'Back\\slash',
      'Łódź',
      'Über',
      'Zebra',
      'Σίσυφος',
      'Дом',
    ]);
  });

  it('orders as ICU root collation does for texts of Latin, Greek and Cyrillic letters with accents, digits and punctuation', () => {
    const alphabet = [
      ...'aAbBeEoOuUzZ 019_-%\\!.',
      'é',
      'É',
      'è',
      'ê',
      'ë',
      'å',
      'Å',
      'ö',
      'Ö',
      'ü',
      'Ü',
      'ñ',
      'ç',
      'ł',
      'Ł',
      'ø',
      'σ',
      'Σ',
      'ί',
      'д',
      'Д',
      'ё',
    ];
    const text = fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 6 }).map((each) => each.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const expected = Math.sign(ROOT.compare(a, b) || byCodePoint(a, b));
        const actual = Math.sign(byKey(a, b) || byCodePoint(a, b));
        expect(actual).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });
});
