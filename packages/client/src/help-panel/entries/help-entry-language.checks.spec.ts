import { authoringLanguages, isReadersLanguage, languageName } from './help-entry-language.checks.js';

describe('isReadersLanguage', () => {
  it.each([
    [null, 'es-CR', true],
    ['es', 'es-CR', true],
    ['ES-cr', 'es-CR', true],
    ['es-CR', 'es', false],
    ['en', 'es-CR', false],
    ['es', 'est', false],
    ['es', '', false],
  ])('entry %p for reader %p: %p', (entry, reader, expected) => {
    expect(isReadersLanguage(entry, reader)).toBe(expected);
  });
});

describe('authoringLanguages', () => {
  it("takes the reader's language, then the entries' languages, each once", () => {
    const entries = [{ language: null }, { language: 'es' }, { language: 'EN' }, { language: 'fr-CA' }];
    expect(authoringLanguages(undefined, 'en', entries)).toEqual(['en', 'es', 'fr-CA']);
  });

  it("uses the host's list instead when given", () => {
    expect(authoringLanguages(['de', 'de', ' '], 'en', [{ language: 'es' }])).toEqual(['de']);
  });

  it('is empty without a reader language or entry languages', () => {
    expect(authoringLanguages(undefined, '', [{ language: null }])).toEqual([]);
  });
});

describe('languageName', () => {
  it('names the language in the reader language, with the tag', () => {
    expect(languageName('es', 'en')).toBe('Spanish (es)');
    expect(languageName('es', 'es')).toBe('español (es)');
  });

  it('falls back to the tag for a malformed one', () => {
    expect(languageName('not a tag', 'en')).toBe('not a tag');
  });
});
