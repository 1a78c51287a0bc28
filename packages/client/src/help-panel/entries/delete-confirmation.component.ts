import { createElement, failureMessages, showMessages, type HelpEntry, type HelpPanelTexts } from '../core/index.js';

export interface DeleteConfirmationOptions {
  texts: HelpPanelTexts;
  /** Prefix of the confirmation's element ids (the panel's id). */
  idPrefix: string;
  entry: HelpEntry;
  /** The entry's list item; its edit and delete buttons are hidden while the question is asked. */
  item: HTMLLIElement;
  /** Deletes the entry on the server; a failure's messages are shown in the confirmation. */
  remove(): Promise<void>;
  /** Runs once the server has deleted the entry. */
  deleted(): Promise<void>;
}

/**
 * Asks, inside the entry's item, whether to delete it, with focus on the confirming button. Cancel
 * puts the item's buttons back and focus on Delete; a failed delete keeps the question open with the
 * server's message. Does nothing when the question is already asked.
 */
export function askToDelete(options: DeleteConfirmationOptions): void {
  const { texts, idPrefix, entry, item } = options;
  const doc = item.ownerDocument;
  const actions = item.querySelector<HTMLElement>('.widgetlib-palette__entry-actions');
  if (!actions || item.querySelector('.widgetlib-palette__confirm')) return;
  const error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
  error.hidden = true;
  const question = createElement(doc, 'p', {
    text: texts.confirmDelete(entry.help_title),
    attributes: { id: `${idPrefix}-confirm-${entry.id}` },
  });
  const yes = createElement(doc, 'button', {
    className: 'widgetlib-palette__button widgetlib-palette__button--danger widgetlib-palette__confirm-delete',
    text: texts.confirmDeleteYes,
    attributes: { type: 'button' },
  });
  const no = createElement(doc, 'button', {
    className: 'widgetlib-palette__button',
    text: texts.cancel,
    attributes: { type: 'button' },
  });
  const confirm = createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__confirm', attributes: { role: 'group', 'aria-labelledby': question.id } },
    question,
    error,
    yes,
    no,
  );
  actions.hidden = true;
  item.append(confirm);
  no.addEventListener('click', () => {
    confirm.remove();
    actions.hidden = false;
    actions.querySelector<HTMLElement>('.widgetlib-palette__delete')?.focus();
  });
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    try {
      await options.remove();
    } catch (failure) {
      yes.disabled = false;
      showMessages(error, failureMessages(failure));
      return;
    }
    await options.deleted();
  });
  yes.focus();
}
