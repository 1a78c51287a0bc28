import type { EntityMetadata } from 'typeorm';

/**
 * TypeORM's metadata of a relation. TypeORM 1 exports `RelationMetadata` from its root, 0.3 does
 * not: named through `EntityMetadata`, the declarations compile against both.
 */
export type RelationMetadata = EntityMetadata['relations'][number];
