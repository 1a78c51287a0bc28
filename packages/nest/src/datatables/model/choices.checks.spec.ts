import { parseChoices, type DataTableChoices } from './choices.checks.js';

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
});
