import { parseBooleanWord } from '#rules/boolean-words.js';
import { readInteger } from './filter-value.parser.js';
import type { QueryParameters } from './query-string.parser.js';
import { quoted, type RequestProblems } from '../model/index.js';

/**
 * DataTables' own server-side parameters: `columns[i][data|name|searchable|orderable]`,
 * `columns[i][search][value|regex]` and `order[i][column|dir|name]`.
 */
const NATIVE_ORDER = /^order\[(\d{1,4})\]\[(column|dir|name)\]$/;
const NATIVE_COLUMN = /^columns\[(\d{1,4})\]\[(data|name|searchable|orderable)\]$/;
const NATIVE_COLUMN_SEARCH = /^columns\[(\d{1,4})\]\[search\]\[(value|regex)\]$/;
/** ColumnControl's: `columns[i][columnControl][search][value|logic|type|mask]` and `[list][j]`. */
const COLUMN_CONTROL_SEARCH = /^columns\[(\d{1,4})\]\[columnControl\]\[search\]\[(value|logic|type|mask)\]$/;
const COLUMN_CONTROL_LIST = /^columns\[(\d{1,4})\]\[columnControl\]\[list\](\[\d{0,4}\])?$/;

/** A ColumnControl search of one column as sent. */
export interface ColumnControlSearch {
  value?: string;
  logic?: string;
  type?: string;
  mask?: string;
}

export interface NativeColumn {
  data?: string;
  name?: string;
  searchable?: string;
  orderable?: string;
  searchValue?: string;
  searchRegex?: string;
  controlSearch?: ColumnControlSearch;
  /** ColumnControl's list selection. */
  controlList?: string[];
}

interface NativeOrder {
  column?: string;
  dir?: string;
  name?: string;
}

/** An `order[i]` entry read: the field it names, before the endpoint's options are checked. */
export interface NativeOrderKey {
  /** The parameter that named the field, for messages. */
  parameter: string;
  path: string;
  descending: boolean;
}

/** Whether the parameter is one of DataTables' `columns[i]` or `order[i]` parameters. */
export function isNativeParameter(name: string): boolean {
  return [NATIVE_ORDER, NATIVE_COLUMN, NATIVE_COLUMN_SEARCH, COLUMN_CONTROL_SEARCH, COLUMN_CONTROL_LIST].some(
    (pattern) => pattern.test(name),
  );
}

/** The field a native column stands for: its `name`, else its `data` with `.` read as `__`. */
export function nativeColumnPath(column: NativeColumn): string {
  return column.name || (column.data ?? '').replaceAll('.', '__');
}

/** A native `searchable`/`orderable` flag: true when absent. */
export function nativeFlag(problems: RequestProblems, name: string, text: string | undefined): boolean {
  if (text === undefined) return true;
  const value = parseBooleanWord(text);
  if (value === undefined) problems.add(`${name} must be true or false, got ${quoted(text)}`);
  return value ?? true;
}

/** The `columns[i]` the request describes, by index; at most `maxColumns` of them. */
export function readNativeColumns(
  params: QueryParameters,
  problems: RequestProblems,
  maxColumns: number,
): Map<number, NativeColumn> {
  const columns = new Map<number, NativeColumn>();
  const column = (index: string): NativeColumn => {
    const key = Number(index);
    let found = columns.get(key);
    if (!found) columns.set(key, (found = {}));
    return found;
  };
  for (const name of params.names()) {
    const plain = NATIVE_COLUMN.exec(name);
    const search = plain ? null : NATIVE_COLUMN_SEARCH.exec(name);
    const controlSearch = plain || search ? null : COLUMN_CONTROL_SEARCH.exec(name);
    const controlList = plain || search || controlSearch ? null : COLUMN_CONTROL_LIST.exec(name);
    const index = (plain ?? search ?? controlSearch ?? controlList)?.[1];
    if (index === undefined) continue;
    if (!columns.has(Number(index)) && columns.size >= maxColumns) {
      problems.add(`columns: at most ${maxColumns} columns[i] entries are allowed`);
      break;
    }
    if (controlList) {
      const found = column(index);
      found.controlList = [...(found.controlList ?? []), ...params.all(name)];
      continue;
    }
    const value = params.single(name);
    if (value === undefined) continue;
    if (plain) column(index)[plain[2] as 'data' | 'name' | 'searchable' | 'orderable'] = value;
    else if (search) column(index)[search[2] === 'value' ? 'searchValue' : 'searchRegex'] = value;
    else {
      const found = column(index);
      found.controlSearch = { ...found.controlSearch, [controlSearch![2] as keyof ColumnControlSearch]: value };
    }
  }
  return columns;
}

/**
 * The fields the `order[i]` entries name, in index order: by `order[i][name]`, or by the orderable
 * column `order[i][column]` refers to; at most `maxOrderingKeys` entries.
 */
export function readNativeOrdering(
  params: QueryParameters,
  problems: RequestProblems,
  columns: ReadonlyMap<number, NativeColumn>,
  maxOrderingKeys: number,
): NativeOrderKey[] {
  const orders = new Map<number, NativeOrder>();
  for (const name of params.names()) {
    const match = NATIVE_ORDER.exec(name);
    if (!match) continue;
    const value = params.single(name);
    if (value === undefined) continue;
    const index = Number(match[1]);
    const order = orders.get(index) ?? {};
    order[match[2] as keyof NativeOrder] = value;
    orders.set(index, order);
  }
  if (orders.size > maxOrderingKeys) {
    problems.add({ code: 'table.too-many-order-entries', params: { count: orders.size, max: maxOrderingKeys } });
    return [];
  }
  const keys: NativeOrderKey[] = [];
  for (const index of [...orders.keys()].sort((a, b) => a - b)) {
    const order = orders.get(index)!;
    const dir = (order.dir ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') {
      problems.add(`order[${index}][dir] must be asc or desc, got ${quoted(order.dir ?? '')}`);
      continue;
    }
    let path = order.name;
    const parameter = `order[${index}][${path ? 'name' : 'column'}]`;
    if (!path) {
      if (order.column === undefined) {
        problems.add(`order[${index}] needs order[${index}][column] or order[${index}][name]`);
        continue;
      }
      const columnIndex = readInteger(problems, parameter, order.column, 0, 9999, 'a column index (an integer >= 0)');
      if (columnIndex === undefined) continue;
      const column = columns.get(columnIndex);
      if (!column) {
        problems.add(`${parameter} refers to column ${columnIndex}, which the request does not describe`);
        continue;
      }
      if (!nativeFlag(problems, `columns[${columnIndex}][orderable]`, column.orderable)) {
        problems.add(`${parameter} refers to column ${columnIndex}, which is not orderable`);
        continue;
      }
      path = nativeColumnPath(column);
    }
    keys.push({ parameter, path, descending: dir === 'desc' });
  }
  return keys;
}
