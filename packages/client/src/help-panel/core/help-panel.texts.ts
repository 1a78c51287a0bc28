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

export const DEFAULT_HELP_PANEL_TEXTS: HelpPanelTexts = {
  title: 'Help',
  close: 'Close help',
  move: 'Move help panel',
  resize: 'Resize help panel',
  keyboardHint: 'Use the arrow keys; hold Shift for larger steps.',
  searchLabel: 'Search help',
  searchPlaceholder: 'Search help…',
  entriesLabel: 'Help entries',
  add: 'Add help',
  edit: 'Edit',
  editEntry: (title) => `Edit help “${title}”`,
  delete: 'Delete',
  deleteEntry: (title) => `Delete help “${title}”`,
  confirmDelete: (title) => `Delete “${title}”?`,
  confirmDeleteYes: 'Yes, delete',
  cancel: 'Cancel',
  save: 'Save',
  addFormTitle: 'New help entry',
  editFormTitle: (title) => `Edit “${title}”`,
  fieldLabel: 'Field',
  fieldHasHelp: (label) => `${label} (has help)`,
  titleLabel: 'Title',
  languageLabel: 'Language',
  everyLanguage: 'Every language',
  entryLanguage: (name) => `In ${name}`,
  textLabel: 'Text',
  editorLoading: 'Loading the editor…',
  editorUnavailable: 'The editor could not be loaded; the text is edited as HTML.',
  editorToolbar: 'Formatting',
  editorBold: 'Bold',
  editorItalic: 'Italic',
  editorHeading: (level) => `Heading ${level}`,
  editorBulletList: 'Bulleted list',
  editorOrderedList: 'Numbered list',
  editorCode: 'Code',
  editorCodeBlock: 'Code block',
  editorLink: 'Link',
  editorImage: 'Image',
  editorTable: 'Insert table',
  editorAddRow: 'Add table row',
  editorAddColumn: 'Add table column',
  editorDeleteTable: 'Delete table',
  editorSource: 'HTML source',
  editorUrl: 'Address (URL)',
  editorImageAlt: 'Description (alternative text)',
  editorInsert: 'Insert',
  editorRemoveLink: 'Remove link',
  editorUrlRequired: 'Enter an address.',
  editorLinkRefused: 'A link must be an http, https or mailto address, or a relative one.',
  editorImageRefused: 'An image must be an http or https address, or a relative one.',
  textTooLong: (max, length) => `The text is too long: its HTML has ${length} characters, at most ${max} are allowed.`,
  noFields: 'This page has no labelled fields to add help for.',
  loading: 'Loading help…',
  empty: 'No help for this page yet.',
  noMatches: 'No entry matches the search.',
  count: (shown, total) =>
    shown === total ? `${total} ${total === 1 ? 'entry' : 'entries'}` : `${shown} of ${total} entries match`,
  fieldHelp: (title) => `Help: ${title}`,
  showingEntry: (title) => `Showing help: ${title}`,
  saved: 'Help saved.',
  deleted: 'Help deleted.',
  conflictMessage: 'Someone else changed this help while you were editing it. Your text is kept in the form.',
  conflictTheirs: 'Saved now',
  conflictMine: 'Yours',
  overwrite: 'Overwrite',
  discardMine: 'Discard mine',
  discarded: 'Your changes were discarded; the saved help is shown.',
  history: 'History',
  historyEntry: (title) => `History of help “${title}”`,
  hideHistory: 'Hide history',
  revisionSummary: (action, user, when) =>
    `${{ create: 'Created', update: 'Changed', delete: 'Deleted', restore: 'Restored' }[action]} by ${user ?? 'someone'}, ${when}`,
  revisionChanged: (fields) => `Changed: ${fields.join(', ')}`,
  restore: 'Restore',
  restoreRevision: (when) => `Restore the version of ${when}`,
  restored: 'Help restored.',
  noRevisions: 'No history recorded.',
  deletedEntries: 'Deleted entries',
  noDeletedEntries: 'No deleted entries on this page.',
  hideDeletedEntries: 'Hide deleted entries',
  restoreDeleted: (title) => `Restore “${title}”`,
  restoreConflict: (title) => `Someone else changed this help (now “${title}”). Restore anyway?`,
  deleteConflict: (title) => `Someone else changed this help (now “${title}”). Delete it anyway?`,
  authoringMode: 'Authoring mode',
  addFieldHelp: (label) => `Add help for “${label}”`,
  deepLinkUnknown: (id) => `Help entry ${id} is not available on this page.`,
  deepLinkInvalid: 'The help link of this address is not valid.',
  entryLink: 'Link',
  entryLinkLabel: (title) => `Link to help “${title}”`,
  helpfulQuestion: 'Was this helpful?',
  helpfulYes: 'Yes',
  helpfulNo: 'No',
  helpfulThanks: 'Thanks for your feedback.',
  askHeading: 'No help for a field yet?',
  askFieldLabel: 'Help missing for',
  ask: 'Ask for help',
  askThanks: (label) => `Thanks: the authors will see that “${label}” needs help.`,
  noPermission: 'You may not view help.',
  requestFailed: (status) => `The request failed (HTTP ${status}).`,
  forbidden: 'You do not have permission to do this.',
  signedOut: 'You are no longer signed in: sign in again, then retry.',
  networkError: 'The server could not be reached.',
  partUnavailable: 'Part of the help panel could not be loaded; reload the page to try again.',
  unexpectedResponse: 'The server sent an unexpected answer.',
};

export function resolveHelpPanelTexts(texts: Partial<HelpPanelTexts> = {}): HelpPanelTexts {
  const defined = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_HELP_PANEL_TEXTS, ...defined };
}
