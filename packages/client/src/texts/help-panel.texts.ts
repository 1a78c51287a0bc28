/** Every word the help panel shows or announces; hosts replace any of them (translations, tone). */
export interface HelpPanelTexts {
  title: string;
  close: string;
  move: string;
  resize: string;
  /** Read after the move and resize controls' names. */
  keyboardHint: string;
  searchLabel: string;
  searchPlaceholder: string;
  entriesLabel: string;
  add: string;
  edit: string;
  editEntry: (title: string) => string;
  delete: string;
  deleteEntry: (title: string) => string;
  confirmDelete: (title: string) => string;
  confirmDeleteYes: string;
  cancel: string;
  save: string;
  addFormTitle: string;
  editFormTitle: (title: string) => string;
  fieldLabel: string;
  fieldHasHelp: (label: string) => string;
  titleLabel: string;
  languageLabel: string;
  everyLanguage: string;
  /** Shown on an entry not in the reader's language; `name` is the language's name and tag. */
  entryLanguage: (name: string) => string;
  textLabel: string;
  /** Status next to the text field while the rich-text editor loads. */
  editorLoading: string;
  /** Status when the editor could not be loaded: the field stays a plain HTML text area. */
  editorUnavailable: string;
  editorToolbar: string;
  editorBold: string;
  editorItalic: string;
  editorHeading: (level: number) => string;
  editorBulletList: string;
  editorOrderedList: string;
  editorCode: string;
  editorCodeBlock: string;
  editorLink: string;
  editorImage: string;
  editorTable: string;
  editorAddRow: string;
  editorAddColumn: string;
  editorDeleteTable: string;
  /** The toggle between the editor and the HTML it stores. */
  editorSource: string;
  editorUrl: string;
  editorImageAlt: string;
  editorInsert: string;
  editorRemoveLink: string;
  editorUrlRequired: string;
  editorLinkRefused: string;
  editorImageRefused: string;
  /** The text's HTML is longer than the server accepts. */
  textTooLong: (max: number, length: number) => string;
  noFields: string;
  loading: string;
  empty: string;
  noMatches: string;
  count: (shown: number, total: number) => string;
  fieldHelp: (title: string) => string;
  showingEntry: (title: string) => string;
  saved: string;
  deleted: string;
  /** Announced when a save finds the entry changed by someone else since the form opened. */
  conflictMessage: string;
  conflictTheirs: string;
  conflictMine: string;
  overwrite: string;
  discardMine: string;
  discarded: string;
  history: string;
  historyEntry: (title: string) => string;
  hideHistory: string;
  /** One revision: what was done, by whom (`null`: unknown), when (formatted for the reader). */
  revisionSummary: (action: 'create' | 'update' | 'delete' | 'restore', user: string | null, when: string) => string;
  /** The fields a revision changed, by their labels. */
  revisionChanged: (fields: string[]) => string;
  restore: string;
  restoreRevision: (when: string) => string;
  restored: string;
  noRevisions: string;
  /** The toggle of the list of the view's deleted entries (add permission). */
  deletedEntries: string;
  noDeletedEntries: string;
  hideDeletedEntries: string;
  /** Accessible name of a deleted entry's Restore button. */
  restoreDeleted: (title: string) => string;
  /** Shown when a restore finds the entry changed since it was listed; restoring again restores over it. */
  restoreConflict: (title: string) => string;
  /** Shown when a delete finds the entry changed since it was listed; confirming again deletes it. */
  deleteConflict: (title: string) => string;
  /** The toggle (`aria-pressed`) that puts "+" after the labels of fields without help. */
  authoringMode: string;
  /** The name of a field's "+" in authoring mode. */
  addFieldHelp: (label: string) => string;
  /** Shown when the page's address names an entry the panel does not list. */
  deepLinkUnknown: (id: number) => string;
  /** Shown when the page's address names no entry (`#help=abc`). */
  deepLinkInvalid: string;
  /** The link to an entry (its deep link). */
  entryLink: string;
  entryLinkLabel: (title: string) => string;
  helpfulQuestion: string;
  helpfulYes: string;
  helpfulNo: string;
  helpfulThanks: string;
  /** The reader's request for help on a field without any. */
  askHeading: string;
  askFieldLabel: string;
  ask: string;
  askThanks: (label: string) => string;
  noPermission: string;
  requestFailed: (status: number) => string;
  /** A write the server refused with 403: the user may not do it. */
  forbidden: string;
  /** A write the server refused with 401: the user is no longer signed in. */
  signedOut: string;
  networkError: string;
  unexpectedResponse: string;
  /** A part of the panel kept in a file of its own (widgetlib.<part>.min.js) could not be loaded. */
  partUnavailable: string;
}
