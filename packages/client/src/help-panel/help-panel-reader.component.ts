import type { HelpApiClient, HelpEntry, HelpPanelConfig, HelpPanelTexts } from './core/index.js';
import { fieldsWithoutHelp } from './fields/index.js';
import { helpDeepLinkUrl, readHelpDeepLink } from './help-deep-link.format.js';
import { buildHelpEntryFooter } from './entries/index.js';
import { MissingHelpRequest } from './missing-help-request.component.js';
import { HelpUsageReporter } from './reporting/index.js';

export interface HelpPanelReaderOptions {
  doc: Document;
  texts: HelpPanelTexts;
  idPrefix: string;
  config: HelpPanelConfig;
  api: HelpApiClient;
  /** The panel element (its "Was this helpful?" questions go when usage turns out not recorded). */
  panel: HTMLElement;
  /** The entry list: the request for missing help goes after it. */
  list: HTMLElement;
  fieldRoot: ParentNode;
  /** Opens the panel on the first listed entry that `matches`, else with `notFound` as its status. */
  showListed(matches: (entry: HelpEntry) => boolean, notFound: string): void;
  /** Opens the panel with `notice` as its status. */
  openWithNotice(notice: string): void;
}

/**
 * What the panel does for readers besides listing: deep links to entries, each entry's link and
 * "Was this helpful?", the request for help on fields without any, and the usage reports of all that.
 */
export class HelpPanelReader {
  readonly usage: HelpUsageReporter;
  private readonly ask: MissingHelpRequest;

  constructor(private readonly options: HelpPanelReaderOptions) {
    const { doc, texts, idPrefix, config, api } = options;
    this.usage = new HelpUsageReporter(
      config.id_view,
      (event) => api.reportUsage(event),
      () => this.stopUsage(),
      config.usage !== false,
    );
    this.ask = new MissingHelpRequest({
      doc,
      texts,
      idPrefix,
      request: (questionName) => this.usage.missing(questionName),
      hasRequested: (questionName) => this.usage.hasRequested(questionName),
    });
    if (config.permissions.view && this.usage.enabled) options.list.after(this.ask.element);
    else this.ask.disable();
  }

  /** What goes under an entry: its link, and "Was this helpful?" while usage is recorded. */
  footer(entry: HelpEntry): HTMLElement {
    const { doc, texts } = this.options;
    const href = helpDeepLinkUrl(doc.location.href, entry.id);
    return buildHelpEntryFooter(entry, { doc, texts, href, usage: this.usage });
  }

  /** After each load: the request for missing help offers the fields that still have none. */
  syncFields(entries: readonly HelpEntry[]): void {
    this.ask.update(fieldsWithoutHelp(this.options.fieldRoot, entries));
  }

  /** `#help=<id>` or `?help=<id>`: the panel opens on that entry, or with a notice when it cannot. */
  followDeepLink(location: Pick<Location, 'hash' | 'search'>): void {
    const { texts } = this.options;
    const link = readHelpDeepLink(location);
    if (link.kind === 'entry') {
      this.options.showListed((entry) => entry.id === link.id, texts.deepLinkUnknown(link.id));
    } else if (link.kind === 'invalid') {
      this.options.openWithNotice(texts.deepLinkInvalid);
    }
  }

  /** The host does not record usage: no more reports, no "Was this helpful?", no requests for help. */
  private stopUsage(): void {
    for (const question of this.options.panel.querySelectorAll('.widgetlib-palette__helpful')) question.remove();
    this.ask.disable();
  }
}
