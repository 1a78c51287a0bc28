/**
 * @jest-environment jsdom
 */
import { sanitizeHelpHtml } from './help-html.sanitizer.js';

const ALLOWED_TAGS = new Set(
  (
    'h1 h2 h3 h4 h5 h6 p br hr b strong i em u s del ins mark small sub sup div span blockquote abbr cite q ' +
    'ul ol li dl dt dd code pre kbd samp table caption colgroup col thead tbody tfoot tr th td a img'
  ).split(' '),
);
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Everything in sanitised HTML that a browser could execute or use to load active content. */
function executableParts(html: string): string[] {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`<${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name.includes(':')) found.push(`${tag}[${name}]`);
      if (URL_ATTRIBUTES.has(name)) {
        const normalised = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(normalised)?.[1];
        const allowed = tag === 'img' ? ['http', 'https'] : ['http', 'https', 'mailto'];
        if ((scheme && !allowed.includes(scheme)) || normalised.startsWith('//')) found.push(`${tag}[${name}=${value}]`);
      }
    }
  }
  return found;
}

const HOSTILE: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="//evil.test/x.png">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://ok.test" onclick="alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<img src=x onerror=alert(1)//',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)//<</script>/script>',
  '<p>ok</p><script>alert(1)',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.test"<img src=x onerror=alert(1)>>x</a>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
];

const HARMLESS: string[] = [
  '<p><strong>Bold</strong>, <em>italic</em>, <b>b</b>, <i>i</i>, <u>u</u> and <code>code</code></p>',
  '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol start="3"><li>third</li></ol>',
  '<a href="https://example.com/docs?a=1&amp;b=2" title="Docs">docs</a>',
  '<a href="http://example.com">plain http</a> and <a href="mailto:help@example.com">mail</a>',
  '<a href="/relative/page">relative</a>',
  '<table><caption>Fields</caption><thead><tr><th scope="col">Field</th><th>Meaning</th></tr></thead>' +
    '<tbody><tr><td>Name</td><td colspan="2">The name</td></tr></tbody></table>',
  '<h2>Heading</h2><blockquote>Quote</blockquote><pre><code>x &lt; y &amp;&amp; y &gt; z</code></pre>',
  '<p>Line<br />break</p><hr />',
  '<img src="https://example.com/a.png" alt="A diagram" width="200" />',
  '<dl><dt>Term</dt><dd>Definition</dd></dl><p>H<sub>2</sub>O and x<sup>2</sup></p>',
];

describe('sanitizeHelpHtml', () => {
  it(`covers at least 30 hostile payloads (${HOSTILE.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)('leaves nothing executable in %s', (payload) => {
    const sanitised = sanitizeHelpHtml(payload);
    expect(executableParts(sanitised)).toEqual([]);
    expect(sanitised).not.toMatch(/<\s*\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form)\b/i);
    expect(sanitizeHelpHtml(sanitised)).toBe(sanitised);
  });

  it('detects executable parts when they are there (checks the checker)', () => {
    expect(executableParts('<img src=x onerror=alert(1)>')).toEqual(['img[onerror]']);
    expect(executableParts('<a href="javascript:alert(1)">x</a>')).toEqual(['a[href=javascript:alert(1)]']);
    expect(executableParts('<svg></svg><p style="x">y</p>')).toEqual(['<svg>', 'p[style]']);
  });

  it.each(HARMLESS)('keeps harmless formatting unchanged: %s', (html) => {
    expect(sanitizeHelpHtml(html)).toBe(html);
  });

  it('keeps the text of removed markup as text, and entity-encoded markup as text', () => {
    expect(sanitizeHelpHtml('<font color="red">Careful</font>')).toBe('Careful');
    expect(sanitizeHelpHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops a link target that is not allowed but keeps the link text', () => {
    expect(sanitizeHelpHtml('<a href="javascript:alert(1)">Click</a>')).toBe('<a>Click</a>');
    expect(sanitizeHelpHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x" />');
  });
});
