export interface InlineConflictOptions {
  /** Unique prefix of the view's ids. */
  idPrefix: string;
  texts: {
    inlineConflict: string;
    inlineTheirs: string;
    inlineMine: string;
    inlineKeepMine: string;
    inlineTakeTheirs: string;
  };
  /** The saved value and the user's, in words. */
  theirs: string;
  mine: string;
  keepMine(): void;
  takeTheirs(): void;
}

/**
 * What a cell shows when its save met a newer version of the row (412), as the help panel's
 * conflict view does: the value saved now beside the user's, with "Keep mine" and "Take theirs".
 */
export function buildInlineConflict(doc: Document, options: InlineConflictOptions): HTMLElement {
  const { texts, idPrefix } = options;
  const messageId = `${idPrefix}-conflict`;
  const view = doc.createElement('div');
  view.className = 'widgetlib-inline-conflict';
  view.setAttribute('role', 'group');
  view.setAttribute('aria-labelledby', messageId);
  const paragraph = (text: string, className: string) => {
    const element = doc.createElement('p');
    element.className = className;
    element.textContent = text;
    return element;
  };
  const message = paragraph(texts.inlineConflict, 'widgetlib-inline-conflict-message');
  message.id = messageId;
  message.setAttribute('role', 'alert');
  const button = (text: string, className: string, onClick: () => void) => {
    const element = doc.createElement('button');
    element.type = 'button';
    element.className = className;
    element.textContent = text;
    element.addEventListener('click', onClick);
    return element;
  };
  view.append(
    message,
    paragraph(texts.inlineTheirs.replace('{value}', options.theirs), 'widgetlib-inline-theirs'),
    paragraph(texts.inlineMine.replace('{value}', options.mine), 'widgetlib-inline-mine'),
    button(texts.inlineKeepMine, 'widgetlib-inline-keep-mine', options.keepMine),
    button(texts.inlineTakeTheirs, 'widgetlib-inline-take-theirs', options.takeTheirs),
  );
  return view;
}
