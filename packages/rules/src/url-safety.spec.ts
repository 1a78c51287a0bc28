import fc from 'fast-check';
import { HOSTILE_URLS, LEGITIMATE_URLS } from '@widgetlib/test-support/url.corpus.js';
import { IMAGE_SCHEMES, safeUrl } from './url-safety.js';

describe('safeUrl', () => {
  it.each(LEGITIMATE_URLS)('accepts %j unchanged', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(HOSTILE_URLS)('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('gives the URL back trimmed', () => {
    expect(safeUrl('  /albums/  ')).toBe('/albums/');
  });

  it('refuses values that are not strings', () => {
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl({ href: 'https://x.example' })).toBeNull();
  });

  it('accepts only the schemes it is given', () => {
    expect(safeUrl('mailto:a@example.com', IMAGE_SCHEMES)).toBeNull();
    expect(safeUrl('https://example.com/a.png', IMAGE_SCHEMES)).toBe('https://example.com/a.png');
    expect(safeUrl('img/a.png', IMAGE_SCHEMES)).toBe('img/a.png');
    expect(safeUrl('data:image/png;base64,AAAA', IMAGE_SCHEMES)).toBeNull();
  });

  it('never accepts a URL that the URL parser resolves to another host', () => {
    const page = 'https://app.example/albums/1/edit';
    for (const url of [...HOSTILE_URLS, ...LEGITIMATE_URLS.filter((candidate) => !/^[a-z]+:/i.test(candidate))]) {
      const accepted = safeUrl(url);
      if (accepted !== null) expect(new URL(accepted, page).host).toBe('app.example');
    }
  });

  it('accepts no relative URL that leads to another host (any mix of slashes, backslashes, spaces and controls)', () => {
    const page = 'https://app.example/albums/1/edit';
    const piece = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      ' ',
      '\u0001',
      'http:',
      'https:',
      'evil.example',
      '.',
      '?',
      '#',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const accepted = safeUrl(pieces.join(''));
        if (accepted === null) return;
        // What the URL parser reads: tabs and newlines dropped, leading and trailing controls and spaces trimmed.
        const read = accepted.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
        if (/^https?:/i.test(read) || !URL.canParse(accepted, page)) return;
        expect(new URL(accepted, page).host).toBe('app.example');
      }),
      { numRuns: 5000 },
    );
  });
});
