import { resetDataTableTexts, setDataTableTexts } from '../texts/index.js';
import { HOSTILE_URLS } from '@widgetlib/test-support/url.corpus.js';
import { downloadlink, objshowlink, showlink } from './link.renderers.js';

afterEach(() => resetDataTableTexts());

/** The shared corpus (the server checks the same one), hostile URLs that are not empty. */
const UNSAFE = HOSTILE_URLS.filter((url) => url.trim() !== '');

describe('showlink', () => {
  it.each(['https://example.test/a?b=1&c=2', 'http://x.test', 'mailto:a@b.test', '/albums/1/', 'albums/1/'])(
    'links %s',
    (url) => {
      expect(showlink(url, 'display')).toBe(
        `<a class="widgetlib-link-button" href="${url.replace(/&/g, '&amp;')}">Show</a>`,
      );
    },
  );

  it('escapes the URL in the attribute', () => {
    expect(showlink('/a?"><script>x()</script>', 'display')).toBe(
      '<a class="widgetlib-link-button" href="/a?&quot;&gt;&lt;script&gt;x()&lt;/script&gt;">Show</a>',
    );
  });

  it.each([...UNSAFE, null, undefined, '', 42])('shows the empty text instead of linking %j', (url) => {
    expect(showlink(url, 'display')).toBe('--');
  });

  it('uses the host’s label, escaped', () => {
    setDataTableTexts({ show: 'Ver <detalle>' });
    expect(showlink('/x', 'display')).toBe('<a class="widgetlib-link-button" href="/x">Ver &lt;detalle&gt;</a>');
  });
});

describe('downloadlink', () => {
  it('renders a download button', () => {
    expect(downloadlink('/files/report.pdf', 'display')).toBe(
      '<a class="widgetlib-link-button widgetlib-download" href="/files/report.pdf" download>Download</a>',
    );
  });

  it.each(UNSAFE)('refuses %j', (url) => {
    expect(downloadlink(url, 'display')).toBe('--');
  });
});

describe('objshowlink', () => {
  it('renders a link object with its text', () => {
    expect(objshowlink({ url: '/artists/3/', display_name: 'Nina & Co' }, 'display')).toBe(
      '<a class="widgetlib-link" href="/artists/3/">Nina &amp; Co</a>',
    );
  });

  it('reads href and text when url and display_name are absent, and the show text when there is no text', () => {
    expect(objshowlink({ href: 'https://x.test/', text: 'X' }, 'display')).toBe(
      '<a class="widgetlib-link" href="https://x.test/">X</a>',
    );
    expect(objshowlink({ url: '/a' }, 'display')).toBe('<a class="widgetlib-link" href="/a">Show</a>');
  });

  it('opens a new tab safely and offers downloads', () => {
    expect(objshowlink({ url: '/a', display_name: 'A', target: '_blank' }, 'display')).toBe(
      '<a class="widgetlib-link" href="/a" target="_blank" rel="noopener noreferrer">A</a>',
    );
    expect(objshowlink({ url: '/f', display_name: 'F', download: 'f "1".csv' }, 'display')).toBe(
      '<a class="widgetlib-link" href="/f" download="f &quot;1&quot;.csv">F</a>',
    );
    expect(objshowlink({ url: '/f', display_name: 'F', target: 'x" onclick="y' }, 'display')).toBe(
      '<a class="widgetlib-link" href="/f">F</a>',
    );
  });

  it('shows the text without a link for an unsafe URL, escaped', () => {
    expect(objshowlink({ url: 'javascript:alert(1)', display_name: '<b>x</b>' }, 'display')).toBe(
      '&lt;b&gt;x&lt;/b&gt;',
    );
    expect(objshowlink({ url: 'javascript:alert(1)' }, 'display')).toBe('--');
  });

  it.each(UNSAFE)('links no object whose URL is %j', (url) => {
    expect(objshowlink({ url, display_name: 'Elsewhere' }, 'display')).toBe('Elsewhere');
    expect(objshowlink({ href: url, text: 'Elsewhere', target: '_blank' }, 'display')).toBe('Elsewhere');
  });

  it('shows -- for a missing object and escapes a plain value', () => {
    expect(objshowlink(null, 'display')).toBe('--');
    expect(objshowlink('<i>', 'display')).toBe('&lt;i&gt;');
  });
});
