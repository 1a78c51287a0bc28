import { mergeAttributes, type AnyExtension } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Code from '@tiptap/extension-code';
import CodeBlock from '@tiptap/extension-code-block';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Image from '@tiptap/extension-image';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { IMAGE_SCHEMES, LINK_SCHEMES, safeUrl } from '#rules/url-safety.js';

/** Heading levels the toolbar offers (the schema accepts all six the policy allows). */
export const TOOLBAR_HEADING_LEVELS = [2, 3] as const;

/** An attribute the extension knows but the help HTML policy does not keep: never read, never written. */
const DROPPED = { default: null, rendered: false, parseHTML: () => null } as const;

const cellAttributes = () => ({
  colspan: { default: 1 },
  rowspan: { default: 1 },
  colwidth: DROPPED,
  align: DROPPED,
});

/**
 * The editor's schema: exactly the formats the help HTML policy (packages/rules/src/help-html.policy.ts)
 * keeps, rendered with only the attributes it keeps, so that what the author sees is what is stored.
 * rich-text.schema.spec.ts compares the two.
 */
export function helpEditorExtensions(): AnyExtension[] {
  return [
    Document,
    Paragraph,
    Text,
    HardBreak,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    Bold,
    Italic,
    Code,
    // No language attribute: it would be written as a class, which the policy removes.
    CodeBlock.extend({ addAttributes: () => ({}) }),
    BulletList,
    OrderedList.extend({ addAttributes: () => ({ start: { default: 1 }, type: DROPPED }) }),
    ListItem,
    ListKeymap,
    // Only `href` and `title`: the extension's `target`, `rel` and `class` are not in the policy.
    Link.extend({
      addAttributes: () => ({
        href: { default: null, parseHTML: (element) => element.getAttribute('href') },
        title: { default: null },
      }),
    }).configure({
      openOnClick: false,
      autolink: false,
      protocols: [],
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => safeUrl(url, LINK_SCHEMES) !== null,
    }),
    // Inline, like an <img> in a paragraph: the text goes on after it.
    Image.configure({ inline: true }).extend({
      parseHTML: () => [
        { tag: 'img[src]', getAttrs: (img) => (safeUrl(img.getAttribute('src'), IMAGE_SCHEMES) ? null : false) },
      ],
    }),
    // Without the column group and its widths (styles the policy removes).
    Table.extend({
      renderHTML: ({ HTMLAttributes }) => ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]],
    }),
    TableRow,
    TableHeader.extend({ addAttributes: cellAttributes }),
    TableCell.extend({ addAttributes: cellAttributes }),
    UndoRedo,
  ];
}
