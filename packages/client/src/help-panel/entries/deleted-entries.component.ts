import { createElement, failureMessages, showMessages, type HelpPanelTexts, type HelpRevision } from '../core/index.js';
import { formatWhen } from './help-history.component.js';

export interface DeletedEntriesOptions {
  texts: HelpPanelTexts;
  /** Prefix of the section's element ids. */
  idPrefix: string;
  /** Shows and hides the list (`aria-expanded`). */
  toggle: HTMLButtonElement;
  /** Where the list goes. */
  slot: HTMLElement;
  /** The reader's language, for dates. */
  locale(): string;
  /** The view's deletions that can be restored, newest first. */
  load(): Promise<HelpRevision[]>;
  /** Brings the deleted entry back; a failure's messages are shown in the list. */
  restore(deletion: HelpRevision): Promise<void>;
}

/**
 * The view's deleted entries, for users who may bring them back: the toggle shows (and loads) or
 * hides them; each with its title, who deleted it and when, and a Restore button. All set as text.
 */
export class DeletedEntries {
  constructor(private readonly options: DeletedEntriesOptions) {
    options.toggle.addEventListener('click', () => void (this.isShown ? this.hide() : this.show()));
  }

  get isShown(): boolean {
    return this.options.toggle.getAttribute('aria-expanded') === 'true';
  }

  hide(): void {
    const { toggle, slot, texts } = this.options;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.textContent = texts.deletedEntries;
    slot.replaceChildren();
  }

  /** Loads and lists the deleted entries (again, when already shown). */
  async show(): Promise<void> {
    const { texts, idPrefix, toggle, slot } = this.options;
    const doc = slot.ownerDocument;
    toggle.setAttribute('aria-expanded', 'true');
    toggle.textContent = texts.hideDeletedEntries;
    const headingId = `${idPrefix}-deleted-heading`;
    const error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
    error.hidden = true;
    const list = createElement(doc, 'ul', { className: 'widgetlib-palette__deleted-list' });
    const section = createElement(
      doc,
      'section',
      { className: 'widgetlib-palette__deleted', attributes: { 'aria-labelledby': headingId, 'aria-busy': 'true' } },
      createElement(doc, 'h3', { text: texts.deletedEntries, attributes: { id: headingId } }),
      error,
      list,
    );
    slot.replaceChildren(section);
    let deletions: HelpRevision[];
    try {
      deletions = await this.options.load();
    } catch (failure) {
      showMessages(error, failureMessages(failure));
      return;
    } finally {
      section.removeAttribute('aria-busy');
    }
    if (!section.isConnected) return;
    if (deletions.length === 0) list.append(createElement(doc, 'li', { text: texts.noDeletedEntries }));
    for (const deletion of deletions) list.append(this.item(deletion, error));
  }

  private item(deletion: HelpRevision, error: HTMLElement): HTMLLIElement {
    const { texts } = this.options;
    const doc = error.ownerDocument;
    const title = deletion.before?.help_title ?? '';
    const restore = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__restore',
      text: texts.restore,
      attributes: { type: 'button', 'aria-label': texts.restoreDeleted(title) },
    });
    restore.addEventListener('click', async () => {
      restore.disabled = true;
      try {
        await this.options.restore(deletion);
      } catch (failure) {
        restore.disabled = false;
        showMessages(error, failureMessages(failure));
      }
    });
    const when = formatWhen(deletion.created_at, this.options.locale());
    return createElement(
      doc,
      'li',
      { className: 'widgetlib-palette__deleted-entry', attributes: { 'data-help-id': String(deletion.help_id) } },
      createElement(doc, 'p', { className: 'widgetlib-palette__revision-title', text: title }),
      ...(deletion.before?.question_name
        ? [createElement(doc, 'p', { className: 'widgetlib-palette__question', text: deletion.before.question_name })]
        : []),
      createElement(doc, 'p', { text: texts.revisionSummary('delete', deletion.user, when) }),
      restore,
    );
  }
}
