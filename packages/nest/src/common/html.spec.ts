import fc from 'fast-check';
import { escapeHtml, jsonForScript, safeHref } from './html.js';

describe('escapeHtml', () => {
  it('escapes every character that is special in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
  });

  it('leaves no raw special character in any string', () => {
    fc.assert(fc.property(fc.string(), (value) => expect(escapeHtml(value)).not.toMatch(/[<>"'`]|&(?!amp;|lt;|gt;|quot;|#39;|#96;)/)));
  });
});

describe('jsonForScript', () => {
  it('writes <, >, &, U+2028 and U+2029 as JSON escapes', () => {
    expect(jsonForScript({ a: '</script><!--&\u2028\u2029' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}',
    );
  });

  it('gives back every value through JSON.parse and never contains <, > or &', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = jsonForScript(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('safeHref', () => {
  it.each(['/albums/', 'albums?page=2', '#top', 'https://example.com/a', 'http://x', 'mailto:a@example.com'])(
    'accepts %s',
    (url) => {
      expect(safeHref(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeNull();
  });
});
