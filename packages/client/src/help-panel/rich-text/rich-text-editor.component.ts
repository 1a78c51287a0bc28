import { Editor } from '@tiptap/core';
import { IMAGE_SCHEMES, LINK_SCHEMES } from '#rules/url-safety.js';
import { createElement } from '../core/index.js';
import { helpEditorExtensions, TOOLBAR_HEADING_LEVELS } from './rich-text-schema.options.js';
import { RichTextToolbar, type ToolbarButtonSpec, type ToolbarButtonState } from './rich-text-toolbar.component.js';
import type { RichTextEditor, RichTextEditorOptions } from './rich-text.types.js';
import { buildUrlPrompt } from './url-prompt.component.js';
import { TOOLBAR_ICONS } from './toolbar-icons.options.js';

interface ToolbarItem extends ToolbarButtonSpec {
  state(editor: Editor): ToolbarButtonState;
}

/** The HTML the form stores: nothing at all for an empty document (not `<p></p>`). */
function storedHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The help form's rich-text editor (Tiptap): a toolbar, the editable region named by the field's
 * label, link and image prompts, and an HTML source view (the form's own text area). Every change
 * is written back to the text area as HTML, which is what the form submits.
 */
export function createRichTextEditor(options: RichTextEditorOptions): RichTextEditor {
  const { doc, texts, idPrefix, textarea, labelId } = options;
  const editableId = `${idPrefix}-editable`;
  const element = createElement(doc, 'div', { className: 'widgetlib-rte' });
  const host = createElement(doc, 'div', { className: 'widgetlib-rte__editable-host' });
  const promptSlot = createElement(doc, 'div', { className: 'widgetlib-rte__prompt-slot' });

  const editor = new Editor({
    element: host,
    extensions: helpEditorExtensions(),
    content: textarea.value,
    // rich-text.css has the few rules ProseMirror needs: no <style> element a CSP could refuse.
    injectCSS: false,
    editorProps: {
      attributes: {
        id: editableId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'widgetlib-rte__editable widgetlib-palette__text',
      },
      handleKeyDown: (_view, event) => {
        if (event.key !== 'k' || !(event.ctrlKey || event.metaKey)) return false;
        event.preventDefault();
        promptLink();
        return true;
      },
    },
  });
  textarea.value = storedHtml(editor);

  let sourceShown = false;
  const closePrompt = () => {
    promptSlot.replaceChildren();
    // At once (the focus command waits for a frame): the next key typed belongs to the editor.
    if (!sourceShown) editor.view.focus();
  };
  const openPrompt = (prompt: { element: HTMLElement; focus(): void }) => {
    promptSlot.replaceChildren(prompt.element);
    prompt.focus();
  };
  const promptLink = () => {
    const current = editor.getAttributes('link')['href'] as string | undefined;
    openPrompt(
      buildUrlPrompt({
        doc,
        idPrefix: `${idPrefix}-link`,
        heading: texts.editorLink,
        urlLabel: texts.editorUrl,
        schemes: LINK_SCHEMES,
        requiredMessage: texts.editorUrlRequired,
        refusedMessage: texts.editorLinkRefused,
        insertLabel: texts.editorInsert,
        cancelLabel: texts.cancel,
        initialUrl: current,
        removeLabel: current ? texts.editorRemoveLink : undefined,
        insert: (href) => {
          const chain = editor.chain().focus().extendMarkRange('link');
          if (editor.state.selection.empty && !current) {
            chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          } else chain.setLink({ href }).run();
        },
        remove: () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
        close: closePrompt,
      }),
    );
  };
  const promptImage = () =>
    openPrompt(
      buildUrlPrompt({
        doc,
        idPrefix: `${idPrefix}-image`,
        heading: texts.editorImage,
        urlLabel: texts.editorUrl,
        textLabel: texts.editorImageAlt,
        schemes: IMAGE_SCHEMES,
        requiredMessage: texts.editorUrlRequired,
        refusedMessage: texts.editorImageRefused,
        insertLabel: texts.editorInsert,
        cancelLabel: texts.cancel,
        insert: (src, alt) =>
          editor
            .chain()
            .focus()
            .setImage({ src, alt: alt || undefined })
            .run(),
        close: closePrompt,
      }),
    );

  const inTable = (state: Editor) => ({ disabled: !state.isActive('table') });
  const items: ToolbarItem[] = [
    {
      glyph: 'B',
      label: texts.editorBold,
      shortcut: 'Control+B',
      toggle: true,
      run: () => editor.chain().focus().toggleBold().run(),
      state: (e) => ({ pressed: e.isActive('bold') }),
    },
    {
      glyph: 'I',
      label: texts.editorItalic,
      shortcut: 'Control+I',
      toggle: true,
      run: () => editor.chain().focus().toggleItalic().run(),
      state: (e) => ({ pressed: e.isActive('italic') }),
    },
    ...TOOLBAR_HEADING_LEVELS.map((level): ToolbarItem => ({
      icon: level === 2 ? TOOLBAR_ICONS.heading2 : TOOLBAR_ICONS.heading3,
      label: texts.editorHeading(level),
      shortcut: `Control+Alt+${level}`,
      toggle: true,
      run: () => editor.chain().focus().toggleHeading({ level }).run(),
      state: (e) => ({ pressed: e.isActive('heading', { level }) }),
    })),
    {
      glyph: '•',
      label: texts.editorBulletList,
      shortcut: 'Control+Shift+8',
      toggle: true,
      run: () => editor.chain().focus().toggleBulletList().run(),
      state: (e) => ({ pressed: e.isActive('bulletList') }),
    },
    {
      icon: TOOLBAR_ICONS.orderedList,
      label: texts.editorOrderedList,
      shortcut: 'Control+Shift+7',
      toggle: true,
      run: () => editor.chain().focus().toggleOrderedList().run(),
      state: (e) => ({ pressed: e.isActive('orderedList') }),
    },
    {
      icon: TOOLBAR_ICONS.link,
      label: texts.editorLink,
      shortcut: 'Control+K',
      toggle: true,
      run: promptLink,
      state: (e) => ({ pressed: e.isActive('link') }),
    },
    { icon: TOOLBAR_ICONS.image, label: texts.editorImage, run: promptImage, state: () => ({}) },
    {
      glyph: '<>',
      label: texts.editorCode,
      shortcut: 'Control+E',
      toggle: true,
      run: () => editor.chain().focus().toggleCode().run(),
      state: (e) => ({ pressed: e.isActive('code') }),
    },
    {
      glyph: '{ }',
      label: texts.editorCodeBlock,
      shortcut: 'Control+Alt+C',
      toggle: true,
      run: () => editor.chain().focus().toggleCodeBlock().run(),
      state: (e) => ({ pressed: e.isActive('codeBlock') }),
    },
    {
      glyph: '▦',
      label: texts.editorTable,
      run: () => editor.chain().focus().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run(),
      state: (e) => ({ disabled: e.isActive('table') }),
    },
    { glyph: '+↓', label: texts.editorAddRow, run: () => editor.chain().focus().addRowAfter().run(), state: inTable },
    {
      glyph: '+→',
      label: texts.editorAddColumn,
      run: () => editor.chain().focus().addColumnAfter().run(),
      state: inTable,
    },
    {
      glyph: '✕▦',
      label: texts.editorDeleteTable,
      run: () => editor.chain().focus().deleteTable().run(),
      state: inTable,
    },
    { glyph: 'HTML', label: texts.editorSource, toggle: true, run: () => showSource(!sourceShown), state: () => ({}) },
  ];
  const sourceIndex = items.length - 1;
  // A refused command (e.g. "Add row" outside a table) does nothing: aria-disabled keeps it reachable.
  const toolbar = new RichTextToolbar(
    doc,
    texts.editorToolbar,
    editableId,
    items.map((item, index) => ({ ...item, run: () => (toolbar.isDisabled(index) ? undefined : item.run()) })),
  );
  const refresh = () =>
    toolbar.update(
      items.map((item, index) =>
        index === sourceIndex ? { pressed: sourceShown } : sourceShown ? { disabled: true } : item.state(editor),
      ),
    );

  const showSource = (show: boolean) => {
    if (!show) {
      // Back from the source: the HTML goes through the editor's schema, as a paste would.
      editor.commands.setContent(textarea.value, { emitUpdate: false });
      textarea.value = storedHtml(editor);
    }
    sourceShown = show;
    promptSlot.replaceChildren();
    host.hidden = show;
    textarea.hidden = !show;
    refresh();
    if (show) textarea.focus();
    else editor.commands.focus();
  };

  editor.on('update', () => {
    textarea.value = storedHtml(editor);
  });
  editor.on('transaction', refresh);
  refresh();

  const label = doc.getElementById(labelId);
  const focusFromLabel = (event: Event) => {
    if (sourceShown) return;
    event.preventDefault();
    editor.commands.focus();
  };
  label?.addEventListener('click', focusFromLabel);
  textarea.hidden = true;
  element.append(toolbar.element, host, promptSlot);
  return {
    element,
    focus: () => (sourceShown ? textarea.focus() : editor.commands.focus('end')),
    destroy: () => {
      label?.removeEventListener('click', focusFromLabel);
      editor.destroy();
      element.remove();
      textarea.hidden = false;
    },
  };
}
