// Which tool shows which condition. The column search is the one place every tool's condition on a
// column can be kept in (saved views keep it, the server reads it as the column's filter), and the
// filter row shows it. A SearchPanes or ColumnControl list selection of one value on a column whose
// filter row control is a select (select and boolean columns) is shown there too. What no control
// of the filter row can show (several values, a typed ColumnControl search, a SearchBuilder tree) is
// listed as a chip that names it and clears it.
import type { BuilderNode, ColumnConditions, ControlSearch, TableConditions } from './table-conditions.parser.js';

/** What the state needs to know of a column. */
export interface StateColumn {
  /** The column's title as text. */
  title: string;
  /**
   * The filter row's control of the column: `choice` for a select showing one value (select and
   * boolean columns), `other` for the rest, null for none (no filter row, a readonly column).
   */
  widget: 'choice' | 'other' | null;
  /** Labels of the column's values (a select column's choices, Yes/No). */
  labels: ReadonlyMap<string, string>;
}

/** Where a value the filter row shows is kept. */
export type RowSource = 'search' | 'searchPanes' | 'columnControl';

/** A condition the filter row cannot show. */
export type ExtraCondition =
  | { kind: 'searchPanes' | 'columnControl'; column: number; values: string[] }
  | { kind: 'controlSearch'; column: number; search: ControlSearch }
  | { kind: 'columnSearch'; column: number; value: string }
  | { kind: 'searchBuilder'; builder: BuilderNode };

export interface ShownConditions {
  /** The value each filter row control shows, by column index (`''`: nothing). */
  row: Map<number, string>;
  /** Where each shown value that is not `''` is kept. */
  sources: Map<number, RowSource>;
  extras: ExtraCondition[];
}

const same = (values: readonly string[], value: string): boolean => values.length === 1 && values[0] === value;

/** What the filter row shows of one column, and what of its conditions it cannot show. */
function showColumn(
  index: number,
  conditions: ColumnConditions,
  column: StateColumn | undefined,
  shown: ShownConditions,
): void {
  const widget = column?.widget ?? null;
  let value = conditions.search;
  let source: RowSource = 'search';
  if (widget === 'choice' && value === '') {
    if (
      conditions.panes.length === 1 &&
      (conditions.list.length === 0 || same(conditions.list, conditions.panes[0]!))
    ) {
      value = conditions.panes[0]!;
      source = 'searchPanes';
    } else if (conditions.list.length === 1 && conditions.panes.length === 0) {
      value = conditions.list[0]!;
      source = 'columnControl';
    }
  }
  if (widget !== null) {
    shown.row.set(index, value);
    if (value !== '') shown.sources.set(index, source);
  }
  // A condition is shown when the filter row shows it: the same single value, on a choice control.
  const showsOne = (values: readonly string[]): boolean => widget === 'choice' && value !== '' && same(values, value);
  if (conditions.panes.length > 0 && !showsOne(conditions.panes)) {
    shown.extras.push({ kind: 'searchPanes', column: index, values: conditions.panes });
  }
  if (conditions.list.length > 0 && !showsOne(conditions.list)) {
    shown.extras.push({ kind: 'columnControl', column: index, values: conditions.list });
  }
  if (conditions.control) shown.extras.push({ kind: 'controlSearch', column: index, search: conditions.control });
}

/**
 * What the filter row shows (a value per control) and the conditions it cannot show, for the
 * conditions of a table's request. A column search of a column without a filter row control (a
 * table without the filter row) is listed too, so that no condition is hidden.
 */
export function showConditions(conditions: TableConditions, columns: readonly StateColumn[]): ShownConditions {
  const shown: ShownConditions = { row: new Map(), sources: new Map(), extras: [] };
  conditions.columns.forEach((column, index) => {
    showColumn(index, column, columns[index], shown);
    if (!columns[index]?.widget && column.search !== '') {
      shown.extras.push({ kind: 'columnSearch', column: index, value: column.search });
    }
  });
  if (conditions.builder) shown.extras.push({ kind: 'searchBuilder', builder: conditions.builder });
  return shown;
}

/** The words a condition is described with (`DataTableTexts`' condition words). */
export interface ConditionTexts {
  /** `{column}` and `{values}` are replaced. */
  conditionIs: string;
  conditionOr: string;
  conditionAnd: string;
  /** A column search no filter row control shows; `{column}` and `{value}` are replaced. */
  conditionSearch: string;
  /** Shown for an empty value (a SearchPanes selection of no value). */
  empty: string;
  /** Words of ColumnControl's logics and SearchBuilder's conditions (`notContains`, `>=`, `between`). */
  conditionWords: Readonly<Record<string, string>>;
}

function labelOf(column: StateColumn | undefined, value: string, texts: ConditionTexts): string {
  if (value === '') return texts.empty;
  return column?.labels.get(value) ?? value;
}

function builderText(
  node: BuilderNode,
  columns: readonly StateColumn[],
  texts: ConditionTexts,
  nested: boolean,
): string {
  if (node.criteria) {
    const joiner = node.logic === 'OR' ? texts.conditionOr : texts.conditionAnd;
    const inner = node.criteria.map((member) => builderText(member, columns, texts, true)).join(` ${joiner} `);
    return nested && node.criteria.length > 1 ? `(${inner})` : inner;
  }
  const condition = node.condition ?? '';
  const column = columns.find((each) => each.title === node.data);
  const values = (node.value ?? []).map((value) => labelOf(column, value, texts));
  return [
    node.data ?? node.origData ?? '',
    texts.conditionWords[condition] ?? condition,
    values.join(` ${texts.conditionAnd} `),
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/** A condition in words: `Format is CD or Vinyl`, `Title does not contain blue`, SearchBuilder's tree. */
export function conditionText(extra: ExtraCondition, columns: readonly StateColumn[], texts: ConditionTexts): string {
  if (extra.kind === 'searchBuilder') return builderText(extra.builder, columns, texts, false);
  const column = columns[extra.column];
  const title = column?.title ?? '';
  if (extra.kind === 'columnSearch') {
    return texts.conditionSearch.replace('{column}', title).replace('{value}', extra.value);
  }
  if (extra.kind === 'controlSearch') {
    const { logic, value } = extra.search;
    const words = [title, texts.conditionWords[logic] ?? logic];
    return (value === '' ? words : [...words, labelOf(column, value, texts)]).join(' ');
  }
  const values = extra.values.map((value) => labelOf(column, value, texts)).join(` ${texts.conditionOr} `);
  return texts.conditionIs.replace('{column}', title).replace('{values}', values);
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The columns whose column search gives way in the request about to leave: the user changed a pane
 * or a ColumnControl list of the column since the previous request, to other than the column
 * search's one value. The latest choice wins; the two would otherwise ask for their intersection.
 */
export function yieldingSearches(previous: TableConditions | null, current: TableConditions): number[] {
  if (!previous) return [];
  const yielding: number[] = [];
  current.columns.forEach((column, index) => {
    const before = previous.columns[index];
    if (column.search === '' || !before) return;
    const changed = (now: readonly string[], then: readonly string[]): boolean =>
      !sameList(now, then) && !same(now, column.search);
    if (changed(column.panes, before.panes) || changed(column.list, before.list)) yielding.push(index);
  });
  return yielding;
}

/**
 * The choice columns whose ColumnControl list is to follow the column search, which changed from
 * elsewhere (a loaded state, a saved view): the list showed the previous search or nothing, and
 * the user did not change it since.
 */
export function listsFollowingSearch(
  previous: TableConditions | null,
  current: TableConditions,
  columns: readonly StateColumn[],
): number[] {
  const following: number[] = [];
  current.columns.forEach((column, index) => {
    if (columns[index]?.widget !== 'choice' || !column.hasList) return;
    const before = previous?.columns[index];
    if (!before) {
      if (column.search !== '' && column.list.length === 0) following.push(index);
      return;
    }
    const untouched = sameList(column.list, before.list);
    const showedSearch = column.list.length === 0 || same(column.list, before.search);
    if (column.search !== before.search && untouched && showedSearch && !same(column.list, column.search)) {
      if (column.search !== '' || column.list.length > 0) following.push(index);
    }
  });
  return following;
}
