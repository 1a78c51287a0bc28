import fc from 'fast-check';
import type { TailoredLanguage } from './collation-language.types.js';
import { naturalSortKey } from './natural-sort-key.writer.js';

const ROOT = new Intl.Collator('und');
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: string, b: string) => byCodePoint(naturalSortKey(a), naturalSortKey(b));
const byKeyIn = (language: TailoredLanguage) => (a: string, b: string) =>
  byCodePoint(naturalSortKey(a, language), naturalSortKey(b, language));

/** Texts of up to six characters of `alphabet`. */
const textOf = (alphabet: string[]) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 6 }).map((each) => each.join(''));

/** Whether the keys in `language` order every two texts as `collator` does (then by code point). */
function ordersAs(language: TailoredLanguage, collator: Intl.Collator, alphabet: string[]): void {
  const text = textOf(alphabet);
  const compare = byKeyIn(language);
  fc.assert(
    fc.property(text, text, (a, b) => {
      const expected = Math.sign(collator.compare(a, b) || byCodePoint(a, b));
      const actual = Math.sign(compare(a, b) || byCodePoint(a, b));
      expect(actual).toBe(expected);
    }),
    { numRuns: 5000 },
  );
}

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
    const text = textOf(alphabet);
    fc.assert(
      fc.property(text, text, (a, b) => {
        const expected = Math.sign(ROOT.compare(a, b) || byCodePoint(a, b));
        const actual = Math.sign(byKey(a, b) || byCodePoint(a, b));
        expect(actual).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('orders ñ as a letter of its own after n in Spanish', () => {
    const names = ['oso', 'Ñu', 'nube', 'ñandú', 'Nz', 'Niño', 'nino', 'ñu'];
    expect([...names].sort(byKeyIn('es'))).toEqual(['nino', 'Niño', 'nube', 'Nz', 'ñandú', 'ñu', 'Ñu', 'oso']);
    expect([...names].sort(byKey)).toEqual(['ñandú', 'nino', 'Niño', 'ñu', 'Ñu', 'nube', 'Nz', 'oso']);
  });

  it('orders å, ä and ö after z in Swedish, æ with ä, ø with ö and ü with y', () => {
    const names = ['Örn', 'ära', 'åsa', 'zebra', 'Æble', 'øl', 'ost', 'über', 'yxa', 'yz', 'Ångström', 'ärt'];
    expect([...names].sort(byKeyIn('sv'))).toEqual([
      'ost',
      'über',
      'yxa',
      'yz',
      'zebra',
      'Ångström',
      'åsa',
      'Æble',
      'ära',
      'ärt',
      'øl',
      'Örn',
    ]);
  });

  it('orders as ICU does in Spanish for texts of Latin letters with accents, digits and punctuation', () => {
    ordersAs('es', new Intl.Collator('es'), [...'aAnNñÑoOzZ 09_-.', 'n\u0303', 'á', 'é', 'ü', 'ç', 'ł', 'ø', 'æ']);
  });

  it('orders as ICU does in Swedish for texts of Latin letters with accents, digits and punctuation', () => {
    const swedish = [...'aAåÅäÄöÖæÆøØüÜyYzZoOuUeEvw 09_-.', 'ę', 'ő', 'œ', 'ô', 'ű', 'ý', 'ÿ', 'é', 'á', 'ñ'];
    ordersAs('sv', new Intl.Collator('sv'), swedish);
  });
});
