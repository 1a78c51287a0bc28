/**
 * Every word the tables, their filter row and the render functions show. A host changes them for all
 * tables with `setDataTableTexts()`, or for one table with the `texts` option of `createDataTable`.
 * DataTables' own words (search box, paging, "Showing x of y") come from its `language` option, which
 * the language's catalogue fills (README, Languages).
 */
export interface DataTableTexts {
  /** `yesnoprint` / `objShowBool` and the boolean filter. */
  yes: string;
  no: string;
  /** Marks before the Yes and No words (hidden from screen readers). */
  yesMark: string;
  noMark: string;
  /** Shown for a missing value (null, undefined, empty string). */
  empty: string;
  /** Labels of the `showlink` and `downloadlink` buttons. */
  show: string;
  download: string;
  /** Accessible name of each filter widget: `<filterLabel> <column title>`. */
  filterLabel: string;
  /** Placeholders of the filter widgets. */
  textPlaceholder: string;
  numberPlaceholder: string;
  dateFrom: string;
  dateTo: string;
  /** The first, empty option of the boolean and select filters. */
  anyOption: string;
  remotePlaceholder: string;
  remoteNoResults: string;
  /** Title of a date filter input whose text is not a date; `{format}` is replaced by the format. */
  invalidDate: string;
  /** The button that empties every filter. */
  clearFilters: string;
  /**
   * Before the chips of the conditions the filter row cannot show (several values selected in a
   * pane, a ColumnControl search, a SearchBuilder tree): one, or `{count}` of them.
   */
  moreFilter: string;
  moreFilters: string;
  /** Accessible name of a chip's button, which clears its condition; `{condition}` is replaced. */
  clearCondition: string;
  /** A condition on values of a column: `{column}` and `{values}` are replaced (`Format is CD or Vinyl`). */
  conditionIs: string;
  /** A column search no filter row control shows: `{column}` and `{value}` are replaced. */
  conditionSearch: string;
  /** Between values or conditions. */
  conditionOr: string;
  conditionAnd: string;
  /** Words of ColumnControl's search logics and SearchBuilder's conditions, by their names. */
  conditionWords: Readonly<Record<string, string>>;
  /** Opens the filters of the columns Responsive collapsed into child rows; `{count}` is their number. */
  collapsedFilters: string;
  /** Accessible name of the container a table scrolls sideways in (overflow `scroll`). */
  scrollRegion: string;
  /** Accessible name of a SearchPanes pane's scrolling list of options; `{pane}` is the pane's title. */
  searchPaneOptions: string;
  /** Accessible names of a SearchBuilder condition's column, condition and value controls. */
  searchBuilderColumn: string;
  searchBuilderCondition: string;
  searchBuilderValue: string;
  /** The second value of a condition that takes two (`between`). */
  searchBuilderSecondValue: string;
  /** Accessible names of a ColumnControl search's logic and value; `{column}` is the column's title. */
  columnSearchCondition: string;
  columnSearchValue: string;
  /** Shown in the table before the server's message when a request fails. */
  loadError: string;
  /** Shown when the server cannot be reached or answers with something that is not the envelope. */
  unreachable: string;
  /** A part of the table kept in a file of its own (widgetlib.<part>.min.js) could not be loaded. */
  partUnavailable: string;
  /**
   * The table's information line when a count is not exact (the server's `capped` or `estimated`
   * counts); `{start}`, `{end}`, `{total}` and `{max}` are replaced. Exact counts keep DataTables'
   * own line (its `language.info`).
   */
  countedInfo: string;
  /** Added to `countedInfo` when filters or a search narrow the rows. */
  countedInfoFiltered: string;
  /** A count the server capped: more rows match than `{count}`. */
  moreThanCount: string;
  /** A count the server estimated. */
  aboutCount: string;
  /** The saved-views control (`savedViews`): its title, name field, buttons and the share toggle. */
  savedViews: string;
  viewName: string;
  saveView: string;
  shareView: string;
  deleteView: string;
  viewLink: string;
  /** After the name of a view another user shares; `{owner}` is replaced. */
  sharedBy: string;
  /** Beside the view the table shows (until its state is changed away from the view). */
  currentView: string;
  /** A name the user already gave another view of the table; `{name}` is replaced. */
  viewNameTaken: string;
  /** The view of the page's link does not exist or is not shared with the user. */
  viewLinkUnavailable: string;
  /** The view of the page's link could not be loaded; `{error}` is the reason. */
  viewLinkFailed: string;
  /** The question before a view is deleted; `{name}` is replaced. */
  confirmDeleteView: string;
  /** The button that keeps the view after all. */
  cancelDeleteView: string;
  /** Announced once a view is deleted; `{name}` is replaced. */
  viewDeleted: string;
  /** Before the server's reason when a change of the saved views failed. */
  savedViewsError: string;
  /** Copies the link of a view to the clipboard; then `viewLinkCopied` is announced (`{name}` replaced). */
  copyViewLink: string;
  viewLinkCopied: string;
  /** Accessible name of a column's ColumnControl menu button; `{column}` is the column's title. */
  columnMenu: string;
  /**
   * Announced (a polite live region) after the user changes the table: how many rows match, in
   * `rowsWord` / `rowWord` ("572 albums match"), and the page ("Page 3 of 58"; `announcePageOnly` when
   * the number of pages is not known exactly).
   */
  rowsWord: string;
  rowWord: string;
  announceMatches: string;
  announceMatchesOne: string;
  announceNoMatches: string;
  announcePage: string;
  announcePageOnly: string;
  /** Announced when a live table redraws for a change someone else made (`live: true`). */
  liveUpdated: string;
  /** Accessible name of the bar of `bulkActions` above the table. */
  bulkGroup: string;
  /** The button that selects every row matching the table's request; `{count}` is their number. */
  bulkSelectAll: string;
  /** Announced when they are selected. */
  bulkSelected: string;
  /** Announced while an action runs. */
  bulkWorking: string;
  /** Announced after an action that names no `done` text; `{count}` is the number of rows selected. */
  bulkDone: string;
  /** Announced before the server's message when an action fails. */
  bulkFailed: string;
  /** Announced while rows are picked one by one (the `selectRow` column); `{count}` is their number. */
  bulkPicked: string;
  /** Accessible name of a row's checkbox in the `selectRow` column. */
  selectRow: string;
  /** Described on each cell the user may edit in place (`editable`). */
  inlineEditHint: string;
  /**
   * Accessible name of a cell the user may edit in place: `{column}` is the column's title, `{value}`
   * what the cell shows (`inlineEmpty` when nothing).
   */
  inlineCell: string;
  /** Accessible name of a cell's editor; `{column}` is the column's title. */
  inlineEditor: string;
  /** Announced while a cell's change is being saved. */
  inlineSaving: string;
  /** Announced once a cell's change is saved; `{column}` is the column's title. */
  inlineSaved: string;
  /** Announced when an edit is cancelled (Escape). */
  inlineCancelled: string;
  /** Before the server's words when a cell's change was refused or failed. */
  inlineFailed: string;
  /** Someone else changed the row meanwhile (412): what the user is asked to choose. */
  inlineConflict: string;
  /** The value saved now, and the user's own (`{value}` is replaced). */
  inlineTheirs: string;
  inlineMine: string;
  /** The conflict's buttons: save one's own value over theirs, or keep theirs. */
  inlineKeepMine: string;
  inlineTakeTheirs: string;
  /** An empty value in the conflict view. */
  inlineEmpty: string;
  /** A write the server refused with 403: the user may not do it. */
  forbidden: string;
  /** A write the server refused with 401: the user is no longer signed in. */
  signedOut: string;
  /** Labels of the export buttons (`exportButtons`, `{ extend: 'widgetlibCsv' }`). */
  exportCsv: string;
  exportXlsx: string;
  /** Shown before the server's message when an export fails. */
  exportError: string;
  /** In the footer's first cell when that column shows no total (`footer` on a column). */
  totals: string;
  /**
   * A RowGroup end row filled from the server's subtotals (`rowGroup`): `{group}` is the group,
   * `{count}` its rows among the filtered ones; each column's total follows in its cell.
   */
  groupTotals: string;
  /** In a RowGroup end row's first cell without a total: the group's subtotal, unlike the footer's `totals`. */
  subtotal: string;
  /** The toggle of a resource table's Trash view (`trash`), pressed while the deleted rows are shown. */
  trash: string;
  /** Accessible name of the Trash view. */
  trashRegion: string;
  /** What the Trash view's table says when no deleted row is there. */
  trashEmpty: string;
  /** The title of the Trash view's column of buttons. */
  trashActions: string;
  /** A row's buttons in the Trash view. */
  trashRestore: string;
  trashPurge: string;
  /** The question before a row is deleted for good. */
  trashPurgeConfirm: string;
  /** Announced after a restore and after a purge. */
  trashRestored: string;
  trashPurged: string;
  /** Announced before the reason when a restore or a purge fails. */
  trashFailed: string;
  /** The accessible name of the pages of a record's history (`openRecordHistory`). */
  history: string;
  /** The heading of the history dialog; `{record}` names the record. */
  historyOf: string;
  historyClose: string;
  historyLoading: string;
  historyEmpty: string;
  historyFailed: string;
  /** What a revision did, in its heading (`historyBy`'s `{action}`). */
  historyCreate: string;
  historyUpdate: string;
  historyDelete: string;
  historyRestore: string;
  /** A revision's heading: `{action}`, `{user}` (or `historySomeone`), `{when}`. */
  historyBy: string;
  historySomeone: string;
  /** The headers of a revision's table of changes. */
  historyField: string;
  historyBefore: string;
  historyAfter: string;
  /** A to-many field's keys added and removed; `{keys}` lists them. */
  historyAdded: string;
  historyRemoved: string;
  /** A secret field, and a value too long to keep, changed without their values. */
  historySecret: string;
  historyTooLong: string;
  /** The Restore button of an earlier revision. */
  historyRestoreButton: string;
  historyRestored: string;
  historyRestoreFailed: string;
  /** The buttons between the pages of a long history, and the page shown. */
  historyNewer: string;
  historyOlder: string;
  historyPage: string;
}
