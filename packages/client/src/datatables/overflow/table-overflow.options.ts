import type { WidgetLibColumn } from '../core/index.js';

/**
 * How a table wider than its place keeps every column reachable: `responsive` collapses the columns
 * that do not fit into a child row under each row (DataTables' Responsive extension), `scroll` lets
 * the table scroll sideways inside a container right around it.
 */
export const TABLE_OVERFLOWS = ['responsive', 'scroll'] as const;
export type TableOverflow = (typeof TABLE_OVERFLOWS)[number];

/** Class of a row actions column's cells (`rowActions: true`). */
export const ROW_ACTIONS_CLASS = 'widgetlib-row-actions';

/** The Responsive priority of a row actions column: collapsed last, with the first column. */
export const ROW_ACTIONS_PRIORITY = 1;

export interface TableOverflowRequest {
  /** The table's `overflow` option. */
  overflow?: unknown;
  /** The table's DataTables `responsive` option. */
  responsive?: unknown;
  /** Whether the DataTables in use has the Responsive extension. */
  responsiveLoaded: boolean;
}

/**
 * The overflow of a table: its `overflow` option; without one, `scroll` for `responsive: false`,
 * otherwise `responsive` when the Responsive extension is loaded and `scroll` when it is not.
 */
export function chooseTableOverflow({ overflow, responsive, responsiveLoaded }: TableOverflowRequest): TableOverflow {
  if (overflow !== undefined && !(TABLE_OVERFLOWS as readonly unknown[]).includes(overflow)) {
    throw new Error(
      `widgetlib: the overflow option is 'responsive' or 'scroll' (or left out), not ${JSON.stringify(overflow)}`,
    );
  }
  const chosen =
    (overflow as TableOverflow | undefined) ??
    (responsive === false ? 'scroll' : responsive || responsiveLoaded ? 'responsive' : 'scroll');
  if (chosen === 'responsive' && !responsiveLoaded) {
    throw new Error(
      "widgetlib: overflow 'responsive' needs DataTables' Responsive extension (datatables.net-responsive) " +
        "loaded before the table is created; use overflow 'scroll' without it.",
    );
  }
  return chosen;
}

function withClass(className: WidgetLibColumn['className'], added: string): string {
  const classes = typeof className === 'string' ? className.split(/\s+/).filter(Boolean) : [];
  return classes.includes(added) ? classes.join(' ') : [...classes, added].join(' ');
}

/**
 * A column as the overflow needs it: a row actions column gets its class (kept in view while the
 * table scrolls) and, unless it has one, the Responsive priority that collapses it last.
 */
export function overflowColumn(column: WidgetLibColumn): WidgetLibColumn {
  if (!column.rowActions) return column;
  return {
    ...column,
    className: withClass(column.className, ROW_ACTIONS_CLASS),
    responsivePriority: column.responsivePriority ?? ROW_ACTIONS_PRIORITY,
  };
}
