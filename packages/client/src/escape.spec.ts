import { HOSTILE_URLS, LEGITIMATE_URLS } from '@widgetlib/test-support/url.corpus.js';
import { safeUrl } from './escape.js';

describe('safeUrl', () => {
  // The rule and escapeHtml are specified in packages/rules; this checks the client's export with the shared corpus.
  it.each(LEGITIMATE_URLS)('accepts %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(HOSTILE_URLS)('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: 'https://x' })).toBeNull();
  });
});
