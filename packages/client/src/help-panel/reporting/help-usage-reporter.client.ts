import { isHelpApiError, type HelpUsageEvent } from '../core/index.js';

/** How a report ended: stored, refused because recording is off (404), or failed otherwise. */
export type HelpUsageOutcome = 'recorded' | 'disabled' | 'failed';

export type HelpfulAnswer = 'helpful' | 'not_helpful';

/**
 * Sends what a reader does to `POST /help/usage/`, each event at once (nothing is held back to be lost
 * when the page goes). The first 404 (the host did not enable `helpUsage`) stops every further report
 * of the page (for configurations that do not say whether usage is recorded). Answers to "Was this helpful?" and requests for missing help count once per page load.
 */
export class HelpUsageReporter {
  private disabled: boolean;
  private readonly answers = new Map<number, HelpfulAnswer>();
  private readonly requested = new Set<string>();

  constructor(
    private readonly idView: string,
    private readonly send: (event: HelpUsageEvent) => Promise<void>,
    private readonly onDisabled: () => void,
    /** `false` when the host says it records nothing: nothing is ever sent. */
    recording = true,
  ) {
    this.disabled = !recording;
  }

  get enabled(): boolean {
    return !this.disabled;
  }

  opened(helpId: number): Promise<HelpUsageOutcome> {
    return this.report({ event: 'opened', help_id: helpId });
  }

  /** A field's "?" was clicked. */
  asked(questionName: string): Promise<HelpUsageOutcome> {
    return this.report({ event: 'asked', id_view: this.idView, question_name: questionName });
  }

  /** The reader asked for help on a field that has none; a field already asked for is not sent again. */
  async missing(questionName: string): Promise<HelpUsageOutcome> {
    if (this.requested.has(questionName)) return 'recorded';
    const outcome = await this.report({ event: 'missing', id_view: this.idView, question_name: questionName });
    if (outcome === 'recorded') this.requested.add(questionName);
    return outcome;
  }

  hasRequested(questionName: string): boolean {
    return this.requested.has(questionName);
  }

  /** The reader's answer to "Was this helpful?"; an entry already answered is not sent again. */
  async answer(helpId: number, answer: HelpfulAnswer): Promise<HelpUsageOutcome> {
    if (this.answers.has(helpId)) return 'recorded';
    const outcome = await this.report({ event: answer, help_id: helpId });
    if (outcome === 'recorded') this.answers.set(helpId, answer);
    return outcome;
  }

  answerOf(helpId: number): HelpfulAnswer | undefined {
    return this.answers.get(helpId);
  }

  private async report(event: HelpUsageEvent): Promise<HelpUsageOutcome> {
    if (this.disabled) return 'disabled';
    try {
      await this.send(event);
      return 'recorded';
    } catch (error) {
      if (!isHelpApiError(error) || error.status !== 404) return 'failed';
      if (!this.disabled) {
        this.disabled = true;
        this.onDisabled();
      }
      return 'disabled';
    }
  }
}
