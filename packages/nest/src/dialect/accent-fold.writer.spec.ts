import { accentTranslation, foldAccents } from './accent-fold.writer.js';

describe('foldAccents', () => {
  it('takes accents and case off, strokes too, the final sigma as σ, but keeps й, ligatures and ß', () => {
    expect(foldAccents('Ångström José RÉSUMÉ Łódź Øre')).toBe('angstrom jose resume lodz ore');
    expect(foldAccents('e\u0301')).toBe('e');
    expect(foldAccents('Σίσυφος İ')).toBe('σισυφοσ i');
    expect(foldAccents('Йод æ ß')).toBe('йод æ ß');
  });
});

describe('accentTranslation', () => {
  it('pairs each accented letter with its lower-case base letter', () => {
    const { from, to } = accentTranslation();
    expect([...from]).toHaveLength([...to].length);
    const pairs = new Map([...from].map((letter, index) => [letter, [...to][index]]));
    expect(pairs.get('Å')).toBe('a');
    expect(pairs.get('é')).toBe('e');
    expect(pairs.get('ί')).toBe('ι');
    expect(pairs.get('ς')).toBe('σ');
    expect(from).not.toMatch(/['\\]/);
  });
});
