import { createElement, type HelpPanelTexts } from './core/index.js';
import type { LabelledField } from './fields/index.js';
import type { HelpUsageOutcome } from './reporting/index.js';

export interface MissingHelpRequestOptions {
  doc: Document;
  texts: HelpPanelTexts;
  idPrefix: string;
  /** Sends the request (a `missing` event); `hasRequested` fields are not offered again. */
  request(questionName: string): Promise<HelpUsageOutcome>;
  hasRequested(questionName: string): boolean;
}

/**
 * The reader's "?" for fields without help: pick the field, "Ask for help". Shown only while usage is
 * recorded and the page has fields without help that were not asked for yet.
 */
export class MissingHelpRequest {
  readonly element: HTMLFormElement;
  private readonly select: HTMLSelectElement;
  private readonly button: HTMLButtonElement;
  private readonly live: HTMLElement;
  private fields: readonly LabelledField[] = [];

  constructor(private readonly options: MissingHelpRequestOptions) {
    const { doc, texts, idPrefix } = options;
    const headingId = `${idPrefix}-ask-heading`;
    this.select = createElement(doc, 'select', {
      className: 'widgetlib-palette__control',
      attributes: { id: `${idPrefix}-ask-field`, name: 'question_name' },
    });
    this.button = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__ask',
      text: texts.ask,
      attributes: { type: 'submit' },
    });
    this.live = createElement(doc, 'p', { className: 'widgetlib-palette__ask-thanks', attributes: { role: 'status' } });
    this.element = createElement(
      doc,
      'form',
      { className: 'widgetlib-palette__ask-form', attributes: { 'aria-labelledby': headingId } },
      createElement(doc, 'h3', { text: texts.askHeading, attributes: { id: headingId } }),
      createElement(doc, 'label', { text: texts.askFieldLabel, attributes: { for: this.select.id } }),
      this.select,
      this.button,
      this.live,
    );
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.ask();
    });
    this.update([]);
  }

  /** Offers the fields without help of the page (called after each load of the entries). */
  update(fieldsWithoutHelp: readonly LabelledField[]): void {
    this.fields = fieldsWithoutHelp;
    const previous = this.select.value;
    const seen = new Set<string>();
    const options: HTMLOptionElement[] = [];
    for (const field of fieldsWithoutHelp) {
      if (seen.has(field.questionName) || this.options.hasRequested(field.questionName)) continue;
      seen.add(field.questionName);
      options.push(
        createElement(this.options.doc, 'option', { text: field.labelText, attributes: { value: field.questionName } }),
      );
    }
    this.select.replaceChildren(...options);
    if (options.some((option) => option.value === previous)) this.select.value = previous;
    this.element.hidden = options.length === 0 && !this.live.textContent;
    this.select.disabled = this.button.disabled = options.length === 0;
  }

  /** Usage is not recorded on this host: gone from the panel for good. */
  disable(): void {
    this.element.remove();
  }

  private async ask(): Promise<void> {
    const questionName = this.select.value;
    const field = this.fields.find((each) => each.questionName === questionName);
    if (!field) return;
    this.button.disabled = true;
    const outcome = await this.options.request(questionName);
    this.button.disabled = false;
    if (outcome !== 'recorded') return;
    this.live.textContent = this.options.texts.askThanks(field.labelText);
    this.update(this.fields);
  }
}
