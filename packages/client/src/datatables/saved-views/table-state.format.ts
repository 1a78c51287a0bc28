/** A DataTables state as `stateSaveParams` and `state()` give it. */
export type TableState = Record<string, unknown>;

/**
 * Keys of a DataTables state that saved views do not keep (the server refuses them): SearchPanes'
 * and ColumnControl's selections, Select's rows, Scroller, ColReorder, child rows, card view.
 */
export const UNSAVED_STATE_KEYS = [
  'searchPanes',
  'searchPanes_null',
  'columnControl',
  'select',
  'scroller',
  'colReorder',
  'childRows',
  'cardView',
] as const;

/**
 * The state as the server keeps it: without {@link UNSAVED_STATE_KEYS}, and every column named by
 * its field (`fieldOf(index)`, empty for a column of no field) so that the server can check it.
 */
export function stateForServer(state: TableState, fieldOf: (index: number) => string): TableState {
  const kept: TableState = withoutBlankSearchBuilder(state);
  for (const key of UNSAVED_STATE_KEYS) delete kept[key];
  if (isObject(state.search)) kept.search = withoutInternals(state.search);
  if (Array.isArray(state.columns)) {
    kept.columns = state.columns.map((column: unknown, index) => {
      const own = isObject(column) ? column : {};
      const name = typeof own.name === 'string' && own.name !== '' ? own.name : fieldOf(index);
      return { ...own, name, ...(isObject(own.search) ? { search: withoutInternals(own.search) } : {}) };
    });
  }
  return kept;
}

/** Keys of a state that say which page it shows, not what the table selects. */
const PAGING_KEYS = new Set(['start', 'page']);

/**
 * A state as text that two states compare by: keys sorted at every level, `time` left out, and with
 * `ignorePaging` the page too (`start`, `page`): a view is still the one loaded on another page. An
 * extension's empty entry (`searchBuilder: {}`, which SearchBuilder adds once it has started) is
 * the same as none, and `page`, which an extension adds after it started, only repeats `start`.
 */
export function stateKey(state: TableState | null | undefined, ignorePaging = false): string {
  const sorted = (value: unknown, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => sorted(item, false));
    if (!isObject(value)) return value;
    const kept = (key: string): boolean => {
      const entry = value[key];
      const empty = isObject(entry) ? Object.keys(entry).length === 0 : Array.isArray(entry) && entry.length === 0;
      return !empty && key !== 'time' && key !== 'page' && !(ignorePaging && PAGING_KEYS.has(key));
    };
    const keys = Object.keys(value)
      .filter((key) => !top || kept(key))
      .sort();
    return Object.fromEntries(keys.map((key) => [key, sorted(value[key], false)]));
  };
  return JSON.stringify(sorted(state ?? {}, true));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The state without SearchBuilder's blank conditions: as it is saved, and as it is loaded (one kept before). */
export function withoutBlankSearchBuilder(state: TableState): TableState {
  return isObject(state.searchBuilder)
    ? { ...state, searchBuilder: withoutBlankCriteria(state.searchBuilder) }
    : { ...state };
}

/**
 * SearchBuilder's state without the conditions that name no condition yet (the blank one it adds
 * when opened): kept, it would come back counted on the button ("Search Builder (1)") though it
 * filters nothing. A group left without conditions goes too; none left is an empty entry.
 */
function withoutBlankCriteria(group: Record<string, unknown>): Record<string, unknown> {
  const criteria = (Array.isArray(group.criteria) ? group.criteria : [])
    .map((criterion: unknown) =>
      isObject(criterion) && Array.isArray(criterion.criteria) ? withoutBlankCriteria(criterion) : criterion,
    )
    .filter(
      (criterion: unknown) =>
        isObject(criterion) &&
        (Array.isArray(criterion.criteria) || (typeof criterion.condition === 'string' && criterion.condition !== '')),
    );
  return criteria.length > 0 ? { ...group, criteria } : {};
}

/** A search object without DataTables' internal members (2.3 leaves its `_hungarianMap` there). */
function withoutInternals(search: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).filter(([key]) => !key.startsWith('_')));
}

/** The saved view a page's address asks for: `#view=<id>` or `?view=<id>`, a positive integer; else null. */
export function viewIdFromLocation(location: Pick<Location, 'hash' | 'search'>): number | null {
  const hash = new URLSearchParams(location.hash.replace(/^#/, '')).get('view');
  const text = hash ?? new URLSearchParams(location.search).get('view');
  if (text === null || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  return Number(text);
}

/** The address of this page opening the saved view `id` (`#view=<id>`). */
export function viewLink(id: number, href: string): string {
  const url = new URL(href);
  url.hash = `view=${id}`;
  return url.toString();
}
