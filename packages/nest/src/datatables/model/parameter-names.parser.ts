import type { Lookup, OrderKey } from './table-request.types.js';

/** `-year` -> year, descending. */
export function parseOrderingField(field: string): OrderKey {
  return field.startsWith('-') ? { path: field.slice(1), descending: true } : { path: field, descending: false };
}

/** The query parameter of a column filter: `<path>` for `exact`, `<path>__<lookup>` otherwise. */
export function filterParameterName(path: string, lookup: Lookup): string {
  return lookup === 'exact' ? path : `${path}__${lookup}`;
}

/** The parameter SearchBuilder sends its criteria in, as JSON or as bracketed names. */
export const SEARCH_BUILDER_PARAMETER = 'searchBuilder';

/** Whether a parameter is SearchBuilder's (`searchBuilder`, `searchBuilder[...]`). */
export function isSearchBuilderParameter(name: string): boolean {
  return name === SEARCH_BUILDER_PARAMETER || name.startsWith(`${SEARCH_BUILDER_PARAMETER}[`);
}
