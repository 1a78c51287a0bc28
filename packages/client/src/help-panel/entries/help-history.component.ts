import {
  createElement,
  failureMessages,
  showMessages,
  type HelpPanelTexts,
  type HelpRevision,
  type HelpRevisionState,
} from '../core/index.js';

export interface HelpHistoryOptions {
  texts: HelpPanelTexts;
  /** Prefix of the history's element ids. */
  idPrefix: string;
  /** The entry's list item; the history goes at its end. */
  item: HTMLLIElement;
  /** The reader's language, for dates. */
  locale: string;
  load(): Promise<HelpRevision[]>;
  /** Restores a revision; a failure's messages are shown in the history. */
  restore(revision: HelpRevision): Promise<void>;
}

const FIELDS = ['help_title', 'help_text', 'language', 'question_name'] as const;

/** The labels of the fields a revision changed (for a creation or deletion: none). */
export function changedFields(
  before: HelpRevisionState | null,
  after: HelpRevisionState | null,
  texts: Pick<HelpPanelTexts, 'titleLabel' | 'textLabel' | 'languageLabel' | 'fieldLabel'>,
): string[] {
  if (!before || !after) return [];
  const labels = {
    help_title: texts.titleLabel,
    help_text: texts.textLabel,
    language: texts.languageLabel,
    question_name: texts.fieldLabel,
  };
  return FIELDS.filter((field) => before[field] !== after[field]).map((field) => labels[field]);
}

/** A revision's time in the reader's language. */
export function formatWhen(isoDate: string, locale: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  try {
    return new Intl.DateTimeFormat(locale || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/**
 * Shows, inside the entry's item, its revisions newest first (who, when, which fields changed, the
 * title then), each with a Restore button; a second call hides it. Everything is set as text.
 */
export async function toggleHelpHistory(options: HelpHistoryOptions): Promise<void> {
  const { texts, idPrefix, item, locale } = options;
  const existing = item.querySelector('.widgetlib-palette__history');
  if (existing) {
    existing.remove();
    return;
  }
  const doc = item.ownerDocument;
  const headingId = `${idPrefix}-history`;
  const error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
  error.hidden = true;
  const list = createElement(doc, 'ol', { className: 'widgetlib-palette__revisions' });
  const hide = createElement(doc, 'button', {
    className: 'widgetlib-palette__button',
    text: texts.hideHistory,
    attributes: { type: 'button' },
  });
  const section = createElement(
    doc,
    'section',
    { className: 'widgetlib-palette__history', attributes: { 'aria-labelledby': headingId, 'aria-busy': 'true' } },
    createElement(doc, 'h4', { text: texts.history, attributes: { id: headingId } }),
    error,
    list,
    hide,
  );
  hide.addEventListener('click', () => {
    section.remove();
    item.querySelector<HTMLElement>('.widgetlib-palette__history-toggle')?.focus();
  });
  item.append(section);
  let revisions: HelpRevision[];
  try {
    revisions = await options.load();
  } catch (failure) {
    showMessages(error, failureMessages(failure));
    return;
  } finally {
    section.removeAttribute('aria-busy');
  }
  if (revisions.length === 0) list.append(createElement(doc, 'li', { text: texts.noRevisions }));
  for (const revision of revisions) {
    const when = formatWhen(revision.created_at, locale);
    const state = revision.after ?? revision.before;
    const changed = changedFields(revision.before, revision.after, texts);
    const restore = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__restore',
      text: texts.restore,
      attributes: { type: 'button', 'aria-label': texts.restoreRevision(when) },
    });
    restore.addEventListener('click', async () => {
      restore.disabled = true;
      try {
        await options.restore(revision);
      } catch (failure) {
        restore.disabled = false;
        showMessages(error, failureMessages(failure));
      }
    });
    list.append(
      createElement(
        doc,
        'li',
        { className: 'widgetlib-palette__revision', attributes: { 'data-revision-id': String(revision.id) } },
        createElement(doc, 'p', { text: texts.revisionSummary(revision.action, revision.user, when) }),
        ...(changed.length ? [createElement(doc, 'p', { text: texts.revisionChanged(changed) })] : []),
        ...(state
          ? [createElement(doc, 'p', { className: 'widgetlib-palette__revision-title', text: state.help_title })]
          : []),
        restore,
      ),
    );
  }
  list.querySelector<HTMLElement>('.widgetlib-palette__restore')?.focus();
}
