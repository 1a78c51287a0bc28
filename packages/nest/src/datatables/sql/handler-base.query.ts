import { FindOptionsUtils, Repository, SelectQueryBuilder, type ObjectLiteral } from 'typeorm';

/** A repository's whole table with its eager relations joined, as `find()` would load it. */
export function eagerRepositoryQuery<T extends ObjectLiteral>(repository: Repository<T>): SelectQueryBuilder<T> {
  const query = repository.createQueryBuilder('entity');
  FindOptionsUtils.joinEagerRelations(query, query.alias, repository.metadata);
  return query;
}

/**
 * The base query a data-table handler returned: its `SelectQueryBuilder`, or a `Repository`'s
 * whole table with its eager relations; null for anything else (an envelope the handler built).
 */
export function handlerBaseQuery(result: unknown): SelectQueryBuilder<ObjectLiteral> | null {
  if (result instanceof SelectQueryBuilder) return result as SelectQueryBuilder<ObjectLiteral>;
  if (result instanceof Repository) return eagerRepositoryQuery(result as Repository<ObjectLiteral>);
  return null;
}
