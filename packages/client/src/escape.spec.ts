import { escapeHtml, safeUrl } from './escape.js';

describe('escapeHtml', () => {
  it('escapes every character that can open markup or end an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&\``)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;&#96;',
    );
  });

  it('turns null and undefined into the empty string and other values into text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(0)).toBe('0');
    expect(escapeHtml(false)).toBe('false');
  });
});

describe('safeUrl', () => {
  it.each(['https://example.com/a?b=1', 'http://x.test', 'mailto:a@b.test', '/relative/path', 'file.pdf', '?q=1', '#top'])(
    'accepts %s',
    (url) => {
      expect(safeUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.test/x',
    '',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: 'https://x' })).toBeNull();
  });
});
