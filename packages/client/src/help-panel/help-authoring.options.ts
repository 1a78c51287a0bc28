import type { HelpApiClient, HelpPanelConfig, HelpPanelTexts } from './core/index.js';
import type { HelpEntryList } from './entries/index.js';
import type { HelpAuthoringOptions } from './help-authoring.component.js';
import type { HelpPanelElements } from './help-panel-elements.component.js';

/** What a panel lends its authoring parts. */
export interface HelpAuthoringHost {
  doc: Document;
  texts: HelpPanelTexts;
  idPrefix: string;
  config: HelpPanelConfig;
  api: HelpApiClient;
  fieldRoot: ParentNode;
  list: HelpEntryList;
  parts: HelpPanelElements;
  editorUrl: string | undefined;
  readerLanguage(): string;
  formLanguages(): { languages: string[]; languageName: (tag: string) => string };
  /** Reloads the list and shows the written entry (or focuses the search) with `message`. */
  afterWrite(focusId: number | null, message: string): Promise<void>;
  /** Authoring mode's "+": the add form with the field chosen. */
  addHelpFor(questionName: string, button: HTMLButtonElement): void;
}

/** The options of a panel's authoring parts: its writes, and authoring mode and deleted entries when it shows their toggles. */
export function helpAuthoringOptions(host: HelpAuthoringHost): HelpAuthoringOptions {
  const { doc, texts, idPrefix, config, api, fieldRoot, list, parts } = host;
  const { authoringToggle, deletedToggle, deletedSlot } = parts;
  return {
    writes: {
      doc,
      texts,
      idPrefix,
      idView: config.id_view,
      api,
      fieldRoot,
      list,
      formSlot: parts.formSlot,
      search: parts.search,
      locale: () => host.readerLanguage(),
      formLanguages: () => host.formLanguages(),
      editorUrl: host.editorUrl,
      afterWrite: (focusId, message) => host.afterWrite(focusId, message),
    },
    authoring: authoringToggle
      ? {
          texts,
          toggle: authoringToggle,
          fieldRoot,
          entries: () => (list.isLoaded ? list.entries : null),
          addFor: (field, button) => host.addHelpFor(field.questionName, button),
        }
      : null,
    deleted: deletedToggle
      ? {
          texts,
          idPrefix,
          toggle: deletedToggle,
          slot: deletedSlot,
          locale: () => host.readerLanguage(),
          load: () => api.deleted(config.id_view),
          restore: async (deletion) => {
            await api.restore(deletion.help_id, deletion.id);
            await host.afterWrite(deletion.help_id, texts.restored);
          },
        }
      : null,
  };
}
