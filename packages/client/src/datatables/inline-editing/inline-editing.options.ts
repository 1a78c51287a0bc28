import type { CsrfOptions } from '../../http/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import type { WidgetLibColumn } from '../core/index.js';

/** A column edited in place: by its `data` (or `name`), or the column and the field it sends. */
export type InlineEditable = string | { column: string; field: string };

/** What a table hands its inline editing (`createDataTable({ editable })`). */
export interface InlineEditingSetup {
  /** The resource's list URL: each row's record route is `<url path>/<row id>/`. */
  url: string;
  columns: readonly WidgetLibColumn[];
  /**
   * The columns edited in place, by their `data` (or `name`), each sending its `data` field; or
   * `{ column, field }` for a column whose field is another (a relation's id: `artist` sends `artist_id`).
   */
  editable: ReadonlyArray<InlineEditable>;
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
