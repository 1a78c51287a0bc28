import type { EntityMetadata } from 'typeorm';
import type { ResolvedPath } from '../datatables/internal.js';

/**
 * The entities, other than the table's own, whose rows a table shows or reads through the relations
 * its declared paths cross (`artist__name`, `genres__name`, `release__label__name`: each entity on
 * the way), by metadata name as notices name them.
 */
export function relatedEntities(own: EntityMetadata, paths: Iterable<ResolvedPath>): string[] {
  const names = new Set<string>();
  for (const { relations } of paths) for (const relation of relations) names.add(relation.inverseEntityMetadata.name);
  names.delete(own.name);
  return [...names].sort();
}
