import { objnode } from './objnode.renderers.js';

describe('objnode', () => {
  it('renders a custom element with escaped text and attributes', () => {
    expect(
      objnode({ tag: 'status-badge', text: 'Done & dusted', attrs: { level: 'ok', title: '"quoted"' } }, 'display'),
    ).toBe('<status-badge level="ok" title="&quot;quoted&quot;">Done &amp; dusted</status-badge>');
  });

  it('renders nested children and lists of nodes', () => {
    expect(
      objnode(
        [
          { tag: 'span', attrs: { class: 'tag' }, children: ['a', { tag: 'strong', text: 'b' }] },
          { tag: 'em', text: 1 },
        ],
        'display',
      ),
    ).toBe('<span class="tag">a<strong>b</strong></span><em>1</em>');
  });

  it('writes bare boolean attributes and leaves out false and null ones', () => {
    expect(objnode({ tag: 'x-flag', attrs: { active: true, hidden: false, data: null } }, 'display')).toBe(
      '<x-flag active></x-flag>',
    );
  });

  it.each(['script', 'iframe', 'style', 'object', 'svg', 'img', 'SCRIPT', 'a b', 'x-y onclick=z', '-x'])(
    'writes a span instead of the element %j',
    (tag) => {
      expect(objnode({ tag, text: 'x' }, 'display')).toBe('<span>x</span>');
    },
  );

  it('drops event handlers, style and other dangerous attributes, and odd attribute names', () => {
    expect(
      objnode(
        {
          tag: 'span',
          attrs: {
            onclick: 'x()',
            ONMOUSEOVER: 'x()',
            style: 'background:url(javascript:x)',
            srcdoc: '<b>',
            'a"b': '1',
            'x y': '2',
            title: 't',
          },
        },
        'display',
      ),
    ).toBe('<span title="t"></span>');
  });

  it('writes URL attributes only for safe URLs', () => {
    expect(objnode({ tag: 'a', text: 'ok', attrs: { href: '/albums/1/' } }, 'display')).toBe(
      '<a href="/albums/1/">ok</a>',
    );
    expect(objnode({ tag: 'a', text: 'no', attrs: { href: 'javascript:alert(1)' } }, 'display')).toBe('<a>no</a>');
    expect(objnode({ tag: 'x-player', attrs: { src: 'data:text/html,x' } }, 'display')).toBe('<x-player></x-player>');
  });

  it('escapes plain strings and shows -- for a missing value', () => {
    expect(objnode('<script>x()</script>', 'display')).toBe('&lt;script&gt;x()&lt;/script&gt;');
    expect(objnode(null, 'display')).toBe('--');
  });

  it('stops at a bounded depth', () => {
    let node: { tag: string; children?: unknown[] } = { tag: 'span' };
    for (let level = 0; level < 40; level += 1) node = { tag: 'span', children: [node] };
    expect((objnode(node, 'display') as string).match(/<span>/g)?.length).toBe(17);
  });
});
