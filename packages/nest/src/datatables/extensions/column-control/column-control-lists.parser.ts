import { nativeColumnPath, type NativeColumn } from '../../request/index.js';
import type { ColumnControlListRequest, TableRequestContext } from '../../model/index.js';

/**
 * The ColumnControl lists a request asks the options of: every declared list path
 * (`DataTableOptions.columnControl`) that a column of the request shows (`columns[i][name]`, else
 * `[data]`). Each goes in the answer under the key ColumnControl looks it up by first: the column's
 * name, else its data, else its index. DataTables describes every column in every request;
 * widgetlib's request translation describes the columns with a ColumnControl list.
 */
export function readColumnControlLists(
  columns: ReadonlyMap<number, NativeColumn>,
  context: TableRequestContext,
): ColumnControlListRequest[] {
  const declared = context.columnControl;
  if (!declared) return [];
  const byPath = new Map<string, ColumnControlListRequest>();
  for (const [index, column] of columns) {
    const path = nativeColumnPath(column);
    const limit = declared.lists.get(path);
    if (limit === undefined) continue;
    let list = byPath.get(path);
    if (!list) byPath.set(path, (list = { path, keys: [], columns: [], limit, cascade: declared.cascade }));
    list.keys.push(column.name || column.data || String(index));
    list.columns.push(index);
  }
  return [...byPath.values()];
}
