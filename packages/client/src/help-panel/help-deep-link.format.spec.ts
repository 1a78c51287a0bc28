import { helpDeepLinkUrl, readHelpDeepLink } from './help-deep-link.format.js';

const at = (hash: string, search = '') => readHelpDeepLink({ hash, search });

describe('readHelpDeepLink', () => {
  it('reads the entry id from the fragment or the query, the fragment first', () => {
    expect(at('#help=12')).toEqual({ kind: 'entry', id: 12 });
    expect(at('#tab=2&help=7')).toEqual({ kind: 'entry', id: 7 });
    expect(at('', '?page=2&help=5')).toEqual({ kind: 'entry', id: 5 });
    expect(at('#help=3', '?help=5')).toEqual({ kind: 'entry', id: 3 });
  });

  it('asks nothing without a help parameter, also for a plain anchor', () => {
    expect(at('')).toEqual({ kind: 'none' });
    expect(at('#help')).toEqual({ kind: 'none' });
    expect(at('#section-2', '?page=2')).toEqual({ kind: 'none' });
  });

  it('calls anything but a positive 32-bit id invalid', () => {
    for (const value of ['abc', '0', '-1', '1.5', '012', '2147483648', '', '1e3']) {
      expect(at(`#help=${value}`)).toEqual({ kind: 'invalid', value });
    }
    expect(at('#help=2147483647')).toEqual({ kind: 'entry', id: 2147483647 });
  });
});

describe('helpDeepLinkUrl', () => {
  it("puts the entry in the page's fragment and drops another deep link from the query", () => {
    expect(helpDeepLinkUrl('https://example.test/albums/1/edit?help=4&tab=2#help=9', 12)).toBe(
      'https://example.test/albums/1/edit?tab=2#help=12',
    );
    expect(helpDeepLinkUrl('https://example.test/albums/', 3)).toBe('https://example.test/albums/#help=3');
  });
});
