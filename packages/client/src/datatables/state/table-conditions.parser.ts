// Every condition a table's request carries, whichever tool set it: the global search, the filter
// row's column searches, SearchPanes' selections, ColumnControl's searches and lists, SearchBuilder's
// tree. Read from the request DataTables hands the `ajax` function (its `preXhr` data), which every
// tool writes its part into: one place to read the table's conditions from, in DataTables 2.3 and 3.

import { isPlain, listOf, textOf } from '../core/index.js';

/** A ColumnControl typed search (`contains "blue"`, `less 1960`, `empty`). */
export interface ControlSearch {
  logic: string;
  value: string;
}

/** A SearchBuilder criterion or group as the request carries it. */
export interface BuilderNode {
  logic?: string;
  criteria?: BuilderNode[];
  condition?: string;
  /** The column's title as SearchBuilder shows it. */
  data?: string;
  origData?: string;
  value?: string[];
}

/** The conditions on one column. */
export interface ColumnConditions {
  /** The column search (what the filter row writes and saved views keep); `''` for none. */
  search: string;
  /** SearchPanes' selected values. */
  panes: string[];
  /** ColumnControl's `searchList` selection. */
  list: string[];
  /** Whether the column has a ColumnControl `searchList` (it sends its selection, empty too). */
  hasList: boolean;
  /** ColumnControl's typed search, null for none. */
  control: ControlSearch | null;
}

export interface TableConditions {
  search: string;
  columns: ColumnConditions[];
  /** SearchBuilder's tree, null when it holds no finished criterion. */
  builder: BuilderNode | null;
}

const texts = (value: unknown): string[] =>
  listOf(value)
    .map(textOf)
    .filter((item): item is string => item !== undefined);

/** ColumnControl's logics that need no value. */
const VALUELESS_LOGICS = ['empty', 'notEmpty'];

function controlSearch(value: unknown): ControlSearch | null {
  if (!isPlain(value)) return null;
  const typed = textOf(value.value) ?? '';
  const logic = textOf(value.logic) ?? 'contains';
  if (typed.trim() === '' && !VALUELESS_LOGICS.includes(logic)) return null;
  return { logic, value: typed };
}

function builderNode(node: unknown): BuilderNode | null {
  if (!isPlain(node)) return null;
  if ('criteria' in node || 'logic' in node) {
    const criteria = listOf(node.criteria)
      .map(builderNode)
      .filter((member): member is BuilderNode => member !== null);
    return criteria.length === 0 ? null : { logic: textOf(node.logic) ?? 'AND', criteria };
  }
  const condition = textOf(node.condition);
  if (!condition) return null;
  return { condition, data: textOf(node.data), origData: textOf(node.origData), value: texts(node.value) };
}

/**
 * The conditions of a DataTables request: `data` as the `ajax` function (or a `preXhr` listener)
 * receives it. SearchPanes names a pane by its column's data source (`columns[i].data`).
 */
export function readTableConditions(data: unknown): TableConditions {
  const request = isPlain(data) ? data : {};
  const columns = listOf(request.columns).map((column): ColumnConditions => {
    const own = isPlain(column) ? column : {};
    const search = isPlain(own.search) ? (textOf(own.search.value) ?? '') : '';
    const control = isPlain(own.columnControl) ? own.columnControl : {};
    return {
      search: search.trim(),
      panes: [],
      list: texts(control.list),
      hasList: control.list !== undefined,
      control: controlSearch(control.search),
    };
  });
  const panes = isPlain(request.searchPanes) ? request.searchPanes : {};
  const nulls = isPlain(request.searchPanes_null) ? request.searchPanes_null : {};
  for (const [source, selected] of Object.entries(panes)) {
    const index = listOf(request.columns).findIndex((column) => isPlain(column) && column.data === source);
    const isNull = listOf(nulls[source]);
    const values = listOf(selected).map((value, item) =>
      value === null || value === undefined || isNull[item] === true || isNull[item] === 'true'
        ? ''
        : (textOf(value) ?? ''),
    );
    if (index >= 0 && values.length > 0) columns[index]!.panes = values;
  }
  const search = isPlain(request.search) ? (textOf(request.search.value) ?? '') : '';
  return { search, columns, builder: builderNode(request.searchBuilder) };
}

/** Whether the table asks for no condition at all (what "Clear filters" leaves). */
export function hasNoCondition(conditions: TableConditions): boolean {
  return (
    conditions.search === '' &&
    conditions.builder === null &&
    conditions.columns.every(
      (column) => column.search === '' && column.panes.length === 0 && column.list.length === 0 && !column.control,
    )
  );
}
