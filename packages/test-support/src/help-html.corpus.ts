// Help HTML that both sanitisers are tested with: the server's (sanitize-html, packages/nest) and the
// browser's (DOMPurify, packages/client), with one checker of their output written apart from the
// sanitisers' own code.
import { escapeHtml } from '#rules/html-escape.js';
import { HOSTILE_URLS, LEGITIMATE_URLS } from './url.corpus.js';

/** Payloads that must come out with nothing executable, styled, classed or pointing elsewhere. */
export const HOSTILE_HELP_HTML: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">',
  '<img src="//evil.test/x.png">',
  '<img src="\\\\evil.test\\x.png">',
  '<img src="mailto:a@evil.test">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="ftp://evil.test/x">x</a>',
  '<a href="tel:+15550100">x</a>',
  '<a href="https://ok.test" onclick="alert(1)">x</a>',
  '<a href="https://ok.test" target="_top" rel="opener" ping="https://evil.test/">x</a>',
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
  '<p style="position:fixed;inset:0">cover</p>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form action="https://evil.test"><input name="password"></form>',
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
  '<p class="widgetlib-palette" id="widgetlib-palette-1" name="clobber">classes, ids and names</p>',
  '<div data-widgetlib-palette="x" aria-hidden="true" hidden tabindex="0">attributes of the page</div>',
  '<p title="not allowed on p">x</p><a width="5" src="/x">y</a><img href="/x" alt="z">',
  ...HOSTILE_URLS.map((url) => `<a href="${escapeHtml(url)}">link</a><img src="${escapeHtml(url)}" alt="image">`),
];

/** Help as people write it: the server keeps it byte for byte, the browser keeps the same tree. */
export const HARMLESS_HELP_HTML: readonly string[] = [
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
  '<img src="/static/relative.png" alt="Relative" />',
  '<dl><dt>Term</dt><dd>Definition</dd></dl><p>H<sub>2</sub>O and x<sup>2</sup></p>',
  '<p><abbr title="HyperText Markup Language">HTML</abbr>, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <mark>marked</mark></p>',
  ...LEGITIMATE_URLS.map((url) => `<a href="${escapeHtml(url)}">link</a>`),
];

/** An element of sanitised HTML, as a DOM (jsdom's, or Chromium's through Playwright) shows it. */
export interface ElementSummary {
  tag: string;
  namespace: string | null;
  attributes: ReadonlyArray<readonly [name: string, value: string]>;
}

export function summariseElements(root: ParentNode): ElementSummary[] {
  return Array.from(root.querySelectorAll('*'), (element) => ({
    tag: element.localName,
    namespace: element.namespaceURI,
    attributes: Array.from(element.attributes, (attribute) => [attribute.name, attribute.value] as const),
  }));
}

// The checker's own expectations, written out rather than read from the policy under test.
const ALLOWED_TAGS = new Set(
  (
    'h1 h2 h3 h4 h5 h6 p br hr b strong i em u s del ins mark small sub sup div span blockquote abbr cite q ' +
    'ul ol li dl dt dd code pre kbd samp table caption colgroup col thead tbody tfoot tr th td a img'
  ).split(' '),
);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
  ol: ['start', 'reversed'],
  col: ['span'],
  colgroup: ['span'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};
/** What the help panel adds to every link: a new tab that gets no handle on the page. */
const PANEL_LINK_ATTRIBUTES: Record<string, string> = { target: '_blank', rel: 'noopener noreferrer' };
const URL_SCHEMES: Record<string, readonly string[]> = { href: ['http', 'https', 'mailto'], src: ['http', 'https'] };
const PAGE = 'https://app.example/albums/1/edit';

/** Why a URL attribute's value is not acceptable, or null. */
function urlProblem(attribute: string, value: string): string | null {
  // What the URL parser reads: tabs and newlines dropped, leading and trailing controls and spaces trimmed.
  const read = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (/\\/.test(read.split(/[?#]/, 1)[0]!)) return 'backslash';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1]?.toLowerCase();
  if (scheme !== undefined) return URL_SCHEMES[attribute]!.includes(scheme) ? null : `scheme ${scheme}`;
  if (read.startsWith('//')) return 'protocol-relative';
  return URL.canParse(read, PAGE) && new URL(read, PAGE).host !== 'app.example' ? 'another host' : null;
}

/**
 * Everything in sanitised HTML that a browser could run, that could restyle or clobber the page, or
 * that links or loads from where the allowlist does not allow: `[]` when there is nothing.
 */
export function forbiddenParts(elements: readonly ElementSummary[]): string[] {
  const found: string[] = [];
  for (const { tag, namespace, attributes } of elements) {
    if (!ALLOWED_TAGS.has(tag) || namespace !== 'http://www.w3.org/1999/xhtml') found.push(`<${tag}>`);
    for (const [name, value] of attributes) {
      const allowed = Object.hasOwn(ALLOWED_ATTRIBUTES, tag) && ALLOWED_ATTRIBUTES[tag]!.includes(name);
      const addedByPanel = tag === 'a' && PANEL_LINK_ATTRIBUTES[name] === value;
      if (!allowed && !addedByPanel) found.push(`${tag}[${name}]`);
      if (allowed && Object.hasOwn(URL_SCHEMES, name)) {
        const problem = urlProblem(name, value);
        if (problem) found.push(`${tag}[${name}=${JSON.stringify(value)}]: ${problem}`);
      }
    }
  }
  return found;
}

/** `forbiddenParts` of an HTML string, parsed by the environment's DOMParser (jsdom in the specs). */
export function forbiddenPartsOfHtml(html: string): string[] {
  return forbiddenParts(summariseElements(new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body));
}
