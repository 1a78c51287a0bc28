/**
 * `createDataTable({ trash })` on a `DataTableResource` whose entity has a `@DeleteDateColumn`: a
 * Trash button (shown while the list answer says the user may delete) switches the table to the
 * deleted rows, each with Restore and, when the trash's answer allows it, Delete for good.
 */
export interface DataTableTrashOptions {
  /** The row's field holding its primary key (default `id`). */
  key?: string;
  /**
   * The resource's list URL, whose `trash/` and record routes the view uses, when the table lists
   * from another endpoint (a grouped list of the same records); default: the table's URL.
   */
  url?: string;
}
