import { getSchema } from '@tiptap/core';
import type { DOMOutputSpec, Mark, Node as ProseMirrorNode, Schema, TagParseRule } from '@tiptap/pm/model';
import { HELP_HTML_TAGS, helpHtmlAttributeAllowed } from '#rules/help-html.policy.js';
import { helpEditorExtensions, TOOLBAR_HEADING_LEVELS } from './rich-text-schema.options.js';

interface Rendered {
  tag: string;
  attributes: [name: string, value: string][];
}

/** The elements and attributes of a DOMOutputSpec (the arrays the schema's `toDOM` returns). */
function renderedElements(spec: DOMOutputSpec): Rendered[] {
  if (!Array.isArray(spec)) throw new TypeError(`unexpected DOM output: ${String(spec)}`);
  const [tag, ...rest] = spec as [string, ...unknown[]];
  const found: Rendered = { tag, attributes: [] };
  const children: Rendered[] = [];
  for (const part of rest) {
    if (Array.isArray(part)) children.push(...renderedElements(part as unknown as DOMOutputSpec));
    else if (part !== null && typeof part === 'object') {
      for (const [name, value] of Object.entries(part as Record<string, unknown>)) {
        if (value !== null && value !== undefined) found.attributes.push([name, String(value)]);
      }
    }
  }
  return [found, ...children];
}

/** A value for every attribute the type declares, unlike its default, so that each one that is written shows. */
function sampleAttributes(attributes: Record<string, { default?: unknown }>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, { default: fallback }]) => {
      if (name === 'href' || name === 'src') return [name, 'https://example.com/x.png'];
      if (name === 'colwidth') return [name, [120]];
      if (name === 'level') return [name, fallback];
      return [name, typeof fallback === 'number' ? fallback + 1 : `sample-${name}`];
    }),
  );
}

function everyRendering(schema: Schema): Record<string, Rendered[]> {
  const renderings: Record<string, Rendered[]> = {};
  for (const type of Object.values(schema.nodes)) {
    const { toDOM } = type.spec;
    if (!toDOM) continue;
    const levels: readonly number[] = type.name === 'heading' ? [1, 2, 3, 4, 5, 6] : [0];
    renderings[type.name] = levels.flatMap((level) => {
      const attrs = { ...sampleAttributes(type.spec.attrs ?? {}), ...(level ? { level } : {}) };
      return renderedElements(toDOM(type.create(attrs) as ProseMirrorNode));
    });
  }
  for (const type of Object.values(schema.marks)) {
    const { toDOM } = type.spec;
    if (toDOM)
      renderings[type.name] = renderedElements(
        toDOM(type.create(sampleAttributes(type.spec.attrs ?? {})) as Mark, true),
      );
  }
  return renderings;
}

describe('the help editor schema against the help HTML policy', () => {
  const schema = getSchema(helpEditorExtensions());
  const renderings = everyRendering(schema);
  const rendered = Object.values(renderings).flat();

  it('writes only elements the policy keeps', () => {
    const tags = [...new Set(rendered.map(({ tag }) => tag))].sort();
    expect(tags.filter((tag) => !HELP_HTML_TAGS.includes(tag))).toEqual([]);
    // The formats the editor offers, written out: a new node or mark must be added here on purpose.
    expect(tags).toEqual(
      ['a', 'br', 'code', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'li', 'ol', 'p', 'pre', 'strong', 'table']
        .concat(['tbody', 'td', 'th', 'tr', 'ul'])
        .sort(),
    );
  });

  it('writes only attributes (and URL schemes) the policy keeps on each element', () => {
    const refused = rendered.flatMap(({ tag, attributes }) =>
      attributes
        .filter(([name, value]) => !helpHtmlAttributeAllowed(tag, name, value))
        .map(([name]) => `${tag}[${name}]`),
    );
    expect(refused).toEqual([]);
    // The attributes that are written, so that dropping one (e.g. a link's href) fails too.
    expect(renderings['link']).toEqual([
      {
        tag: 'a',
        attributes: [
          ['href', 'https://example.com/x.png'],
          ['title', 'sample-title'],
        ],
      },
    ]);
    expect(renderings['image']?.[0]?.attributes.map(([name]) => name).sort()).toEqual([
      'alt',
      'height',
      'src',
      'title',
      'width',
    ]);
    expect(renderings['orderedList']?.[0]?.attributes.map(([name]) => name)).toEqual(['start']);
  });

  it('has a node or mark for every heading level the toolbar offers', () => {
    for (const level of TOOLBAR_HEADING_LEVELS) expect(rendered.map(({ tag }) => tag)).toContain(`h${level}`);
  });

  it('reads links and images only with the schemes the policy allows', () => {
    const linkRule = schema.marks['link']!.spec.parseDOM![0] as TagParseRule;
    const imageRule = schema.nodes['image']!.spec.parseDOM![0] as TagParseRule;
    const element = (tag: string, name: string, value: string) =>
      ({ getAttribute: (asked: string) => (asked === name ? value : null), tag }) as unknown as HTMLElement;
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/', '//evil.example/']) {
      expect(linkRule.getAttrs!(element('a', 'href', href))).toBe(false);
    }
    expect(linkRule.getAttrs!(element('a', 'href', 'mailto:help@example.com'))).not.toBe(false);
    for (const src of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'mailto:a@example.com']) {
      expect(imageRule.getAttrs!(element('img', 'src', src))).toBe(false);
    }
    expect(imageRule.getAttrs!(element('img', 'src', 'https://example.com/a.png'))).not.toBe(false);
  });
});
