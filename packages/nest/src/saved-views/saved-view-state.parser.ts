import {
  parseTableRequest,
  TableRequestError,
  listed,
  quoted,
  RequestProblems,
  type TableRequestContext,
} from '../datatables/internal.js';
import { SAVED_VIEW_MAX_STATE_BYTES } from './saved-view.constants.js';
import { SavedStateError } from './saved-view.errors.js';
import { parseSavedSearchBuilder, type SavedCriteriaGroup } from './saved-search-builder.parser.js';

/** The keys of a DataTables state a saved view keeps; any other key is refused. */
export const SAVED_STATE_KEYS = [
  'time',
  'start',
  'length',
  'order',
  'search',
  'searchGroups',
  'columns',
  'searchBuilder',
  'page',
] as const;
const COLUMN_KEYS = ['name', 'visible', 'search'] as const;
const SEARCH_FLAGS = ['smart', 'regex', 'caseInsensitive', 'boundary', 'exact', 'return'] as const;
const SEARCH_KEYS = ['search', 'columns', ...SEARCH_FLAGS] as const;

type SearchFlag = (typeof SEARCH_FLAGS)[number];
const DIRECTIONS = ['asc', 'desc', ''] as const;
type SavedDirection = (typeof DIRECTIONS)[number];
export type SavedSearch = { search: string; columns?: null | number[] } & Partial<Record<SearchFlag, boolean>>;

export interface SavedColumn {
  /** The field the column shows (`artist__name`); empty for a column of no field (row actions). */
  name: string;
  visible?: boolean;
  search?: SavedSearch;
}

/** A DataTables state as a saved view keeps it: only what the table's options allow. */
export interface SavedState {
  time?: number;
  start?: number;
  length?: number;
  /** `''`: a column clicked a third time, kept in the state but not ordered by. */
  order?: [number | string, SavedDirection][];
  search?: SavedSearch;
  searchGroups?: [];
  columns?: SavedColumn[];
  searchBuilder?: SavedCriteriaGroup;
  page?: number;
}

/** What the validator needs of a table: its request context and what a column name may be. */
export interface SavedStateTable {
  context: TableRequestContext;
  /** A problem with a column's field name (not a field of the entity, a hidden column), or null. */
  columnProblem(name: string): string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && Number(value) >= min;

/** Reads one state against one table, collecting every problem. */
class StateReader {
  readonly problems = new RequestProblems();
  /** The state as the request parser reads a request: DataTables' own parameter names. */
  readonly parameters: Record<string, unknown> = {};

  constructor(private readonly table: SavedStateTable) {}

  unknownKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        this.problems.add(`${where}${quoted(key)} is not kept in saved views; allowed: ${listed(allowed)}`);
      }
    }
  }

  /**
   * A search object. DataTables 3 writes the columns it covers in `columns`: a column's own index
   * (`column`), or for the global search the indexes of the columns.
   */
  search(value: unknown, where: string, parameter: string, column?: number): SavedSearch | undefined {
    if (!isObject(value)) {
      this.problems.add(`${where} must be an object`);
      return undefined;
    }
    this.unknownKeys(value, SEARCH_KEYS, `${where}: `);
    const search: SavedSearch = { search: '' };
    if (value.search !== undefined) {
      if (typeof value.search !== 'string') this.problems.add(`${where}.search must be a string`);
      else search.search = value.search;
    }
    if (value.columns === null) search.columns = null;
    else if (value.columns !== undefined) {
      const covered = column === undefined ? this.columnIndexes(value.columns) : this.ownColumn(value.columns, column);
      if (covered) search.columns = covered;
      else {
        const allowed = column === undefined ? 'column indexes' : `[${column}]`;
        this.problems.add(`${where}.columns must be null or ${allowed}`);
      }
    }
    for (const flag of SEARCH_FLAGS) {
      const set = value[flag];
      if (set === undefined) continue;
      if (typeof set !== 'boolean') this.problems.add(`${where}.${flag} must be true or false`);
      else search[flag] = set;
    }
    if (search.search !== '') this.parameters[`${parameter}[value]`] = search.search;
    if (search.regex) this.parameters[`${parameter}[regex]`] = 'true';
    return search;
  }

  private ownColumn(value: unknown, column: number): number[] | null {
    return Array.isArray(value) && value.length === 1 && value[0] === column ? [column] : null;
  }

  private columnIndexes(value: unknown): number[] | null {
    const { maxColumns } = this.table.context.limits;
    if (!Array.isArray(value) || value.length > maxColumns) return null;
    const valid = value.every(
      (index, position) => isCount(index, 0) && index < maxColumns && value.indexOf(index) === position,
    );
    return valid ? (value as number[]) : null;
  }

  columns(value: unknown): SavedColumn[] | undefined {
    const { maxColumns } = this.table.context.limits;
    if (!Array.isArray(value)) {
      this.problems.add('state.columns must be an array');
      return undefined;
    }
    if (value.length > maxColumns) {
      this.problems.add(`state.columns has ${value.length} columns; at most ${maxColumns} are allowed`);
      return undefined;
    }
    return value.map((entry: unknown, index) => {
      const where = `state.columns[${index}]`;
      const column: SavedColumn = { name: '' };
      if (!isObject(entry)) {
        this.problems.add(`${where} must be an object`);
        return column;
      }
      this.unknownKeys(entry, COLUMN_KEYS, `${where}: `);
      if (typeof entry.name !== 'string') {
        this.problems.add(`${where}.name must be the column's field (a string, empty for a column of no field)`);
      } else if (entry.name !== '') {
        const problem = this.table.columnProblem(entry.name);
        if (problem) this.problems.add(`${where}.name: ${problem}`);
        column.name = entry.name;
      }
      this.parameters[`columns[${index}][data]`] = column.name;
      if (entry.visible !== undefined) {
        if (typeof entry.visible !== 'boolean') this.problems.add(`${where}.visible must be true or false`);
        else column.visible = entry.visible;
      }
      if (entry.search !== undefined) {
        const search = this.search(entry.search, `${where}.search`, `columns[${index}][search]`, index);
        if (search) column.search = search;
        if (search?.search) this.readAsTheClientSends(index, column.name, search.search);
      }
      return column;
    });
  }

  /**
   * The client sends a column search of a date column as `<field>__range` (`from,to`, one end may
   * be empty) and one of a multiple select as `<field>__in`: a list is read as the client sends it,
   * not as the column search (one value) that the state holds.
   */
  private readAsTheClientSends(index: number, name: string, value: string): void {
    if (!value.includes(',') || name === '') return;
    const kind = this.table.context.fields.get(name)?.kind;
    const allowed = Object.hasOwn(this.table.context.filters, name) ? this.table.context.filters[name]! : [];
    const lookup =
      (kind === 'date' || kind === 'datetime') && allowed.includes('range')
        ? 'range'
        : kind !== undefined && kind !== 'string' && allowed.includes('in')
          ? 'in'
          : null;
    if (lookup === null) return;
    delete this.parameters[`columns[${index}][search][value]`];
    this.parameters[`${name}__${lookup}`] = value;
  }

  order(value: unknown, columns: readonly SavedColumn[]): SavedState['order'] {
    if (!Array.isArray(value)) {
      this.problems.add('state.order must be an array of [column, "asc", "desc" or ""]');
      return undefined;
    }
    const { maxOrderingKeys } = this.table.context.limits;
    if (value.length > maxOrderingKeys) {
      this.problems.add(`state.order has ${value.length} entries; at most ${maxOrderingKeys} are allowed`);
      return undefined;
    }
    const order: NonNullable<SavedState['order']> = [];
    let sent = 0;
    value.forEach((entry: unknown, index) => {
      const where = `state.order[${index}]`;
      if (!Array.isArray(entry) || entry.length !== 2 || !DIRECTIONS.includes(entry[1] as SavedDirection)) {
        this.problems.add(`${where} must be [column index or name, "asc", "desc" or ""]`);
        return;
      }
      const [column, dir] = entry as [unknown, SavedDirection];
      const position =
        typeof column === 'string' ? columns.findIndex((saved) => saved.name === column && column !== '') : column;
      if (!isCount(position, 0) || position >= columns.length) {
        this.problems.add(`${where} names a column the state does not describe: ${quoted(String(column))}`);
        return;
      }
      // No direction: the table does not order by the column (DataTables' third click).
      if (dir !== '') {
        this.parameters[`order[${sent}][column]`] = String(position);
        this.parameters[`order[${sent}][dir]`] = dir;
        sent += 1;
      }
      order.push([column as number | string, dir]);
    });
    return order;
  }

  paging(state: Record<string, unknown>, saved: SavedState): void {
    const { maxPageSize, allowAll } = this.table.context;
    for (const key of ['start', 'page', 'time'] as const) {
      if (state[key] === undefined) continue;
      if (!isCount(state[key], 0)) this.problems.add(`state.${key} must be an integer >= 0`);
      else saved[key] = state[key];
    }
    if (state.length !== undefined) {
      const { length } = state;
      if (!Number.isSafeInteger(length) || !((length as number) >= 1 || (length === -1 && allowAll))) {
        this.problems.add(
          `state.length must be an integer from 1 to ${maxPageSize}${allowAll ? ' or -1 (every row)' : ''}`,
        );
      } else if ((length as number) > maxPageSize) {
        this.problems.add(`state.length is ${String(length)}; this table shows at most ${maxPageSize} rows a page`);
      } else {
        saved.length = length as number;
        this.parameters.length = String(length);
      }
    }
    if (saved.start !== undefined) this.parameters.start = String(saved.start);
  }
}

/**
 * The state a saved view keeps, from a DataTables state (parsed JSON): every key is checked, and its
 * search, column searches, ordering, paging and SearchBuilder criteria are read as a request to the
 * table would be (`parseTableRequest`), so a view cannot hold what the table's options refuse. Keys
 * other than {@link SAVED_STATE_KEYS} are refused; so is a state above `SAVED_VIEW_MAX_STATE_BYTES`.
 * Throws `SavedStateError` listing every problem.
 */
export function parseSavedViewState(state: unknown, table: SavedStateTable): SavedState {
  const bytes = Buffer.byteLength(JSON.stringify(state ?? null), 'utf8');
  if (bytes > SAVED_VIEW_MAX_STATE_BYTES) {
    throw new SavedStateError([`state has ${bytes} bytes; at most ${SAVED_VIEW_MAX_STATE_BYTES} are allowed`]);
  }
  if (!isObject(state)) throw new SavedStateError(['state must be a DataTables state object']);
  const reader = new StateReader(table);
  reader.unknownKeys(state, SAVED_STATE_KEYS, 'state: ');
  const saved: SavedState = {};
  reader.paging(state, saved);
  if (state.search !== undefined) saved.search = reader.search(state.search, 'state.search', 'search');
  if (state.searchGroups !== undefined) {
    if (!Array.isArray(state.searchGroups) || state.searchGroups.length > 0) {
      reader.problems.add('state.searchGroups must be empty: searches over groups of columns are not supported');
    } else saved.searchGroups = [];
  }
  const columns = state.columns === undefined ? [] : reader.columns(state.columns);
  if (columns && state.columns !== undefined) saved.columns = columns;
  if (state.order !== undefined) saved.order = reader.order(state.order, columns ?? []);
  if (state.searchBuilder !== undefined) {
    const tree = parseSavedSearchBuilder(state.searchBuilder, reader.problems, table.context.limits.maxCriteriaDepth);
    if (tree) {
      saved.searchBuilder = tree;
      if (tree.criteria?.length) reader.parameters.searchBuilder = tree;
    }
  }
  if (reader.problems.any) throw new SavedStateError(reader.problems.messages);
  try {
    parseTableRequest(reader.parameters, table.context);
  } catch (error) {
    if (!(error instanceof TableRequestError)) throw error;
    throw new SavedStateError(error.problems.map((problem) => `state: ${problem}`));
  }
  return saved;
}
