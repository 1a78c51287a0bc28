import fc from 'fast-check';
import { escapeHtml } from './html-escape.js';

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

  it('leaves no raw special character in any string', () => {
    fc.assert(
      fc.property(fc.string(), (value) =>
        expect(escapeHtml(value)).not.toMatch(/[<>"'`]|&(?!amp;|lt;|gt;|quot;|#39;|#96;)/),
      ),
    );
  });
});
