import { createElement, type HelpEntry, type HelpPanelTexts } from '../core/index.js';

export interface HelpConflictViewOptions {
  doc: Document;
  texts: HelpPanelTexts;
  /** Unique prefix for the view's element ids. */
  idPrefix: string;
  /** What the author typed (kept in the form). */
  mine: Pick<HelpEntry, 'help_title' | 'help_text'>;
  /** The entry as the server has it now. */
  current: HelpEntry;
  /** Makes a help text safe to insert as HTML (`sanitizeHelpText`). */
  sanitize(html: string): string;
  overwrite(): void;
  discard(): void;
}

function version(
  doc: Document,
  sanitize: (html: string) => string,
  className: string,
  heading: string,
  entry: Pick<HelpEntry, 'help_title' | 'help_text'>,
): HTMLElement {
  const text = createElement(doc, 'div', { className: 'widgetlib-palette__text' });
  text.innerHTML = sanitize(entry.help_text ?? '');
  return createElement(
    doc,
    'section',
    { className: `widgetlib-palette__conflict-version ${className}` },
    createElement(doc, 'h4', { text: heading }),
    createElement(doc, 'p', { className: 'widgetlib-palette__conflict-title', text: entry.help_title }),
    text,
  );
}

/**
 * What a form shows when its save met a newer version of the entry: the saved title and text next to
 * the author's (both sanitised as the list shows them), with "Overwrite" and "Discard mine".
 */
export function buildHelpConflictView(options: HelpConflictViewOptions): HTMLElement {
  const { doc, texts, idPrefix, mine, current } = options;
  const messageId = `${idPrefix}-conflict-message`;
  const button = (text: string, kind: string, onClick: () => void) => {
    const element = createElement(doc, 'button', {
      className: `widgetlib-palette__button widgetlib-palette__conflict-${kind}`,
      text,
      attributes: { type: 'button' },
    });
    element.addEventListener('click', onClick);
    return element;
  };
  return createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__conflict', attributes: { role: 'group', 'aria-labelledby': messageId } },
    createElement(doc, 'p', { text: texts.conflictMessage, attributes: { id: messageId } }),
    createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__conflict-versions' },
      version(doc, options.sanitize, 'widgetlib-palette__conflict-theirs', texts.conflictTheirs, current),
      version(doc, options.sanitize, 'widgetlib-palette__conflict-mine', texts.conflictMine, mine),
    ),
    createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__form-actions' },
      button(texts.overwrite, 'overwrite', options.overwrite),
      button(texts.discardMine, 'discard', options.discard),
    ),
  );
}
