import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Whether a base query lists every row of its entity, so that its user may learn the keys and kind
 * of any change: no condition, only LEFT joins (which keep every row), and not one entity of a
 * table shared by several. TypeORM's own condition leaving soft-deleted rows out is no one's scope.
 * Whatever is in doubt counts as a scope.
 */
export function listsEveryRow(base: SelectQueryBuilder<ObjectLiteral>): boolean {
  const { expressionMap } = base;
  const metadata = expressionMap.mainAlias?.hasMetadata ? expressionMap.mainAlias.metadata : undefined;
  if (!metadata) return false;
  return (
    expressionMap.wheres.length === 0 &&
    expressionMap.havings.length === 0 &&
    expressionMap.joinAttributes.every((join) => join.direction === 'LEFT') &&
    !(metadata.discriminatorColumn && metadata.parentEntityMetadata)
  );
}
