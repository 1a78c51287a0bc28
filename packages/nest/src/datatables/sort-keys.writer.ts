import type { ObjectLiteral, RelationMetadata, SelectQueryBuilder } from 'typeorm';
import type { ResolvedPath } from './field-path.resolver.js';
import { joinPairs, type TableSql } from './table-sql.context.js';
import type { OrderKey } from './table-request.types.js';

export interface SortKey {
  expression: string;
  descending: boolean;
}

/** Writes the keys that order a request's rows, with the joins they need. */
export class SortKeyWriter<T extends ObjectLiteral> {
  constructor(private readonly sql: TableSql<T>) {}

  /** The keys that order the values of `expression` (a column of `resolved`), ascending before any direction. */
  private valueKeys(expression: string, resolved: ResolvedPath): string[] {
    const keys = resolved.nullable ? [`CASE WHEN ${expression} IS NULL THEN 0 ELSE 1 END`] : [];
    if (this.sql.isText(resolved))
      keys.push(this.sql.dialect.binary(this.sql.dialect.fold(expression)), this.sql.dialect.binary(expression));
    else keys.push(expression);
    return keys;
  }

  /**
   * The rank of the path's value among the related rows that the rows of `scope` refer to: a derived
   * table of the first related table (with the path's further to-one relations) that numbers its rows
   * with DENSE_RANK over the path's value keys, null values 0, LEFT joined to `query` on the first
   * relation's join column. Ordering by that rank (0 when the relation is missing) orders exactly as
   * the value keys would, with the keys computed once per related row instead of once per listed row.
   * Null when the first relation does not join on a single column.
   */
  private rankKey(
    query: SelectQueryBuilder<T>,
    resolved: ResolvedPath,
    scope: SelectQueryBuilder<T>,
    index: number,
  ): string | null {
    const [first, ...rest] = resolved.relations as [RelationMetadata, ...RelationMetadata[]];
    const pairs = joinPairs(first);
    if (!pairs || pairs.length !== 1) return null;
    const [pair] = pairs as [{ owner: string; other: string }];
    const alias = `wl_r${index}`;
    const related = `${alias}_0`;
    const ranked = this.sql.base.connection.createQueryBuilder().from(first.inverseEntityMetadata.target, related);
    let parent = related;
    rest.forEach((relation, hop) => {
      const next = `${related}_${hop + 1}`;
      ranked.leftJoin(`${parent}.${relation.propertyPath}`, next);
      parent = next;
    });
    const expression = this.sql.column(parent, resolved.column.databaseName);
    const rank = `DENSE_RANK() OVER (ORDER BY ${this.valueKeys(expression, resolved).join(', ')})`;
    const referenced = scope.clone().select(this.sql.column(scope.alias, pair.owner)).getQuery();
    ranked
      .select(this.sql.column(related, pair.other), 'wl_key')
      .addSelect(resolved.nullable ? `CASE WHEN ${expression} IS NULL THEN 0 ELSE ${rank} END` : rank, 'wl_rank')
      .where(`${this.sql.column(related, pair.other)} IN (${referenced})`);
    query.leftJoin(
      `(${ranked.getQuery()})`,
      alias,
      `${this.sql.column(alias, 'wl_key')} = ${this.sql.column(query.alias, pair.owner)}`,
    );
    return `COALESCE(${this.sql.column(alias, 'wl_rank')}, 0)`;
  }

  /**
   * The sort keys of an ordering, with the joins they need added to `query`. Nulls sort first
   * ascending on every database; text sorts case-insensitively, then by code point. With `scope`
   * (a request that does not filter), a path across relations sorts by its rank among the related
   * rows ({@link rankKey}); otherwise by its value keys over a LEFT join per relation, which costs in
   * proportion to the filtered rows rather than to the related table.
   */
  sortKeys(
    query: SelectQueryBuilder<T>,
    ordering: readonly OrderKey[],
    scope: SelectQueryBuilder<T> | null,
  ): SortKey[] {
    const joins = new Map<string, string>();
    const keys: SortKey[] = [];
    ordering.forEach(({ path, descending }, index) => {
      const resolved = this.sql.resolved(path);
      const rank = scope && resolved.relations.length > 0 ? this.rankKey(query, resolved, scope, index) : null;
      if (rank) {
        keys.push({ expression: rank, descending });
        return;
      }
      let parent = query.alias;
      let prefix = '';
      for (const relation of resolved.relations) {
        prefix += `__${relation.propertyPath}`;
        let alias = joins.get(prefix);
        if (!alias) {
          alias = `wl_j${joins.size}`;
          query.leftJoin(`${parent}.${relation.propertyPath}`, alias);
          joins.set(prefix, alias);
        }
        parent = alias;
      }
      const expression = this.sql.column(parent, resolved.column.databaseName);
      keys.push(...this.valueKeys(expression, resolved).map((key) => ({ expression: key, descending })));
    });
    return keys;
  }
}
