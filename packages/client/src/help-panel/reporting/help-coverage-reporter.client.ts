import { HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';
import type { LabelledField } from '../fields/index.js';
import type { HelpApiClient, HelpFieldsReport, HelpPanelConfig, ReportedHelpField } from '../core/index.js';

/** The most field names one report carries (the server refuses a longer list). */
export const MAX_REPORTED_FIELDS = 500;

/**
 * The page's fields as the server takes them: names trimmed, non-empty, within the length limit,
 * sorted, once each (the first label of a name), each with its label's text.
 */
export function reportedFields(fields: readonly LabelledField[]): ReportedHelpField[] {
  const labels = new Map<string, string>();
  for (const { questionName, labelText } of fields) {
    const name = questionName.trim();
    if (name !== '' && name.length <= HELP_QUESTION_NAME_MAX_LENGTH && !labels.has(name)) {
      labels.set(name, labelText.replace(/\s+/g, ' ').trim());
    }
  }
  return [...labels.keys()]
    .sort()
    .slice(0, MAX_REPORTED_FIELDS)
    .map((name) => ({ name, label: labels.get(name)! }));
}

/** `sessionStorage`, or `null` where reading it throws (sandboxed frames, disabled storage). */
function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Tells the server which labelled fields a page of the view has (names and labels), so that its
 * help coverage lists the fields without help by their labels. A set already reported in this browser session (or earlier on
 * this page) is not sent again; a failed report is left for the next page load.
 */
export class HelpCoverageReporter {
  private lastSent: string | null = null;

  constructor(
    private readonly idView: string,
    private readonly send: (report: HelpFieldsReport) => Promise<void>,
    private readonly storage: Storage | null = sessionStore(),
    private readonly storageKey = `widgetlib:help-fields:${idView}`,
  ) {}

  async report(fields: readonly LabelledField[]): Promise<void> {
    const reported = reportedFields(fields);
    if (reported.length === 0) return;
    const key = JSON.stringify(reported);
    if (key === this.lastSent || key === this.remembered()) return;
    this.lastSent = key;
    try {
      await this.send({ id_view: this.idView, fields: reported });
      this.remember(key);
    } catch {
      // Coverage is for the app's admins; a reader's page carries on without it.
      this.lastSent = null;
    }
  }

  private remembered(): string | null {
    try {
      return this.storage?.getItem(this.storageKey) ?? null;
    } catch {
      return null;
    }
  }

  private remember(key: string): void {
    try {
      this.storage?.setItem(this.storageKey, key);
    } catch {
      // Storage full or refused: the next page load reports again, which the server takes as no news.
    }
  }
}

/** The reporter of a panel, remembering per help URL and view what it sent in this tab. */
export function panelCoverageReporter(
  config: Pick<HelpPanelConfig, 'id_view' | 'help_url'>,
  api: Pick<HelpApiClient, 'reportFields'>,
): HelpCoverageReporter {
  return new HelpCoverageReporter(
    config.id_view,
    (report) => api.reportFields(report),
    undefined,
    `widgetlib:help-fields:${config.help_url}:${config.id_view}`,
  );
}
