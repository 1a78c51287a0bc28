import { escapeHtml, safeUrl } from '../escape.js';
import { isDisplay, isMissing, type RenderFunction } from './render.types.js';
import { emptyHtml } from './value.renderers.js';

/** Structured cell data that `objnode` renders as an element. */
export interface ObjNode {
  /** A custom element name (`status-badge`) or one of the plain elements listed in `OBJNODE_TAGS`. */
  tag: string;
  /** Text content (escaped), before the children. */
  text?: string | number | boolean | null;
  /** Attributes; `true` gives a bare attribute, `false`/`null` leaves it out. */
  attrs?: Record<string, string | number | boolean | null | undefined>;
  children?: ReadonlyArray<ObjNode | string | number>;
}

/** The plain elements `objnode` writes besides custom elements. */
export const OBJNODE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'cite',
  'code',
  'data',
  'del',
  'div',
  'em',
  'i',
  'ins',
  'kbd',
  'li',
  'mark',
  'meter',
  'ol',
  'p',
  'progress',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'ul',
]);

// A custom element name: starts with a lowercase letter and contains a hyphen (HTML's rule, ASCII only).
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_.:-]*$/i;
/** Attributes holding a URL: written only when the URL is http, https, mailto or relative. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'poster']);
/** Attributes never written: event handlers are refused by their `on` prefix besides these. */
const REFUSED_ATTRIBUTES = new Set([
  'style',
  'srcdoc',
  'srcset',
  'action',
  'formaction',
  'ping',
  'background',
  'xlink:href',
  'xmlns',
]);
const MAX_DEPTH = 16;

/** Whether `objnode` writes an element with this name (otherwise it writes a `span`). */
export function isAllowedObjNodeTag(tag: string): boolean {
  return OBJNODE_TAGS.has(tag) || CUSTOM_ELEMENT_NAME.test(tag);
}

function attributeHtml(name: string, value: unknown): string {
  const lowered = name.toLowerCase();
  if (!ATTRIBUTE_NAME.test(name) || lowered.startsWith('on') || REFUSED_ATTRIBUTES.has(lowered)) return '';
  if (value === false || value === null || value === undefined) return '';
  if (value === true) return ` ${lowered}`;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  if (URL_ATTRIBUTES.has(lowered)) {
    const url = safeUrl(String(value));
    return url === null ? '' : ` ${lowered}="${escapeHtml(url)}"`;
  }
  return ` ${lowered}="${escapeHtml(value)}"`;
}

function nodeHtml(node: unknown, depth: number): string {
  if (typeof node === 'string' || typeof node === 'number') return escapeHtml(node);
  if (node === null || typeof node !== 'object' || Array.isArray(node) || depth > MAX_DEPTH) return '';
  const { tag, text, attrs, children } = node as Partial<ObjNode>;
  const name = typeof tag === 'string' && isAllowedObjNodeTag(tag.toLowerCase()) ? tag.toLowerCase() : 'span';
  const attributes =
    attrs && typeof attrs === 'object'
      ? Object.entries(attrs)
          .map(([key, value]) => attributeHtml(key, value))
          .join('')
      : '';
  const content =
    (isMissing(text) ? '' : escapeHtml(text)) +
    (Array.isArray(children) ? children.map((child: unknown) => nodeHtml(child, depth + 1)).join('') : '');
  return `<${name}${attributes}>${content}</${name}>`;
}

/**
 * Structured data (`{ tag, text, attrs, children }`, or a list of them) as HTML elements: custom
 * elements and plain text-level elements only, every text and attribute value escaped, no event
 * handler or style attribute, URL attributes only with http, https, mailto or relative URLs.
 */
export const objnode: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  if (isMissing(data)) return emptyHtml();
  if (Array.isArray(data)) return data.map((node: unknown) => nodeHtml(node, 0)).join('');
  return nodeHtml(data, 0);
};
