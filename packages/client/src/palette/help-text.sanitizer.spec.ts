/** @jest-environment jsdom */
import { sanitizeHelpText } from './help-text.sanitizer.js';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHelpText(html);
  return container;
}

describe('sanitizeHelpText', () => {
  it('keeps formatting, lists, tables, headings and safe links', () => {
    const html = '<h4>Title</h4><p><strong>a</strong> <em>b</em> <code>c</code></p><ul><li>x</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeHelpText(html)).toBe(html);
    const link = parse('<a href="https://example.com/doc">doc</a>').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/doc');
  });

  it('opens links in a new tab without giving the opened page a handle on this one', () => {
    const link = parse('<a href="mailto:help@example.com">mail</a>').querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<svg><animate onbegin="alert(1)" attributeName="x"></animate></svg>',
    '<iframe src="https://example.com"></iframe>',
    '<p style="position:fixed;inset:0">cover</p>',
    '<style>body{display:none}</style>',
    '<form action="https://evil.test"><input name="password"></form>',
    '<p id="widgetlib-palette-1">clobber</p>',
  ])('removes what can run code, restyle or clobber the page: %s', (html) => {
    const container = parse(html);
    expect(container.querySelector('script, iframe, style, form, input, [style], [id], [onerror], [onbegin]')).toBeNull();
    for (const link of container.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/script:/i);
    }
  });
});
