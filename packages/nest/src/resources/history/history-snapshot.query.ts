import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata.js';
import type { EntityManager, EntityMetadata, ObjectLiteral } from 'typeorm';
import type { HistoryField, HistorySnapshot } from './history-changes.writer.js';

const KEYS_PARAMETER = 'widgetlibHistoryKeys';

/** A value as a revision keeps it: JSON (a date as ISO 8601, bytes as base64, a big integer as text). */
function historyValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(historyValue);
  return value;
}

/** The own columns a revision records: not the key, nor the ones every write changes by itself. */
const recordedColumns = (metadata: EntityMetadata): ColumnMetadata[] =>
  metadata.columns.filter(
    (column) =>
      !column.isPrimary && !column.relationMetadata && !column.isVersion && !column.isUpdateDate && !column.isVirtual,
  );

const toOne = (relation: RelationMetadata) => relation.isManyToOne || relation.isOneToOneOwner;
const toMany = (relation: RelationMetadata) => relation.isManyToMany || relation.isOneToMany;

/** The fields of an entity its history records, in the entity's order: columns, to-one keys, to-many keys. */
export function historyFields(metadata: EntityMetadata): HistoryField[] {
  return [
    ...recordedColumns(metadata).map((column) => ({ name: column.propertyPath, kind: 'value' as const })),
    ...metadata.relations.filter(toOne).map((relation) => ({ name: relation.propertyPath, kind: 'value' as const })),
    ...metadata.relations.filter(toMany).map((relation) => ({ name: relation.propertyPath, kind: 'many' as const })),
  ];
}

/**
 * The records of `keys` as their history sees them, by their key as text, read through `manager`
 * (inside the write's transaction), soft-deleted ones included. A record not found is absent.
 */
export async function historySnapshots(
  manager: EntityManager,
  metadata: EntityMetadata,
  keys: readonly unknown[],
): Promise<Map<string, HistorySnapshot>> {
  const snapshots = new Map<string, HistorySnapshot>();
  if (keys.length === 0) return snapshots;
  const primary = metadata.primaryColumns[0]!;
  const alias = 'record';
  const query = manager
    .getRepository<ObjectLiteral>(metadata.target)
    .createQueryBuilder(alias)
    .withDeleted()
    .where(`${alias}.${primary.propertyPath} IN (:...${KEYS_PARAMETER})`, { [KEYS_PARAMETER]: keys })
    .loadAllRelationIds({
      relations: metadata.relations
        .filter((relation) => toOne(relation) || toMany(relation))
        .map((r) => r.propertyPath),
    });
  // A column kept out of reads (`select: false`, a password's hash) still tells whether it changed.
  for (const column of recordedColumns(metadata).filter((column) => !column.isSelect)) {
    query.addSelect(`${alias}.${column.propertyPath}`);
  }
  const columns = recordedColumns(metadata);
  const relations = metadata.relations.filter((relation) => toOne(relation) || toMany(relation));
  for (const record of await query.getMany()) {
    const snapshot: Record<string, unknown> = {};
    for (const column of columns) snapshot[column.propertyPath] = historyValue(column.getEntityValue(record));
    for (const relation of relations) {
      const value = historyValue(relation.getEntityValue(record));
      snapshot[relation.propertyPath] = toMany(relation) ? (Array.isArray(value) ? value : []) : value;
    }
    snapshots.set(String(primary.getEntityValue(record)), snapshot);
  }
  return snapshots;
}
