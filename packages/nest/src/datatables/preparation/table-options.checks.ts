import { parseOrderingField, LOOKUPS, type TableRequestContext } from '../model/index.js';

/**
 * Mistakes in an endpoint's own options (not in a request): a search field that is not text, an
 * ordering or filter path without a field, an unknown lookup, a default ordering not allowed.
 */
export function tableContextProblems(context: TableRequestContext): string[] {
  const problems: string[] = [];
  const { fields, searchFields, orderingFields, defaultOrdering, filters, pageSize, maxPageSize } = context;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    problems.push(`pageSize must be a positive integer, got ${pageSize}`);
  if (!Number.isSafeInteger(maxPageSize) || maxPageSize < 1) {
    problems.push(`maxPageSize must be a positive integer, got ${maxPageSize}`);
  }
  if (pageSize > maxPageSize) problems.push(`pageSize ${pageSize} exceeds maxPageSize ${maxPageSize}`);
  for (const path of searchFields) {
    if (fields.get(path)?.kind !== 'string') problems.push(`search field ${path} is not a text field`);
  }
  for (const path of orderingFields) {
    if (!fields.has(path)) problems.push(`ordering field ${path} is not a field`);
  }
  for (const field of defaultOrdering) {
    const { path } = parseOrderingField(field);
    if (!orderingFields.includes(path)) problems.push(`default ordering ${field} is not one of orderingFields`);
  }
  for (const [path, lookups] of Object.entries(filters)) {
    const field = fields.get(path);
    if (!field) problems.push(`filter ${path} is not a field`);
    for (const lookup of lookups) {
      if (!(LOOKUPS as readonly string[]).includes(lookup)) {
        problems.push(`filter ${path} has unknown lookup ${lookup}; lookups: ${LOOKUPS.join(', ')}`);
      } else if (lookup === 'icontains' && field && field.kind !== 'string') {
        problems.push(`filter ${path}__icontains needs a text field, ${path} is ${field.kind}`);
      }
    }
  }
  const panes = new Set<string>();
  for (const path of context.panes ?? []) {
    if (panes.has(path)) problems.push(`pane ${path} is listed twice`);
    panes.add(path);
  }
  return problems;
}
