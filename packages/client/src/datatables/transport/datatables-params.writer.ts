import { parseBooleanWord } from '#rules/boolean-words.js';
import {
  columnFieldName,
  columnFilterType,
  settingsColumns,
  type DataTableRequestParams,
  type DataTablesAjaxData as AjaxData,
  type DataTableSettingsLike,
} from '../core/index.js';
import { extensionParams } from './datatables-extensions.format.js';

/**
 * The spec's table 4.3 made exact (docs/design.md 3): `start` -> `offset`, `length` -> `limit`,
 * `search[value]` -> `search`, every ordered column -> one comma-separated `ordering` (`-` for
 * descending), `draw` -> `draw`, and each column's search value -> its filter parameter; the search
 * extensions' parameters as `extensionParams` writes them.
 */
export function formatDataTableParams(
  dataTableParams: AjaxData,
  settings: DataTableSettingsLike,
): DataTableRequestParams {
  return {
    draw: dataTableParams.draw,
    offset: dataTableParams.start,
    limit: dataTableParams.length,
    ...searchAndOrdering(dataTableParams),
    ...columnFilterParams(dataTableParams, settings),
    ...extensionParams(dataTableParams),
  };
}

/**
 * The page-based variant of spec 4.3: `page` (floor(start / length) + 1) and `page_size` instead of
 * `offset` and `limit`; search, ordering, filters and SearchPanes' parameters as in `formatDataTableParams`.
 */
export function formatDataTablePageParams(
  dataTableParams: AjaxData,
  settings: DataTableSettingsLike,
): DataTableRequestParams {
  const start = dataTableParams.start ?? 0;
  const length = dataTableParams.length ?? -1;
  const paging = length > 0 ? { page: Math.floor(start / length) + 1, page_size: length } : {};
  return {
    draw: dataTableParams.draw,
    ...paging,
    ...searchAndOrdering(dataTableParams),
    ...columnFilterParams(dataTableParams, settings),
    ...extensionParams(dataTableParams),
  };
}

function searchAndOrdering(dataTableParams: AjaxData): DataTableRequestParams {
  const params: DataTableRequestParams = {};
  const search = dataTableParams.search?.value;
  if (typeof search === 'string' && search.trim() !== '') params.search = search;
  const ordering = orderingParam(dataTableParams);
  if (ordering) params.ordering = ordering;
  return params;
}

/** Every ordered column in order of priority, by its field name; unnamed columns are skipped. */
export function orderingParam(dataTableParams: AjaxData): string | null {
  const fields: string[] = [];
  for (const order of dataTableParams.order ?? []) {
    if (order.dir !== 'asc' && order.dir !== 'desc') continue;
    const field = columnFieldName(dataTableParams.columns?.[order.column]);
    if (!field || fields.some((existing) => existing.replace(/^-/, '') === field)) continue;
    fields.push(order.dir === 'desc' ? `-${field}` : field);
  }
  return fields.length > 0 ? fields.join(',') : null;
}

/**
 * Column filters by column type: string -> `<name>__icontains`, number -> `<name>`, boolean ->
 * `<name>` (`true`/`false`), date -> `<name>__range` (`from,to` ISO dates), select -> `<name>`,
 * select2 -> `<name>__in` (comma-separated), readonly -> nothing.
 */
export function columnFilterParams(dataTableParams: AjaxData, settings: DataTableSettingsLike): DataTableRequestParams {
  const params: DataTableRequestParams = {};
  (dataTableParams.columns ?? []).forEach((column, index) => {
    const value = column.search?.value;
    if (typeof value !== 'string' || value.trim() === '') return;
    const field = columnFieldName(column);
    if (!field) return;
    const filter = columnFilter(field, columnFilterType(settingsColumns(settings)?.[index]?.type), value.trim());
    if (filter) params[filter[0]] = filter[1];
  });
  return params;
}

function columnFilter(
  field: string,
  type: ReturnType<typeof columnFilterType>,
  value: string,
): [string, string] | null {
  switch (type) {
    case 'string':
      return [`${field}__icontains`, value];
    case 'number':
    case 'select':
      return [field, value];
    case 'boolean': {
      const flag = parseBooleanWord(value);
      return flag === undefined ? null : [field, String(flag)];
    }
    case 'date':
      return [`${field}__range`, value];
    case 'select2':
      return [`${field}__in`, value];
    case 'readonly':
      return null;
  }
}

/**
 * `url` with `params` added to its query string (kept: what `url` already has). Arrays give one
 * parameter per element; null and undefined are left out. Relative URLs resolve against `base`.
 */
export function buildRequestUrl(url: string, params: DataTableRequestParams, base: string): string {
  const target = new URL(url, base);
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number | boolean>)
        target.searchParams.append(name, String(item));
    } else {
      target.searchParams.set(name, String(value));
    }
  }
  return target.toString();
}
