import type { CsrfOptions } from '../../http/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import type { WidgetLibColumn } from '../core/index.js';

/** What a table hands its inline editing (`createDataTable({ editable })`). */
export interface InlineEditingSetup {
  /** The resource's list URL: each row's record route is `<url path>/<row id>/`. */
  url: string;
  columns: readonly WidgetLibColumn[];
  /** The columns edited in place, by their `data` (or `name`); each sends its `data` field. */
  editable: readonly string[];
  /** The row's member holding its version, sent as `If-Match` when it is a number. */
  rowVersion: string;
  /** The row's member holding its id (DataTables' `rowId`). */
  rowId: string;
  csrf?: CsrfOptions | undefined;
  texts(): Readonly<DataTableTexts>;
  /** Whether the user may update rows (the list answer's `permissions`). */
  permitted(): boolean;
  /** After a row was drawn again from an answer: the table's own touches (permission controls). */
  rowRedrawn(row: HTMLElement): void;
}

/** The inline editing of a table, once installed. */
export interface InlineEditingControl {
  /** Marks the editable cells again: after the user's permissions became known or changed. */
  refresh(): void;
}
