import type { Config } from 'datatables.net';
import type { DataTableFilterHook } from './transport/index.js';
import type { DataTableTransportOptions, FormatDataTableParams, WidgetLibColumn } from './core/index.js';
import type { DataTableTexts } from '../texts/index.js';
import type { TableOverflow } from './overflow/index.js';
import type { SavedViewsOptions } from './saved-views/index.js';
import type { DataTableBulkAction } from './bulk/index.js';
import type { DataTableTrashOptions } from './trash/index.js';
import type { InlineEditable } from './inline-editing/index.js';

// A DataTables event handler; `filter` is the request hook instead (spec 6).
type TableEventHandler = (...args: never[]) => unknown;

/** `events`: `filter` changes each request's parameters; every other key is a DataTables event bound with `on()`. */
export interface DataTableEvents {
  filter?: DataTableFilterHook;
  [event: string]: TableEventHandler | undefined;
}

/**
 * DataTables options plus widgetlib's: column configuration (spec 2.5), events, texts, request
 * translation, and how requests travel (`method`, `postUrl`, `maxGetUrlLength`, `csrf`).
 */
export interface WidgetLibTableOptions extends Omit<Config, 'columns'>, DataTableTransportOptions {
  columns?: WidgetLibColumn[];
  events?: DataTableEvents;
  /** Words of this table (filter row, error row) over those of `setDataTableTexts()`. */
  texts?: Partial<DataTableTexts>;
  /**
   * The language of the table's words and of DataTables' own (a BCP 47 tag added with `addLanguage`;
   * English is built in). Default: the page's `<html lang>`. DataTables' `language` option, when
   * given, is merged over the language's.
   */
  lang?: string;
  /** The request translation (default `formatDataTableParams`). */
  formatDataTableParams?: FormatDataTableParams;
  /**
   * How the table keeps every column reachable when it is wider than its place: `'responsive'`
   * (columns that do not fit go to a child row, their filters under "More filters"; needs
   * DataTables' Responsive extension) or `'scroll'` (the table scrolls sideways in a container of
   * its own). Default: `'responsive'` when the Responsive extension is loaded and the DataTables
   * option `responsive` is not `false`, else `'scroll'`.
   */
  overflow?: TableOverflow;
  /**
   * Views of the table saved on the server for each user (`@DataTable({ id, entity })` there):
   * `{ url: '/saved-views/<id>/' }`. The table's state is kept per user (`stateSave`), or with
   * DataTables' StateRestore and the `stateRestore` option, its states; a control saves, loads,
   * shares and deletes named views; `#view=<id>` in the page's address opens a view.
   */
  savedViews?: SavedViewsOptions;
  /**
   * Actions on every row matching the table's request, not only the page, or on rows picked one
   * by one (a `selectRow` column): a bar above the table with "Select all N matching rows" and a
   * button per action, which POSTs the request (with the CSRF token of `csrf`) to the action's
   * `url`, announces the answer and redraws the table. When the list answer carries `permissions`,
   * an action with a `permission` is shown only when granted, and the bar and the checkboxes only
   * while an action is.
   */
  bulkActions?: DataTableBulkAction[];
  /**
   * A Trash view of a `DataTableResource` whose entity has a `@DeleteDateColumn` (`true` or its
   * options): see {@link DataTableTrashOptions}.
   */
  trash?: true | DataTableTrashOptions;
  /**
   * Columns edited in place on a `DataTableResource` table, by their `data` (or `name`): while the
   * list answer's `permissions` grant `update`, their cells open an editor of the column's type
   * (text, number, a checkbox for `boolean`, a select of `choices`, a remote search for a `select2`
   * column with a `url`) by double-click, or Enter or F2 on the focused cell. `{ column, field }`
   * names a column whose field is another (`{ column: 'artist', field: 'artist_id' }`). Enter saves the field with `PATCH <url path>/<row id>/` (CSRF token of
   * `csrf`, `If-Match` of the row's `rowVersion`), Escape cancels, the server's words show beside
   * the cell, a row changed meanwhile (412) offers "Keep mine" and "Take theirs", and the row is
   * drawn again from the answer.
   */
  editable?: readonly InlineEditable[];
  /** The row's member holding its version for `If-Match` (a `@VersionColumn`'s property); default `version`. */
  rowVersion?: string;
  /**
   * Follows the server's change notices (`@DataTable({ id, entity, live: true })`): the page's one
   * stream, named by the list's answer, reloads the current page (keeping it and the selection)
   * when rows of the table change, marks the changed rows briefly and announces the update.
   * Needs widgetlib's own loader (no `ajax` option).
   */
  live?: boolean;
}

/** `createDataTable`'s options: those of {@link WidgetLibTableOptions} and the filter row. */
export interface CreateDataTableOptions extends WidgetLibTableOptions {
  /** Adds the filter row under the headers (the spec's `addfilter` argument). */
  filterRow?: boolean;
}
