import { In, type EntityManager, type EntityMetadata, type ObjectLiteral } from 'typeorm';

/** The kinds of removal TypeORM tells listeners about: a delete, a soft delete, a restore from the trash. */
export type RemovalKind = 'Remove' | 'SoftRemove' | 'Recover';

/**
 * Whether removals of the entity (of `kind`) are watched: by its own listeners (`@BeforeRemove`) or
 * by a subscriber of the data source (`HelpWriteSubscriber` for `Help`, a host's audit), which
 * TypeORM tells about the entities it removes, but nothing about a delete by criteria.
 */
export function removalsWatched(
  manager: EntityManager,
  metadata: EntityMetadata,
  kind: RemovalKind = 'Remove',
): boolean {
  if (metadata[`before${kind}Listeners`].length > 0 || metadata[`after${kind}Listeners`].length > 0) return true;
  return manager.connection.subscribers.some((subscriber) => {
    if (!subscriber[`before${kind}`] && !subscriber[`after${kind}`]) return false;
    const target = subscriber.listenTo?.();
    return (
      !target ||
      target === Object ||
      target === metadata.target ||
      (typeof target === 'function' &&
        typeof metadata.target === 'function' &&
        Object.prototype.isPrototypeOf.call(target, metadata.target))
    );
  });
}

/**
 * Deletes the records whose primary keys are `keys`: one DELETE, or, when removals are watched,
 * each record loaded and removed as an entity, so that every watcher sees every record (the history
 * of a help entry keeps what was deleted).
 */
export async function removeRecords(manager: EntityManager, metadata: EntityMetadata, keys: unknown[]): Promise<void> {
  const where = { [metadata.primaryColumns[0]!.propertyName]: In(keys) };
  if (!removalsWatched(manager, metadata)) {
    await manager.delete(metadata.target, where);
    return;
  }
  // A record in the trash (`@DeleteDateColumn`) is deleted for good too.
  await manager.remove(await manager.find<ObjectLiteral>(metadata.target, { where, withDeleted: true }));
}
