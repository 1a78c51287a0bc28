import type { DataTableRequestParams, ShownRequest } from '../core/index.js';

/** Parameters that choose a page, not rows: a new page keeps the selection. */
const PAGE_PARAMETERS = new Set(['draw', 'offset', 'limit', 'start', 'length', 'page', 'page_size', 'ordering']);

/** The request's parameters that choose its rows, as one comparable text. */
export function selectionKey(params: DataTableRequestParams): string {
  const kept = Object.entries(params)
    .filter(([name, value]) => !PAGE_PARAMETERS.has(name) && value !== null && value !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return JSON.stringify(kept);
}

/**
 * The parameters of a bulk action over the shown request: its own, plus `confirm` (the number of
 * rows the user saw, when exact: the server refuses with 409 if another number matches) and
 * `all=true` when that number is the whole table's (the server refuses a request without any
 * condition unless it says so).
 */
export function bulkActionParams(shown: ShownRequest): DataTableRequestParams {
  return {
    ...shown.params,
    ...(shown.exact ? { confirm: shown.recordsFiltered } : {}),
    ...(shown.exact && shown.recordsFiltered === shown.recordsTotal ? { all: true } : {}),
  };
}

/**
 * The parameters of a bulk action over rows picked one by one: the shown request's (the server
 * keeps only the picked rows it still selects) with `ids` and `confirm`, their number (a 409 when
 * another number of them match now).
 */
export function pickedActionParams(shown: ShownRequest, ids: readonly (string | number)[]): DataTableRequestParams {
  return { ...shown.params, ids: ids.join(','), confirm: ids.length };
}

/** `template` with each `{name}` replaced by the value's text (numbers through `format`); unknown names kept. */
export function fillBulkText(
  template: string,
  values: Readonly<Record<string, unknown>>,
  format: (value: number) => string,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (typeof value === 'number') return format(value);
    return typeof value === 'string' ? value : whole;
  });
}
