import { sameViewName } from './saved-view-name.format.js';

describe('sameViewName', () => {
  it('takes names that differ only in case, spaces around them or Unicode form as one', () => {
    expect(sameViewName('Cassettes', ' cassettes ')).toBe(true);
    expect(sameViewName('ÅNGSTRÖM', 'ångström')).toBe(true);
    expect(sameViewName('Cafe\u0301', 'Café')).toBe(true);
  });

  it('tells different names apart', () => {
    expect(sameViewName('Cassettes', 'Cassette')).toBe(false);
    expect(sameViewName('Vinyl 1', 'Vinyl 2')).toBe(false);
  });
});
