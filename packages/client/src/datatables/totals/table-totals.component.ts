import type { Api } from 'datatables.net';
import type { WidgetLibColumn } from '../core/index.js';
import { columnPlacements } from '../overflow/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import {
  type AggregateValues,
  fillText,
  footerAggregate,
  parseAggregates,
  parseGroups,
  type GroupTotals,
} from './table-totals.format.js';

type Renderer = (data: unknown, type: string, row: unknown, meta: unknown) => unknown;

/** Whether a column shows an aggregate in the footer (`footer: 'sum'` and the like). */
export function hasFooterTotals(columns: readonly WidgetLibColumn[]): boolean {
  return columns.some((column) => footerAggregate(column) !== null);
}

/**
 * The columns as DataTables gets them: an aggregate's name is no footer title. The table gets a
 * footer row of `th` cells when it has none, for the totals to go in.
 */
export function prepareTotalsFooter(table: HTMLTableElement, columns: readonly WidgetLibColumn[]): WidgetLibColumn[] {
  const prepared = columns.map((column) => {
    if (!footerAggregate(column)) return column;
    const { footer: _footer, ...rest } = column;
    return rest;
  });
  if (hasFooterTotals(columns) && !table.tFoot) {
    table
      .createTFoot()
      .insertRow()
      .append(...columns.map(() => document.createElement('th')));
  }
  return prepared;
}

/** A value as the column renders it for display (HTML the renderer escaped); escaped text for other renderers. */
function rendered(column: WidgetLibColumn, value: string | number | null | undefined, index: number): string {
  const { render } = column;
  const row = typeof column.data === 'string' ? nested(column.data, value) : {};
  if (typeof render === 'function') {
    return String((render as Renderer)(value ?? null, 'display', row, { row: -1, col: index, settings: null }) ?? '');
  }
  return escaped(value === null || value === undefined ? '' : String(value));
}

function nested(path: string, value: unknown): Record<string, unknown> {
  const parts = path.split('.');
  const row: Record<string, unknown> = {};
  let at = row;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) at[part] = value;
    else at = (at[part] = {}) as Record<string, unknown>;
  });
  return row;
}

/** Fills `cells` (one per column, null where a column is hidden) with `aggregates` and a label in the first free cell. */
function fillCells(
  cells: ReadonlyArray<HTMLElement | null>,
  columns: readonly WidgetLibColumn[],
  aggregates: Readonly<Record<string, AggregateValues>>,
  label: string,
): void {
  let labelled = false;
  cells.forEach((cell, index) => {
    if (!cell) return;
    const column = columns[index]!;
    const aggregate = footerAggregate(column);
    if (aggregate) {
      cell.innerHTML = rendered(column, aggregates[aggregate.path]?.[aggregate.name], index);
      return;
    }
    cell.textContent = labelled ? '' : label;
    labelled = true;
  });
}

function escaped(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/** The answer's members the totals read. */
type TotalsAnswer = { aggregates?: unknown; groups?: unknown };

/** RowGroup's options, as far as the totals fill them. */
interface RowGroupOptions {
  emptyDataGroup?: unknown;
  startRender?: ((rows: unknown, group: unknown) => unknown) | null;
  endRender?: ((rows: unknown, group: unknown) => unknown) | null;
  [option: string]: unknown;
}

/**
 * With DataTables' RowGroup (`rowGroup` in the options) over a server `rowGroup`: its start rows say
 * the group's rows among all the filtered ones (`groupTotals`), and, when a column shows a total,
 * its end rows carry the group's totals, from the answer's `groups`, labelled `subtotal` (the footer
 * says `totals`), unless the options give render functions of their own. Answers the options to give DataTables.
 */
export function rowGroupTotals(
  rowGroup: unknown,
  columns: readonly WidgetLibColumn[],
  texts: () => Readonly<DataTableTexts>,
  api: () => Api | null,
): unknown {
  if (rowGroup === undefined || rowGroup === null || rowGroup === false) return rowGroup;
  const options: RowGroupOptions = typeof rowGroup === 'object' ? { ...(rowGroup as RowGroupOptions) } : {};
  const empty = options.emptyDataGroup ?? 'No group';
  const groupOf = (group: unknown): GroupTotals | undefined => {
    const answer = (api()?.ajax.json() ?? {}) as TotalsAnswer;
    const key = group === null || group === undefined || group === empty ? '' : String(group);
    return parseGroups(answer.groups).get(key);
  };
  // A group is named as its column shows the value: by the label of its `choices`, if it has them.
  const dataSrc = options.dataSrc ?? 0;
  const grouping = typeof dataSrc === 'number' ? columns[dataSrc] : columns.find((column) => column.data === dataSrc);
  const labels = new Map((grouping?.choices ?? []).map(([value, label]) => [String(value), label]));
  const name = (group: unknown) => labels.get(String(group)) ?? String(group ?? '');
  const words = (group: unknown, totals: GroupTotals) =>
    fillText(texts().groupTotals, { group: name(group), count: String(totals.count) });
  options.startRender ??= (_rows, group) => {
    const totals = groupOf(group);
    return escaped(totals ? words(group, totals) : name(group));
  };
  if (hasFooterTotals(columns)) {
    // Undefined: no end row (RowGroup shows its empty-group text for null).
    options.endRender ??= (_rows, group) => {
      const totals = groupOf(group);
      const table = api();
      if (!totals || !table) return undefined;
      const row = document.createElement('tr');
      const cells = columns.map((_column, index) => (table.column(index).visible() ? row.insertCell() : null));
      fillCells(cells, columns, totals.aggregates, texts().subtotal);
      return row;
    };
  }
  return options;
}

/**
 * Fits RowGroup's rows to the columns shown, after every draw and every change of Responsive: a
 * start row spans them (RowGroup spans every visible column, those Responsive moved to the child
 * rows too) and an end row hides its cells of the moved columns, as Responsive hides the rows' own.
 */
export function installGroupRowsFit(api: Api): void {
  const fit = () => {
    const placements = columnPlacements(api).filter((placement) => placement !== 'hidden');
    const span = placements.filter((placement) => placement === 'shown').length;
    const body = api.table().body() as HTMLTableSectionElement;
    for (const row of body.querySelectorAll<HTMLTableRowElement>(':scope > tr.dtrg-group')) {
      if (row.cells.length === 1) row.cells[0]!.colSpan = span;
      else [...row.cells].forEach((cell, index) => (cell.hidden = placements[index] === 'collapsed'));
    }
  };
  // After the draw's other handlers: RowGroup draws its rows in its own, which comes later.
  api.on('draw responsive-resize', () => queueMicrotask(fit));
}

/**
 * Shows the answer's `aggregates` in the footer after every draw: each column with `footer: 'sum'`
 * and the like, rendered with its renderer, `totals` in the first cell without one.
 */
export function installFooterTotals(
  api: Api,
  columns: readonly WidgetLibColumn[],
  texts: () => Readonly<DataTableTexts>,
): void {
  if (!hasFooterTotals(columns)) return;
  api.on('draw', () => {
    const answer = (api.ajax.json() ?? {}) as TotalsAnswer;
    const cells = columns.map((_column, index) =>
      api.column(index).visible() ? (api.column(index).footer() as HTMLElement | null) : null,
    );
    fillCells(cells, columns, parseAggregates(answer.aggregates), texts().totals);
  });
}
