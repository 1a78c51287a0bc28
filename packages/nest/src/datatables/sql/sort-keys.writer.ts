import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import type { ResolvedPath } from './field-path.reader.js';
import { joinPairs, type TableSql } from './table-sql.writer.js';
import type { OrderKey } from '../model/index.js';

export interface SortKey {
  expression: string;
  descending: boolean;
}

/**
 * How the first sort key, a rank across a to-one relation, is joined: `left` keeps every row (rank
 * 0 where the relation is missing); `matched` keeps the rows that have the related row, inner joined
 * to the ranked rows in rank order, so that the planner can walk them and stop at the page; `missing`
 * keeps the rows that have none.
 */
export type FirstRankJoin = 'left' | 'matched' | 'missing';

/** The sort keys of an ordering, and whether the first one is a rank that {@link FirstRankJoin} can split. */
export interface SortKeys {
  keys: SortKey[];
  firstIsRank: boolean;
  /** The column of each ordering path in the query; null for a path ordered by its rank. */
  columns: (string | null)[];
}

/** Writes the keys that order a request's rows, with the joins they need. */
export class SortKeyWriter<T extends ObjectLiteral> {
  constructor(private readonly sql: TableSql<T>) {}

  /** The keys that order the values of `expression` (a column of `resolved`), ascending before any direction. */
  private valueKeys(expression: string, resolved: ResolvedPath): string[] {
    const keys = resolved.nullable ? [`CASE WHEN ${expression} IS NULL THEN 0 ELSE 1 END`] : [];
    if (this.sql.isText(resolved)) keys.push(...this.sql.textKeys(expression, resolved));
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
    join: FirstRankJoin,
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
    const owner = this.sql.column(query.alias, pair.owner);
    const relatedKey = this.sql.column(related, pair.other);
    const referencing = scope
      .clone()
      .select('1')
      .andWhere(`${this.sql.column(scope.alias, pair.owner)} = ${relatedKey}`)
      .getQuery();
    ranked
      .select(relatedKey, 'wl_key')
      .addSelect(resolved.nullable ? `CASE WHEN ${expression} IS NULL THEN 0 ELSE ${rank} END` : rank, 'wl_rank')
      .where(`EXISTS (${referencing})`);
    const rankColumn = this.sql.column(alias, 'wl_rank');
    const on = `${this.sql.column(alias, 'wl_key')} = ${owner}`;
    if (index > 0 || join === 'left') {
      query.leftJoin(`(${ranked.getQuery()})`, alias, on);
      return `COALESCE(${rankColumn}, 0)`;
    }
    if (join === 'matched') {
      query.innerJoin(`(${ranked.orderBy(this.sql.escape('wl_rank')).getQuery()})`, alias, on);
      return rankColumn;
    }
    query.andWhere(this.missingRelation(first, owner, pair.other));
    return '0';
  }

  /**
   * Whether the row at `owner` (its join column) has no row of `relation`: a null join column, or,
   * unless a foreign key constraint rules it out, one that refers to no row.
   */
  private missingRelation(relation: RelationMetadata, owner: string, other: string): string {
    const ownsKey = relation.isManyToOne || relation.isOneToOneOwner;
    if (ownsKey && relation.foreignKeys.length > 0) return `${owner} IS NULL`;
    const table = this.sql.table(relation.inverseEntityMetadata);
    const alias = this.sql.escape('wl_missing');
    const orphan = `NOT EXISTS (SELECT 1 FROM ${table} ${alias} WHERE ${alias}.${this.sql.escape(other)} = ${owner})`;
    return ownsKey ? `(${owner} IS NULL OR ${orphan})` : orphan;
  }

  /**
   * The sort keys of an ordering, with the joins they need added to `query`. Nulls sort first
   * ascending on every database; text sorts naturally (or case-folded under
   * `binaryCollation`), then by code point. With `scope`
   * (a request that does not filter), a path across relations sorts by its rank among the related
   * rows ({@link rankKey}); otherwise by its value keys over a LEFT join per relation, which costs in
   * proportion to the filtered rows rather than to the related table.
   */
  sortKeys(
    query: SelectQueryBuilder<T>,
    ordering: readonly OrderKey[],
    scope: SelectQueryBuilder<T> | null,
    firstRankJoin: FirstRankJoin = 'left',
  ): SortKeys {
    const joins = new Map<string, string>();
    const keys: SortKey[] = [];
    const columns: (string | null)[] = [];
    let firstIsRank = false;
    ordering.forEach(({ path, descending }, index) => {
      const resolved = this.sql.resolved(path);
      const rank =
        scope && resolved.relations.length > 0 ? this.rankKey(query, resolved, scope, index, firstRankJoin) : null;
      if (rank) {
        if (index === 0) firstIsRank = true;
        keys.push({ expression: rank, descending });
        columns.push(null);
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
      columns.push(expression);
      keys.push(...this.valueKeys(expression, resolved).map((key) => ({ expression: key, descending })));
    });
    return { keys, firstIsRank, columns };
  }
}
