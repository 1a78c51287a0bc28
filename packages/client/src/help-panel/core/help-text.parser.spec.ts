/** @jest-environment jsdom */
import {
  forbiddenPartsOfHtml,
  HARMLESS_HELP_HTML,
  HOSTILE_HELP_HTML,
} from '@widgetlib/test-support/help-html.corpus.js';
import { sanitizeHelpText } from './help-text.parser.js';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** The tree a browser builds from `html`, as HTML, with what the panel adds to every link. */
function shownAs(html: string): string {
  const container = parse(html);
  for (const link of container.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return container.innerHTML;
}

// The server's sanitiser runs the same corpus (packages/nest/src/help/help-html.sanitizer.spec.ts).
describe('sanitizeHelpText', () => {
  it.each(HOSTILE_HELP_HTML)('leaves nothing executable, styled or pointing elsewhere in %j', (payload) => {
    const sanitised = sanitizeHelpText(payload);
    expect(forbiddenPartsOfHtml(sanitised)).toEqual([]);
    expect(sanitizeHelpText(sanitised)).toBe(sanitised);
  });

  it.each(HARMLESS_HELP_HTML)('keeps harmless formatting as it is: %j', (html) => {
    expect(sanitizeHelpText(html)).toBe(shownAs(html));
  });

  it('opens links in a new tab without giving the opened page a handle on this one', () => {
    const link = parse(
      sanitizeHelpText('<a href="mailto:help@example.com" target="_self" rel="opener">mail</a>'),
    ).querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops a link target that is not allowed but keeps the link text', () => {
    expect(sanitizeHelpText('<a href="/\\evil.example">Click</a>')).toBe('<a>Click</a>');
    expect(sanitizeHelpText('<a href="//evil.example">Click</a>')).toBe('<a>Click</a>');
    expect(sanitizeHelpText('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x">');
  });

  it('does not change how the host uses DOMPurify', async () => {
    const { default: DOMPurify } = await import('dompurify');
    sanitizeHelpText('<a href="/x">x</a>');
    expect(DOMPurify.sanitize('<p class="host">x</p>')).toBe('<p class="host">x</p>');
  });
});
