/**
 * @jest-environment jsdom
 */
import {
  forbiddenPartsOfHtml,
  HARMLESS_HELP_HTML,
  HOSTILE_HELP_HTML,
} from '@widgetlib/test-support/help-html.corpus.js';
import { sanitizeHelpHtml, sanitizeHelpHtmlMeasured } from './help-html.writer.js';

// The browser's sanitiser runs the same corpus (packages/client/src/palette/help-text.sanitizer.spec.ts).
describe('sanitizeHelpHtml', () => {
  it(`covers at least 60 hostile payloads (${HOSTILE_HELP_HTML.length})`, () => {
    expect(HOSTILE_HELP_HTML.length).toBeGreaterThanOrEqual(60);
  });

  it.each(HOSTILE_HELP_HTML)('leaves nothing executable, styled or pointing elsewhere in %j', (payload) => {
    const sanitised = sanitizeHelpHtml(payload);
    expect(forbiddenPartsOfHtml(sanitised)).toEqual([]);
    expect(sanitised).not.toMatch(/<\s*\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form)\b/i);
    expect(sanitizeHelpHtml(sanitised)).toBe(sanitised);
  });

  it('detects forbidden parts when they are there (checks the checker)', () => {
    expect(forbiddenPartsOfHtml('<img src=x onerror=alert(1)>')).toEqual(['img[onerror]']);
    expect(forbiddenPartsOfHtml('<a href="javascript:alert(1)">x</a>')).toEqual([
      'a[href="javascript:alert(1)"]: scheme javascript',
    ]);
    expect(forbiddenPartsOfHtml('<svg></svg><p style="x" class="y">z</p>')).toEqual(['<svg>', 'p[style]', 'p[class]']);
    expect(
      forbiddenPartsOfHtml(
        '<a href="//evil.test">x</a><a href="/\\evil.test">y</a><img src="data:image/png;base64,AA">',
      ),
    ).toEqual([
      'a[href="//evil.test"]: protocol-relative',
      'a[href="/\\\\evil.test"]: backslash',
      'img[src="data:image/png;base64,AA"]: scheme data',
    ]);
  });

  it.each(HARMLESS_HELP_HTML)('keeps harmless formatting unchanged: %j', (html) => {
    expect(sanitizeHelpHtml(html)).toBe(html);
  });

  it('keeps the text of removed markup as text, and entity-encoded markup as text', () => {
    expect(sanitizeHelpHtml('<font color="red">Careful</font>')).toBe('Careful');
    expect(sanitizeHelpHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops a link target that is not allowed but keeps the link text', () => {
    expect(sanitizeHelpHtml('<a href="javascript:alert(1)">Click</a>')).toBe('<a>Click</a>');
    expect(sanitizeHelpHtml('<a href="/\\evil.example">Click</a>')).toBe('<a>Click</a>');
    expect(sanitizeHelpHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x" />');
  });
});

describe('sanitizeHelpHtmlMeasured', () => {
  it.each([
    ['', 0],
    ['plain text', 0],
    ['<p>a</p><p>b</p>', 1],
    ['<br><br><img src="/a.png">', 1],
    ['<ul><li>one<ul><li>two</li></ul></li></ul>', 4],
    ['<p>unclosed <b>bold <i>italic', 3],
    ['</b></i>stray closing tags', 0],
    ['<font><font><font>removed, still nested</font></font></font>', 3],
    ['<b>'.repeat(500), 500],
  ])('measures %j as %i deep', (html, depth) => {
    expect(sanitizeHelpHtmlMeasured(html)).toEqual({ html: sanitizeHelpHtml(html), depth });
  });
});
