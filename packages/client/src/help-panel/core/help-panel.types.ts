import type { HelpPanelTexts } from './help-panel.texts.js';
import type { CsrfOptions } from '../../http/index.js';

/** One help entry as the help API returns it. `help_text` is HTML, `help_title` plain text. */
export interface HelpEntry {
  id: number;
  id_view: string;
  question_name: string;
  help_title: string;
  help_text: string;
  /** BCP 47 tag of the entry's language; `null`: the entry is for every language. */
  language?: string | null;
  /** The entry's version; writes send it as `If-Match` so that a change made in between is not lost. */
  version?: number;
}

/** An entry's fields at one moment, as a revision keeps them. */
export type HelpRevisionState = Pick<HelpEntry, 'id_view' | 'question_name' | 'help_title' | 'help_text'> & {
  language: string | null;
  version: number;
};

/** One write of an entry, as `GET /help/{id}/revisions/` lists them (newest first). */
export interface HelpRevision {
  id: number;
  help_id: number;
  action: 'create' | 'update' | 'delete' | 'restore';
  /** Who wrote; `null` when the host does not know. */
  user: string | null;
  /** ISO date and time. */
  created_at: string;
  before: HelpRevisionState | null;
  after: HelpRevisionState | null;
}

/** One reader event as `POST /help/usage/` takes it: about an entry, or about a field of a view. */
export type HelpUsageEvent =
  | { event: 'opened' | 'helpful' | 'not_helpful'; help_id: number }
  | { event: 'asked' | 'missing'; id_view: string; question_name: string };

/** The panel actions the current user may take; the API enforces its own permissions regardless. */
export interface HelpPanelPermissions {
  view: boolean;
  add: boolean;
  change: boolean;
  delete: boolean;
}

/** The configuration the server renders as JSON next to the panel (DESIGN.md 2.3). */
export interface HelpPanelConfig {
  id_view: string;
  help_url: string;
  permissions: HelpPanelPermissions;
  /**
   * Whether the host records readers' use of help (`helpUsage`). `false`: the panel reports nothing
   * and asks nothing; absent (a host's own configuration): it reports until the server answers 404.
   */
  usage?: boolean;
}

/** A labelled field of a page: its name and its label's text, which help coverage shows admins. */
export interface ReportedHelpField {
  name: string;
  label: string;
}

/** The body of `POST /help/coverage/fields/`: the labelled fields of a page of a view. */
export interface HelpFieldsReport {
  id_view: string;
  fields: ReportedHelpField[];
}

/** What a host may set when it starts panels itself or through `initHelpPanels`. */
export interface HelpPanelSettings {
  /** Every visible and announced word of the panel, over the language's catalogue. */
  texts?: Partial<HelpPanelTexts>;
  /**
   * The language of the panel's words (a BCP 47 tag added with `addLanguage`; English is built in).
   * Default: the page's `<html lang>`.
   */
  lang?: string;
  csrf?: CsrfOptions;
  /** Where labels get question-mark icons and where the add form finds fields; default `document`. */
  fieldRoot?: ParentNode;
  /** CSS classes of the question-mark icon (for example `fa fa-question-circle`); default a styled `?`. */
  fieldIconClass?: string;
  /** Where position and size are remembered; `null` remembers nothing. Default `localStorage`. */
  storage?: Storage | null;
  /** Key of the remembered position and size; default `widgetlib:help-panel:<help_url>`. */
  storageKey?: string;
  /**
   * BCP 47 tags an author may pick in the add and edit forms, besides "Every language". Default: the
   * page's `<html lang>` followed by the languages of the listed entries.
   */
  languages?: readonly string[];
  /**
   * Tell the server the page's labelled fields (`POST <help_url>coverage/fields/`), once per set of
   * fields and browser session, so that its help coverage lists the fields without help. Default true.
   */
  reportFields?: boolean;
  /**
   * `<script>` bundles only: the address of widgetlib.editor.min.js, the rich-text editor loaded when a
   * form opens. Default: the same folder as the bundle's own script.
   */
  editorUrl?: string;
}

export interface HelpPanelOptions extends HelpPanelSettings {
  config: HelpPanelConfig;
  /** The panel element; created and appended to `document.body` when absent. */
  panel?: HTMLElement;
  /** The button that opens and closes the panel (the footer icon). */
  toggle?: HTMLElement | null;
}
