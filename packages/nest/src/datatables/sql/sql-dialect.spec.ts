import { asciiContainsGlob, containsPattern, foldCase } from './sql-dialect.js';

describe('foldCase', () => {
  it('lower-cases every script, one code point at a time', () => {
    expect(foldCase('ÅNGSTRÖM Łódź ДОМ ΣΊΣΥΦΟΣ Ǆ')).toBe('ångström łódź дом σίσυφοσ ǆ');
  });

  it('maps a code point whose full lower case is longer to one code point (as the databases do)', () => {
    expect(foldCase('İx')).toBe('ix');
  });
});

describe('containsPattern', () => {
  it('escapes %, _ and the escape character and leaves backslash alone', () => {
    expect(containsPattern('100%_!\\')).toBe('%100!%!_!!\\%');
  });
});

describe('asciiContainsGlob', () => {
  it('lists each letter with its upper case, and İ or the Kelvin sign where they fold to it', () => {
    expect(asciiContainsGlob('Sik')).toBe('*[sS][iI\u0130][kK\u212a]*');
  });

  it('quotes GLOB wildcards and leaves other characters alone', () => {
    expect(asciiContainsGlob('a*?[]^%_!\\ 1')).toBe('*[aA][*][?][[]]^%_!\\ 1*');
  });

  it('takes İ and the Kelvin sign in the term for the letters they fold to', () => {
    expect(asciiContainsGlob('\u0130\u212a')).toBe('*[iI\u0130][kK\u212a]*');
  });

  it('is null when the folded term is not all ASCII', () => {
    expect(asciiContainsGlob('Ö')).toBeNull();
    expect(asciiContainsGlob('abc é')).toBeNull();
  });
});
