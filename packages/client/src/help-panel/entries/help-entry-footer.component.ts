import { createElement, type HelpEntry, type HelpPanelTexts } from '../core/index.js';
import type { HelpfulAnswer, HelpUsageReporter } from '../reporting/index.js';

export interface HelpEntryFooterOptions {
  doc: Document;
  texts: HelpPanelTexts;
  /** The entry's deep link (`#help=<id>` on this page). */
  href: string;
  /** Absent or disabled: no "Was this helpful?". */
  usage: HelpUsageReporter | null;
}

function thanks(doc: Document, texts: HelpPanelTexts): HTMLElement {
  return createElement(doc, 'p', { className: 'widgetlib-palette__helpful-thanks', text: texts.helpfulThanks });
}

/**
 * "Was this helpful? Yes / No", asked once per entry and page load: the answer sent, the thanks stay
 * (also when the list is rendered again). A failed send lets the reader answer again.
 */
function buildHelpfulQuestion(entry: HelpEntry, doc: Document, texts: HelpPanelTexts, usage: HelpUsageReporter) {
  const group = createElement(doc, 'div', {
    className: 'widgetlib-palette__helpful',
    attributes: { role: 'group', 'aria-label': `${texts.helpfulQuestion} ${entry.help_title}` },
  });
  const live = createElement(doc, 'div', { attributes: { 'aria-live': 'polite' } });
  group.append(live);
  if (usage.answerOf(entry.id)) {
    live.append(thanks(doc, texts));
    return group;
  }
  const question = createElement(doc, 'span', { text: texts.helpfulQuestion });
  const answerButton = (answer: HelpfulAnswer, text: string) => {
    const button = createElement(doc, 'button', {
      className: `widgetlib-palette__button widgetlib-palette__answer-${answer.replace('_', '-')}`,
      text,
      attributes: { type: 'button' },
    });
    button.addEventListener('click', async () => {
      for (const each of buttons) each.disabled = true;
      const outcome = await usage.answer(entry.id, answer);
      if (outcome === 'recorded') {
        controls.remove();
        live.append(thanks(doc, texts));
      } else {
        for (const each of buttons) each.disabled = false;
      }
    });
    return button;
  };
  const buttons = [answerButton('helpful', texts.helpfulYes), answerButton('not_helpful', texts.helpfulNo)];
  const controls = createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__helpful-controls' },
    question,
    ...buttons,
  );
  group.prepend(controls);
  return group;
}

/** What a reader gets under an entry: its link, and "Was this helpful?" while usage is recorded. */
export function buildHelpEntryFooter(entry: HelpEntry, options: HelpEntryFooterOptions): HTMLElement {
  const { doc, texts, href, usage } = options;
  const link = createElement(doc, 'a', {
    className: 'widgetlib-palette__entry-link',
    text: texts.entryLink,
    attributes: { href, 'aria-label': texts.entryLinkLabel(entry.help_title) },
  });
  const footer = createElement(doc, 'div', { className: 'widgetlib-palette__entry-footer' }, link);
  if (usage?.enabled) footer.append(buildHelpfulQuestion(entry, doc, texts, usage));
  return footer;
}
