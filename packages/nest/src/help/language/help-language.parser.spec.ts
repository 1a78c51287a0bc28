import {
  acceptedLanguages,
  canonicalLanguageTag,
  chooseByLanguage,
  languageChain,
  languageFallbacks,
} from './help-language.parser.js';

describe('canonicalLanguageTag', () => {
  it.each([
    ['es', 'es'],
    ['es-cr', 'es-CR'],
    ['EN-us', 'en-US'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['sr-Latn', 'sr-Latn'],
  ])('writes %j as %j', (tag, canonical) => {
    expect(canonicalLanguageTag(tag)).toBe(canonical);
  });

  it.each(['', ' es', 'es ', 'e', 'es_CR', 'not a tag', '*', 'es--CR', `en-${'a'.repeat(40)}`])('refuses %j', (tag) => {
    expect(canonicalLanguageTag(tag)).toBeNull();
  });
});

describe('languageFallbacks and languageChain', () => {
  it('truncates a tag subtag by subtag, a singleton with the subtag after it', () => {
    expect(languageFallbacks('es-CR')).toEqual(['es-CR', 'es']);
    expect(languageFallbacks('zh-Hant-TW')).toEqual(['zh-Hant-TW', 'zh-Hant', 'zh']);
    expect(languageFallbacks('de-DE-u-co-phonebk')).toEqual(['de-DE-u-co-phonebk', 'de-DE-u-co', 'de-DE', 'de']);
  });

  it('chains preferences with their fallbacks, without repeats, ending with every language', () => {
    expect(languageChain(['es-CR'])).toEqual(['es-CR', 'es', null]);
    expect(languageChain(['es-CR', 'es', 'en'])).toEqual(['es-CR', 'es', 'en', null]);
    expect(languageChain([])).toEqual([null]);
  });
});

describe('acceptedLanguages', () => {
  it('orders by quality, ties as sent, and leaves out *, q=0 and what is no tag', () => {
    expect(acceptedLanguages('en;q=0.5, es-cr, fr;q=0.5, *;q=0.1, de;q=0, x y, es')).toEqual([
      'es-CR',
      'es',
      'en',
      'fr',
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('en;q=abc, it;q=2')).toEqual([]);
  });
});

describe('chooseByLanguage', () => {
  const entry = (id: number, question_name: string, language: string | null) => ({
    id,
    id_view: 'v',
    question_name,
    language,
  });
  const entries = [
    entry(1, 'a', null),
    entry(2, 'a', 'es'),
    entry(3, 'a', 'es-CR'),
    entry(4, 'b', null),
    entry(5, 'c', 'en'),
  ];

  it('keeps for each field the entry whose language comes first, in the given order', () => {
    expect(chooseByLanguage(entries, ['es-CR', 'es', null]).map((e) => e.id)).toEqual([3, 4]);
    expect(chooseByLanguage(entries, ['es', null]).map((e) => e.id)).toEqual([2, 4]);
    expect(chooseByLanguage(entries, ['en', null]).map((e) => e.id)).toEqual([1, 4, 5]);
    expect(chooseByLanguage(entries, [null]).map((e) => e.id)).toEqual([1, 4]);
  });
});
