import type { Api } from 'datatables.net';
import { columnFieldName, columnFilterType, type DataTablesAjaxData, type WidgetLibColumn } from '../core/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import {
  conditionText,
  listsFollowingSearch,
  showConditions,
  yieldingSearches,
  type ShownConditions,
  type StateColumn,
} from './table-conditions.format.js';
import { readTableConditions, type TableConditions } from './table-conditions.parser.js';

/** What the table's state needs of its filter row. */
export interface FilterRowHandle {
  /** Shows a value in each control (column index → column search value), without a request. */
  show(values: ReadonlyMap<number, string>): void;
  /** Empties the controls and the column searches, dropping typing not yet sent; no request. */
  clear(): void;
}

/** The table's one state: what every tool asks for, shown in every tool that can show it. */
export interface TableStateComponent {
  /** Told the request DataTables is about to send (the loader's `ajax` function data). */
  requested(data: DataTablesAjaxData): void;
  /** The filter row of the table (it is added after the table is built). */
  attachFilterRow(row: FilterRowHandle): void;
  /**
   * The filter row sets the column search of `index` to `value`: a ColumnControl list of the column
   * shows the same value, a pane's selection it showed is cleared.
   */
  replacing(index: number, value: string): void;
  /** Empties every condition of every tool and the search, and asks the server once. */
  clearAll(): void;
}

// The extensions' own APIs, when they run on the table (ColumnControl's `searchClear()`,
// SearchBuilder's `rebuild()`, SearchPanes' `clearSelections()`).
interface ExtensionsApi {
  searchBuilder?: { rebuild?: (details?: unknown, redraw?: boolean) => unknown; getDetails?: () => unknown };
  searchPanes?: { clearSelections?: () => unknown };
}
interface ControlColumnApi {
  columnControl?: { searchClear?: () => unknown };
}
/** One pane of SearchPanes: it has no public API to clear one pane, only all of them. */
interface SearchPane {
  s?: { index?: number; dtPane?: unknown };
  clearPane?: () => unknown;
}

const states = new WeakMap<Element, TableStateComponent>();

/** The state of a table widgetlib built, undefined for another one. */
export function tableStateOf(api: Api): TableStateComponent | undefined {
  return states.get(api.table().node());
}

function plainTitle(column: WidgetLibColumn, index: number): string {
  const title = typeof column.title === 'string' ? column.title.replace(/<[^>]*>/g, '').trim() : '';
  return title || columnFieldName(column) || String(index + 1);
}

function stateColumns(
  columns: readonly WidgetLibColumn[],
  filterRow: boolean,
  texts: Readonly<DataTableTexts>,
): StateColumn[] {
  return columns.map((column, index) => {
    const type = columnFilterType(column.type);
    const filtered = filterRow && column.searchable !== false && columnFieldName(column) !== null;
    const labels = new Map<string, string>(
      type === 'boolean'
        ? [
            ['true', texts.yes],
            ['false', texts.no],
          ]
        : (column.choices ?? []).map(([value, label]) => [String(value), label]),
    );
    const widget =
      !filtered || type === 'readonly' ? null : type === 'select' || type === 'boolean' ? 'choice' : 'other';
    return { title: plainTitle(column, index), widget, labels };
  });
}

function searchPanesOf(api: Api): SearchPane[] {
  const settings = api.settings()[0] as { _searchPanes?: { s?: { panes?: SearchPane[] } } } | undefined;
  return settings?._searchPanes?.s?.panes ?? [];
}

/**
 * The table's state, read from each request and shown in the filter row and in chips for what the
 * filter row cannot show (next to the table, before it). Every clear goes through the tool that
 * holds the condition: the column search, `column().columnControl.searchClear()`, SearchBuilder's
 * `rebuild()`, SearchPanes' panes.
 */
export function installTableState(
  api: Api,
  columns: readonly WidgetLibColumn[],
  texts: () => Readonly<DataTableTexts>,
): TableStateComponent {
  let filterRow: FilterRowHandle | null = null;
  let conditions: TableConditions | null = null;
  let shown: ShownConditions | null = null;
  const chips = document.createElement('div');
  chips.className = 'widgetlib-more-filters';
  chips.hidden = true;

  const placeChips = (): void => {
    if (chips.isConnected) return;
    const container = api.table().container();
    let anchor: Element | null = api.table().node();
    while (anchor && anchor.parentElement !== container) anchor = anchor.parentElement;
    if (anchor) container.insertBefore(chips, anchor);
  };

  const clearExtra = (extra: ShownConditions['extras'][number]): void => {
    if (extra.kind === 'searchPanes') {
      // SearchPanes redraws the table itself once its pane is cleared.
      searchPanesOf(api)
        .find((pane) => pane.s?.index === extra.column)
        ?.clearPane?.();
      return;
    }
    if (extra.kind === 'searchBuilder') (api as unknown as ExtensionsApi).searchBuilder?.rebuild?.(undefined, false);
    else if (extra.kind === 'columnSearch') api.column(extra.column).search('');
    else (api.column(extra.column) as unknown as ControlColumnApi).columnControl?.searchClear?.();
    api.draw();
  };

  /**
   * ColumnControl has no API to select in a list: it selects what a loaded state names, so the
   * column's list is given a state naming the value (only ColumnControl reads `columnControl`).
   */
  const showInList = (index: number, value: string): void => {
    // ColumnControl 1 adds the state's values to those selected: the list is emptied first.
    (api.column(index) as unknown as ControlColumnApi).columnControl?.searchClear?.();
    // ColumnControl 2 reads a column's state by its name, 1 by its index.
    const list = { searchList: value === '' ? [] : [value] };
    const name = api.column(index).name();
    const partial = { columnControl: { [index]: list, ...(name ? { [name]: list } : {}) } };
    api.trigger('stateLoaded', [api.settings()[0], partial]);
  };

  /**
   * Panes the filter row replaced: SearchPanes takes a moment to let go of a cleared selection, and
   * until it does the requests leave without it (the filter row's choice replaced it).
   */
  const clearingPanes = new Set<number>();
  const dropClearingPanes = (data: DataTablesAjaxData): void => {
    const request = data as DataTablesAjaxData & { searchPanes?: Record<string, unknown> };
    for (const index of clearingPanes) {
      const source = data.columns?.[index]?.data;
      const selected = typeof source === 'string' ? request.searchPanes?.[source] : undefined;
      if (typeof source === 'string' && request.searchPanes && selected && Object.keys(selected).length > 0) {
        delete request.searchPanes[source];
      } else {
        clearingPanes.delete(index);
      }
    }
  };

  const render = (): void => {
    if (!conditions) return;
    const own = texts();
    const described = stateColumns(columns, filterRow !== null, own);
    shown = showConditions(conditions, described);
    filterRow?.show(shown.row);
    placeChips();
    const { extras } = shown;
    chips.replaceChildren();
    chips.hidden = extras.length === 0;
    if (extras.length === 0) return;
    const lead = document.createElement('span');
    lead.className = 'widgetlib-more-filters-label';
    lead.textContent = extras.length === 1 ? own.moreFilter : own.moreFilters.replace('{count}', String(extras.length));
    chips.append(lead);
    for (const extra of extras) {
      const words = conditionText(extra, described, own);
      const chip = document.createElement('button');
      chip.type = 'button';
      chip.className = 'widgetlib-filter-chip';
      chip.setAttribute('aria-label', own.clearCondition.replace('{condition}', words));
      const label = document.createElement('span');
      label.textContent = words;
      const mark = document.createElement('span');
      mark.className = 'widgetlib-filter-chip-clear';
      mark.setAttribute('aria-hidden', 'true');
      mark.textContent = '\u00d7';
      chip.append(label, mark);
      chip.addEventListener('click', () => clearExtra(extra));
      chips.append(chip);
    }
  };

  const state: TableStateComponent = {
    requested: (data) => {
      dropClearingPanes(data);
      const current = readTableConditions(data);
      for (const index of yieldingSearches(conditions, current)) {
        api.column(index).search('');
        const sent = data.columns?.[index]?.search;
        if (sent) sent.value = '';
        current.columns[index]!.search = '';
      }
      for (const index of listsFollowingSearch(conditions, current, stateColumns(columns, true, texts()))) {
        const value = current.columns[index]!.search;
        showInList(index, value);
        current.columns[index]!.list = value === '' ? [] : [value];
        // This request asks for the list as it is now (ColumnControl wrote the previous one into it).
        const control = (data.columns?.[index] as { columnControl?: { list?: unknown } } | undefined)?.columnControl;
        if (control) control.list = value === '' ? {} : { 0: value };
      }
      conditions = current;
      // The first request can leave before the table's container is in the page.
      if (api.table().container()) render();
    },
    attachFilterRow: (row) => {
      filterRow = row;
      render();
    },
    replacing: (index, value) => {
      const source = shown?.sources.get(index);
      const choice = stateColumns(columns, true, texts())[index]?.widget === 'choice';
      if (choice && conditions?.columns[index]?.hasList) {
        showInList(index, value);
        // The request about to leave reads the list as it is now: the previous one had the same.
        conditions.columns[index].list = value === '' ? [] : [value];
      } else if (source === 'columnControl') {
        (api.column(index) as unknown as ControlColumnApi).columnControl?.searchClear?.();
      } else if (source === 'searchPanes') {
        clearingPanes.add(index);
        // Not a change of the pane by the user, after which the column search would give way.
        if (conditions?.columns[index]) conditions.columns[index].panes = [];
        searchPanesOf(api)
          .find((pane) => pane.s?.index === index)
          ?.clearPane?.();
      }
    },
    clearAll: () => {
      // The extensions redraw as they clear (SearchBuilder 2 does even when told not to): the one
      // request is the draw at the end.
      const holdDraws = (): boolean => false;
      api.on('preDraw', holdDraws);
      filterRow?.clear();
      const columnCount = api.columns().count();
      for (let index = 0; index < columnCount; index += 1) api.column(index).search('');
      // The search box too, first: a change typed into it and not yet sent then finds nothing to
      // send when DataTables' `searchDelay` runs out (its value is the search the table holds).
      for (const input of api.table().container().querySelectorAll<HTMLInputElement>('.dt-search input')) {
        input.value = '';
      }
      api.search('');
      (api.columns() as unknown as ControlColumnApi).columnControl?.searchClear?.();
      const extensions = api as unknown as ExtensionsApi;
      extensions.searchBuilder?.rebuild?.(undefined, false);
      if (conditions?.columns.some((column) => column.panes.length > 0)) extensions.searchPanes?.clearSelections?.();
      api.off('preDraw', holdDraws);
      api.draw();
    },
  };
  states.set(api.table().node(), state);
  api.on('destroy', () => {
    chips.remove();
    states.delete(api.table().node());
  });
  return state;
}
