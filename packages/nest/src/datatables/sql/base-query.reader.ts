import {
  Brackets,
  type EntityMetadata,
  type ObjectLiteral,
  type SelectQueryBuilder,
  type WhereExpressionBuilder,
} from 'typeorm';

/**
 * The base query for counting and for finding the page's ids. A LEFT join that no condition and no
 * other join refers to cannot change which rows of the listed entity there are, so it is left out
 * there (the page statement keeps it, to load the relation). Whatever is in doubt is kept.
 */
export function withoutUnusedLeftJoins<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const query = base.clone();
  if (!query.expressionMap.joinAttributes.some((join) => join.direction === 'LEFT')) return query;
  const escape = (name: string) => base.connection.driver.escape(name);
  // Without conditions and orderings of its own, the base's statement mentions no joined alias.
  const { wheres, orderBys } = base.expressionMap;
  let conditions = '';
  if (wheres.length > 0 || Object.keys(orderBys).length > 0) {
    const probe = base.clone();
    probe.expressionMap.joinAttributes = [];
    conditions = probe.select('1').getQuery();
  }
  const mentions = (text: string | undefined, alias: string) =>
    !!text && (text.includes(`${alias}.`) || text.includes(`${escape(alias)}.`));
  let joins = query.expressionMap.joinAttributes;
  for (;;) {
    const kept = joins.filter((join) => {
      const alias = join.alias.name;
      return (
        join.direction !== 'LEFT' ||
        mentions(conditions, alias) ||
        joins.some((other) => other !== join && (other.parentAlias === alias || mentions(other.condition, alias)))
      );
    });
    if (kept.length === joins.length) break;
    joins = kept;
  }
  query.expressionMap.joinAttributes = joins;
  return query;
}

/**
 * Whether `scope` reads every row of the listed entity's table: no condition or join of its own, and
 * none that TypeORM adds (soft-deleted rows left out, the other entities of a single table).
 */
export function readsWholeTable(scope: SelectQueryBuilder<ObjectLiteral>): boolean {
  const { expressionMap } = scope;
  const metadata = expressionMap.mainAlias!.metadata;
  return (
    expressionMap.wheres.length === 0 &&
    expressionMap.joinAttributes.length === 0 &&
    (!metadata.deleteDateColumn || expressionMap.withDeleted) &&
    !(metadata.discriminatorColumn && metadata.parentEntityMetadata)
  );
}

/** Whether joins of the base query can repeat a row of the listed entity. */
export function hasToManyJoins(query: SelectQueryBuilder<ObjectLiteral>): boolean {
  return query.expressionMap.joinAttributes.some((join) => join.isMany || !join.relation);
}

/** The base query with its own WHERE in brackets, so that conditions added with AND keep its meaning. */
export function isolatedBase<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const query = base.clone();
  const own = query.expressionMap.wheres;
  if (own.length > 0) {
    query.expressionMap.wheres = [];
    query.where(
      new Brackets((inner: WhereExpressionBuilder) => {
        (inner as SelectQueryBuilder<T>).expressionMap.wheres = own;
      }),
    );
  }
  return query.orderBy();
}

export function checkBase(base: SelectQueryBuilder<ObjectLiteral>): void {
  const { expressionMap } = base;
  const metadata = expressionMap.mainAlias?.hasMetadata ? expressionMap.mainAlias.metadata : undefined;
  if (!metadata) throw new Error('a data table needs a query builder over an entity');
  if (metadata.primaryColumns.length !== 1) {
    throw new Error(
      `a data table needs an entity with a single-column primary key; ${metadata.name} has ${metadata.primaryColumns.length}`,
    );
  }
  if (
    expressionMap.groupBys.length > 0 ||
    expressionMap.havings.length > 0 ||
    expressionMap.limit !== undefined ||
    expressionMap.offset !== undefined ||
    expressionMap.skip !== undefined ||
    expressionMap.take !== undefined
  ) {
    throw new Error('the base query of a data table must not group, limit, offset, skip or take: the table pages it');
  }
}

/** The entities the query reads: its main alias and every joined one. */
export function aliasMetadata(query: SelectQueryBuilder<ObjectLiteral>): EntityMetadata[] {
  return query.expressionMap.aliases.filter((alias) => alias.hasMetadata).map((alias) => alias.metadata);
}
