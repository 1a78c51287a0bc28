import type { OrderKey } from './table-request.types.js';

/** `-year` -> year, descending. */
export function parseOrderingField(field: string): OrderKey {
  return field.startsWith('-') ? { path: field.slice(1), descending: true } : { path: field, descending: false };
}
