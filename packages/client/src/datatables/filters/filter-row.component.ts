import type { Api } from 'datatables.net';
import { columnFieldName, columnFilterType, debounce, recordOfApi, type WidgetLibColumn } from '../core/index.js';
import { createCollapsedFiltersPanel, type CollapsedFilter } from './collapsed-filters.component.js';
import { columnPlacements, ROW_ACTIONS_CLASS } from '../overflow/index.js';
import { dataTableTexts } from '../../texts/index.js';
import { createFilterWidget, type FilterWidget } from './filter-widget.component.js';
import { tableStateOf } from '../state/index.js';

/** How long typing in a filter waits before the table asks the server (Enter does not wait). */
export const FILTER_DEBOUNCE_MS = 300;

function plainTitle(column: WidgetLibColumn, field: string): string {
  return typeof column.title === 'string' ? column.title.replace(/<[^>]*>/g, '').trim() || field : field;
}

// `columns().search()` is DataTables' search over a group of columns; each column's own search is
// read and set through `column(i).search()`.
function columnSearches(dataTable: Api, columnCount: number): unknown[] {
  return Array.from({ length: columnCount }, (_, index) => dataTable.column(index).search());
}

function clearColumnSearches(dataTable: Api): void {
  const columnCount = dataTable.columns().count();
  for (let index = 0; index < columnCount; index += 1) dataTable.column(index).search('');
}

/** Empties a filter row's controls and its table's column searches, without a request. */
const rowClearers = new WeakMap<Element, () => void>();

function filterRowSelector(tableId: string): string {
  return `tr.widgetlib-filter-row[data-widgetlib-table="${CSS.escape(tableId.replace(/^#/, ''))}"]`;
}

/** The filter row and the collapsed filters' row of a table. */
function tableRowsSelector(tableId: string): string {
  const table = CSS.escape(tableId.replace(/^#/, ''));
  return `tr.widgetlib-filter-row[data-widgetlib-table="${table}"], tr.widgetlib-filter-collapsed-row[data-widgetlib-table="${table}"]`;
}

/**
 * Adds the filter row under the column headers (spec 2.5): one control per column by its `type`
 * (text, number, Yes/No, date range, select, remote-search select, nothing for `readonly`, for a
 * column that is not searchable or has no field), and a button that clears them all. Typing waits
 * `FILTER_DEBOUNCE_MS` for the next key (Enter sends at once); one request carries every change.
 */
export function addSearchInputsAndFooterDataTable(
  dataTable: Api,
  tableId: string,
  columns: ReadonlyArray<WidgetLibColumn>,
): HTMLTableRowElement {
  const record = recordOfApi(dataTable);
  const texts = dataTableTexts(record?.texts, record?.lang);
  const thead = dataTable.table().header();
  for (const previous of thead.querySelectorAll(tableRowsSelector(tableId))) previous.remove();

  const row = document.createElement('tr');
  row.className = 'widgetlib-filter-row';
  row.dataset.widgetlibTable = tableId.replace(/^#/, '');
  const cells: HTMLTableCellElement[] = [];
  const widgets = new Map<number, FilterWidget>();
  const titles = new Map<number, string>();

  const columnCount = dataTable.columns().count();
  const searchValues = (): string => JSON.stringify(columnSearches(dataTable, columnCount));
  let sentSearch = searchValues();
  // Columns whose control changed since the last request. Their values are read when the request
  // goes out, so a date input is judged once typing pauses, not at every key.
  const changedColumns = new Set<number>();
  const applyChanges = (): void => {
    for (const index of changedColumns) {
      const value = widgets.get(index)?.value() ?? null;
      if (value === null) continue;
      // The control showed another tool's condition (a pane, a ColumnControl list): this replaces it.
      tableStateOf(dataTable)?.replacing(index, value);
      if (dataTable.column(index).search() !== value) dataTable.column(index).search(value);
    }
    changedColumns.clear();
    const current = searchValues();
    if (current === sentSearch) return;
    sentSearch = current;
    dataTable.draw();
  };
  const scheduleChanges = debounce(applyChanges, FILTER_DEBOUNCE_MS);

  for (let index = 0; index < columnCount; index += 1) {
    const cell = document.createElement('td');
    cell.className = 'widgetlib-filter-cell';
    cells.push(cell);
    row.append(cell);
    const column = columns[index];
    if (column?.rowActions) cell.classList.add(ROW_ACTIONS_CLASS);
    const field = column ? columnFieldName(column) : null;
    if (!column || !field || column.searchable === false) continue;
    const title = plainTitle(column, field);
    titles.set(index, title);
    const widget = createFilterWidget(columnFilterType(column.type), {
      column,
      label: `${texts.filterLabel} ${title}`,
      texts,
      changed: (immediate) => {
        changedColumns.add(index);
        if (immediate) {
          scheduleChanges.cancel();
          applyChanges();
        } else {
          scheduleChanges();
        }
      },
    });
    if (!widget) continue;
    cell.append(widget.element);
    widgets.set(index, widget);
  }

  const clearButton = document.createElement('button');
  clearButton.type = 'button';
  clearButton.className = 'widgetlib-filter-clear';
  clearButton.textContent = texts.clearFilters;
  clearButton.addEventListener('click', () => clearDataTableFilters(dataTable, tableId));

  // Filters of the columns Responsive collapsed move to a row of their own under this one.
  const collapsedPanel = createCollapsedFiltersPanel((count) =>
    texts.collapsedFilters.replace('{count}', String(count)),
  );
  const syncVisibility = (): void => {
    const placements = columnPlacements(dataTable);
    const collapsed: CollapsedFilter[] = [];
    cells.forEach((cell, index) => {
      cell.hidden = placements[index] !== 'shown';
      const widget = widgets.get(index);
      if (!widget) return;
      if (placements[index] === 'collapsed') {
        collapsed.push({ title: titles.get(index) ?? '', element: widget.element });
      } else if (widget.element.parentElement !== cell) {
        cell.prepend(widget.element);
      }
    });
    const shownCells = cells.filter((cell) => !cell.hidden);
    // The narrow column of the row checkboxes (`selectRow`) does not take the button.
    const clearCell = shownCells.filter((cell) => !columns[cells.indexOf(cell)]?.selectRow).at(-1) ?? shownCells.at(-1);
    clearCell?.append(clearButton);
    collapsedPanel.show(collapsed, shownCells.length);
  };
  collapsedPanel.row.dataset.widgetlibTable = row.dataset.widgetlibTable;
  syncVisibility();
  thead.append(row, collapsedPanel.row);

  const clearRow = (): void => {
    scheduleChanges.cancel();
    changedColumns.clear();
    for (const widget of widgets.values()) widget.clear();
    clearColumnSearches(dataTable);
    // The request clearDataTableFilters sends carries the emptied values: nothing is left to send.
    sentSearch = searchValues();
  };
  rowClearers.set(row, clearRow);
  tableStateOf(dataTable)?.attachFilterRow({
    clear: clearRow,
    show: (values) => {
      for (const [index, value] of values) {
        // A control being typed into keeps what is typed until it is sent, and what it sent as typed
        // (`blue ` while the next word comes) rather than as the search reads it.
        const widget = widgets.get(index);
        if (widget && !changedColumns.has(index) && widget.value() !== value) widget.set(value);
      }
      sentSearch = searchValues();
    },
  });

  dataTable.on('column-visibility', syncVisibility);
  dataTable.on('responsive-resize', syncVisibility);
  dataTable.on('destroy', () => {
    scheduleChanges.cancel();
    for (const widget of widgets.values()) widget.destroy();
    row.remove();
    collapsedPanel.row.remove();
  });
  return row;
}

/**
 * Empties every condition of the table and reloads from the first page, in one request: the filter
 * row and the column searches, and for a table widgetlib built the search (its box too), SearchPanes,
 * SearchBuilder and ColumnControl. Typing not yet sent is dropped.
 */
export function clearDataTableFilters(dataTable: Api, tableId: string): void {
  const state = tableStateOf(dataTable);
  if (state) {
    state.clearAll();
    return;
  }
  const row = dataTable.table().header().querySelector(filterRowSelector(tableId));
  const clearRow = row ? rowClearers.get(row) : undefined;
  if (clearRow) clearRow();
  else clearColumnSearches(dataTable);
  dataTable.draw();
}
