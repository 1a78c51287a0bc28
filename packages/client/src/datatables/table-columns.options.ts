import type { Config } from 'datatables.net';
import { renderDate, renderText } from '../renderers/index.js';
import { searchBuilderTypeOf, type WidgetLibColumn } from './core/index.js';

/**
 * DataTables writes a cell's display data into the page as HTML: a column without a render function
 * gets an escaping one (a date column one that formats with its `dateformat`). SearchBuilder gets the
 * column's `searchBuilderType` from its widgetlib type unless the column names one.
 */
export function safeColumn(column: WidgetLibColumn): WidgetLibColumn {
  const searchBuilderType = searchBuilderTypeOf(column.type);
  const safe: WidgetLibColumn = { defaultContent: '', ...(searchBuilderType ? { searchBuilderType } : {}), ...column };
  if (safe.render === undefined || safe.render === null) {
    safe.render = column.type === 'date' || column.dateformat ? renderDate() : renderText;
  }
  return safe;
}

/**
 * ColumnControl (configured for the table or a column) adds a header row of `td` cells to a table
 * that has none before DataTables builds its header: a row of `th` cells made first keeps the titles
 * column headers, for assistive technology too.
 */
export function keepHeaderCells(table: HTMLTableElement, config: Config, columns: readonly WidgetLibColumn[]): void {
  const controlled = 'columnControl' in config || columns.some((column) => 'columnControl' in column);
  if (!controlled || columns.length === 0 || (table.tHead?.rows.length ?? 0) > 0) return;
  (table.tHead ?? table.createTHead()).insertRow().append(...columns.map(() => document.createElement('th')));
}
