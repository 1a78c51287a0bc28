import type { CsrfOptions } from '../../http/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import type { RecordHistoryPage } from './history-change.writer.js';

/** What `openRecordHistory` shows and where it asks. */
export interface RecordHistoryOptions {
  /** The record's history: `<resource path>/<id>/history/` (a restore posts under it). */
  url: string;
  /** Names the record in the dialog's heading ("History of {record}"). */
  record: string;
  /**
   * Whether to offer Restore: the user may update the record. Default: what the table's last answer
   * says (`permissions.update` of `table`), else no.
   */
  mayRestore?: boolean;
  /** The table the record is a row of: its answer tells whether the user may restore. */
  table?: { ajax: { json(): unknown } };
  /** Field labels, by the entity's property names (`{ title: 'Title' }`); default the names. */
  labels?: Readonly<Record<string, string>>;
  /** The words (default: the page's language's, as the tables use them). */
  texts?: Partial<DataTableTexts>;
  /** How a restore carries the CSRF token (default: `<meta name="csrf-token">` in `X-CSRF-Token`). */
  csrf?: CsrfOptions;
  /** Revisions per page (1 to 100; default 20). */
  pageSize?: number;
  /**
   * Where focus goes when the dialog closes. Default: the element that opened it, while it is still
   * in the page (a table reloaded after a restore drew its rows anew: name the new button here).
   */
  returnFocus?(): HTMLElement | null | undefined;
  /** Called with the record the server answers after a restore (reload the table here). */
  onRestored?(record: Record<string, unknown>): void;
}

/** The dialog `openRecordHistory` opened: close it, or wait for it to close. */
export interface RecordHistoryView {
  dialog: HTMLDialogElement;
  /** The page shown, once loaded. */
  loaded: Promise<RecordHistoryPage | null>;
  close(): void;
}
