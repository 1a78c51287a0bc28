import { foldCase } from './case-fold.writer.js';

describe('foldCase', () => {
  it('lower-cases every script, one code point at a time', () => {
    expect(foldCase('ÅNGSTRÖM Łódź ДОМ ΣΊΣΥΦΟΣ Ǆ')).toBe('ångström łódź дом σίσυφοσ ǆ');
  });

  it('maps a code point whose full lower case is longer to one code point (as the databases do)', () => {
    expect(foldCase('İx')).toBe('ix');
  });
});
