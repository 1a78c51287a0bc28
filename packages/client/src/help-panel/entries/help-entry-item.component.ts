import { createElement, type HelpEntry, type HelpPanelPermissions, type HelpPanelTexts } from '../core/index.js';
import { searchableText } from './help-search.parser.js';

/** One listed entry: its item and what the search box matches it against. */
export interface HelpEntryItem {
  entry: HelpEntry;
  item: HTMLLIElement;
  searchable: string;
}

export interface HelpEntryItemOptions {
  doc: Document;
  texts: HelpPanelTexts;
  /** Prefix of the item's element ids (the panel's id). */
  idPrefix: string;
  permissions: HelpPanelPermissions;
  /** Makes a help text safe to insert as HTML (`sanitizeHelpText`, loaded with the entries). */
  sanitize(html: string): string;
  /** The label of an entry's language when it is not the reader's; `null` shows none. */
  languageBadge?(entry: HelpEntry): string | null;
  edit(entry: HelpEntry): void;
  delete(entry: HelpEntry, item: HTMLLIElement): void;
  /** What goes at the end of the item (the reader's link and "Was this helpful?"). */
  footer?(entry: HelpEntry): HTMLElement;
  /** Shows or hides the entry's history (offered with change permission). */
  history?(entry: HelpEntry, item: HTMLLIElement): void;
}

function entryButton(
  doc: Document,
  text: string,
  label: string,
  kind: 'edit' | 'delete' | 'history-toggle',
  onClick: () => void,
): HTMLButtonElement {
  const button = createElement(doc, 'button', {
    className: `widgetlib-palette__button widgetlib-palette__${kind}`,
    text,
    attributes: { type: 'button', 'aria-label': label },
  });
  button.addEventListener('click', onClick);
  return button;
}

/**
 * The list item of an entry: its title and question name as text, its help text sanitised, and edit
 * and delete buttons as permitted. Focusable (the panel moves focus to an entry it shows).
 */
export function buildHelpEntryItem(entry: HelpEntry, options: HelpEntryItemOptions): HelpEntryItem {
  const { doc, texts, idPrefix } = options;
  const titleId = `${idPrefix}-entry-${entry.id}`;
  const text = createElement(doc, 'div', { className: 'widgetlib-palette__text' });
  text.innerHTML = options.sanitize(entry.help_text ?? '');
  const item = createElement(
    doc,
    'li',
    {
      className: 'widgetlib-palette__entry',
      attributes: { tabindex: '-1', 'aria-labelledby': titleId, 'data-help-id': String(entry.id) },
    },
    createElement(doc, 'h3', {
      className: 'widgetlib-palette__entry-title',
      text: entry.help_title,
      attributes: { id: titleId },
    }),
    createElement(doc, 'p', { className: 'widgetlib-palette__question', text: entry.question_name }),
  );
  const badge = options.languageBadge?.(entry);
  if (badge && entry.language) {
    item.append(
      createElement(doc, 'p', {
        className: 'widgetlib-palette__language',
        text: badge,
        attributes: { lang: entry.language },
      }),
    );
  }
  if (entry.language) text.lang = entry.language;
  item.append(text);
  item.dataset.questionName = entry.question_name;
  const { change, delete: remove } = options.permissions;
  if (change || remove) {
    const actions = createElement(doc, 'div', { className: 'widgetlib-palette__entry-actions' });
    const title = entry.help_title;
    if (change) actions.append(entryButton(doc, texts.edit, texts.editEntry(title), 'edit', () => options.edit(entry)));
    const { history } = options;
    if (change && history) {
      actions.append(
        entryButton(doc, texts.history, texts.historyEntry(title), 'history-toggle', () => history(entry, item)),
      );
    }
    if (remove) {
      actions.append(
        entryButton(doc, texts.delete, texts.deleteEntry(title), 'delete', () => options.delete(entry, item)),
      );
    }
    item.append(actions);
  }
  const footer = options.footer?.(entry);
  if (footer) item.append(footer);
  return { entry, item, searchable: searchableText(entry.help_title, text.textContent ?? '') };
}
