import { choiceLabelsIn, parseChoices, type DataTableChoices } from './choices.checks.js';

describe('parseChoices', () => {
  it('keys each label by the value as text', () => {
    const { labels, problems } = parseChoices({
      format: [
        ['cd', 'CD'],
        ['vinyl', 'Vinyl'],
      ],
      rank: [[1, 'First']],
    });
    expect(problems).toEqual([]);
    expect(labels.get('format')).toEqual(
      new Map([
        ['cd', 'CD'],
        ['vinyl', 'Vinyl'],
      ]),
    );
    expect(labels.get('rank')?.get('1')).toBe('First');
    expect(parseChoices(undefined)).toEqual({ labels: new Map(), problems: [] });
  });

  it('names every mistake: no pair, an empty label, a value twice, no list', () => {
    const choices = {
      format: [['cd'], ['vinyl', ''], ['cd', 'CD'], ['cd', 'Compact disc']],
      year: 'nineties',
    } as unknown as DataTableChoices;
    expect(parseChoices(choices).problems).toEqual([
      'choices.format: ["cd"] is not a [value, label] pair',
      'choices.format: the label of vinyl must be 1 to 200 characters',
      'choices.format lists the value cd twice',
      'choices.year must be a list of [value, label] pairs',
    ]);
  });

  it("keeps labels given per language, and gives each path's in the reader's language, else English", () => {
    const { labels, problems } = parseChoices({
      format: [
        ['vinyl', { en: 'Vinyl', es: 'Vinilo' }],
        ['cd', 'CD'],
      ],
    });
    expect(problems).toEqual([]);
    const label = (languages: string[]) => choiceLabelsIn(labels, languages).get('format');
    expect(label(['es-MX', 'en'])).toEqual(
      new Map([
        ['vinyl', 'Vinilo'],
        ['cd', 'CD'],
      ]),
    );
    expect(label(['de'])?.get('vinyl')).toBe('Vinyl');
    expect(label([])?.get('vinyl')).toBe('Vinyl');
  });

  it('refuses labels by language without English (the default language), or with an empty or overlong one', () => {
    const choices = {
      format: [
        ['vinyl', { es: 'Vinilo' }],
        ['cd', { en: 'CD', es: '' }],
        ['tape', { en: 'Tape', es: 'x'.repeat(201) }],
        ['dat', {}],
        ['mp3', ['MP3']],
      ],
    } as unknown as DataTableChoices;
    expect(parseChoices(choices).problems).toEqual([
      "choices.format: the label of vinyl gives texts by language tag, so it must give the default language's (en)",
      "choices.format: the label of cd: each language's text must be 1 to 200 characters",
      "choices.format: the label of tape: each language's text must be 1 to 200 characters",
      "choices.format: the label of dat gives texts by language tag, so it must give the default language's (en)",
      'choices.format: ["mp3",["MP3"]] is not a [value, label] pair',
    ]);
  });
});
