import { foldForSearch, matchesSearch, searchableText, searchTerms } from './help-search.parser.js';

describe('help search', () => {
  it('folds case and accents, also in decomposed input', () => {
    expect(foldForSearch('Ångström ÉLAN Çà')).toBe('angstrom elan ca');
    expect(foldForSearch('A\u030angstro\u0308m')).toBe('angstrom');
    expect(foldForSearch('STRASSE İ')).toBe('strasse i');
  });

  it('splits the query into folded terms and ignores blank queries', () => {
    expect(searchTerms('  Año   número ')).toEqual(['ano', 'numero']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('matches when every term occurs in the title or the text', () => {
    const searchable = searchableText('Año de publicación', 'The year the album came out');
    expect(matchesSearch(searchable, searchTerms('PUBLICACION'))).toBe(true);
    expect(matchesSearch(searchable, searchTerms('año album'))).toBe(true);
    expect(matchesSearch(searchable, searchTerms('año artist'))).toBe(false);
    expect(matchesSearch(searchable, [])).toBe(true);
  });

  it('does not match across the title and the text', () => {
    expect(matchesSearch(searchableText('Name', 'Album'), searchTerms('namealbum'))).toBe(false);
  });
});
