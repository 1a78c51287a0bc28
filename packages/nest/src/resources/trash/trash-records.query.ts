import {
  In,
  LessThan,
  type EntityManager,
  type EntityMetadata,
  type ObjectLiteral,
  type SelectQueryBuilder,
} from 'typeorm';
import { isolatedBase } from '../../datatables/internal.js';
import { removalsWatched, removeRecords } from '../record-removal.query.js';

/** The entity's `@DeleteDateColumn`: when it has one, its resource deletes softly and keeps a trash. */
export function trashColumn(metadata: EntityMetadata): EntityMetadata['deleteDateColumn'] {
  return metadata.deleteDateColumn;
}

/**
 * The base query narrowed to the records in the trash: those it gives the user (its scope kept in
 * brackets), deleted softly. TypeORM leaves deleted records out of every other statement.
 */
export function trashQuery<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const query = isolatedBase(base).withDeleted();
  const column = trashColumn(query.expressionMap.mainAlias!.metadata)!;
  return query.andWhere(`${query.alias}.${column.propertyPath} IS NOT NULL`);
}

const byKeys = (metadata: EntityMetadata, keys: readonly unknown[]) => ({
  [metadata.primaryColumns[0]!.propertyName]: In([...keys]),
});

/**
 * Moves the records whose primary keys are `keys` to the trash when the entity has a
 * `@DeleteDateColumn` (one UPDATE, or each record soft-removed as an entity when soft removals are
 * watched), else deletes them for good.
 */
export async function discardRecords(manager: EntityManager, metadata: EntityMetadata, keys: unknown[]): Promise<void> {
  if (!trashColumn(metadata)) return removeRecords(manager, metadata, keys);
  const where = byKeys(metadata, keys);
  if (!removalsWatched(manager, metadata, 'SoftRemove')) {
    await manager.softDelete(metadata.target, where);
    return;
  }
  await manager.softRemove(await manager.find<ObjectLiteral>(metadata.target, { where }));
}

/** Takes the records whose primary keys are `keys` out of the trash. */
export async function restoreRecords(manager: EntityManager, metadata: EntityMetadata, keys: unknown[]): Promise<void> {
  const where = byKeys(metadata, keys);
  if (!removalsWatched(manager, metadata, 'Recover')) {
    await manager.restore(metadata.target, where);
    return;
  }
  await manager.recover(await manager.find<ObjectLiteral>(metadata.target, { where, withDeleted: true }));
}

/** The primary keys of at most `limit` records deleted before `cutoff`, every scope's. */
export async function expiredKeys(
  manager: EntityManager,
  metadata: EntityMetadata,
  cutoff: Date,
  limit: number,
): Promise<unknown[]> {
  const column = trashColumn(metadata)!;
  const primary = metadata.primaryColumns[0]!;
  const rows = await manager.find<ObjectLiteral>(metadata.target, {
    select: { [primary.propertyName]: true },
    where: { [column.propertyName]: LessThan(cutoff) },
    withDeleted: true,
    take: limit,
  });
  return rows.map((row) => primary.getEntityValue(row));
}
