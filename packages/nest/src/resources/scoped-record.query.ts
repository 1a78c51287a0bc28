import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { isolatedBase, withoutUnusedLeftJoins } from '../datatables/internal.js';

const RECORD_KEY_PARAMETER = 'widgetlibRecordKey';

/**
 * The base query narrowed to the record whose primary key is `key`. The base's own conditions are
 * kept in brackets, exactly as the list applies them, so that an `OR` in the host's scope cannot
 * let another record through.
 */
export function scopedRecordQuery<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  key: unknown,
): SelectQueryBuilder<T> {
  const query = isolatedBase(base);
  const primary = query.expressionMap.mainAlias!.metadata.primaryColumns[0]!;
  return query.andWhere(`${query.alias}.${primary.propertyPath} = :${RECORD_KEY_PARAMETER}`, {
    [RECORD_KEY_PARAMETER]: key,
  });
}

/**
 * The statement that finds the primary key of the record `key` within the base query's scope, with
 * the row locked for the rest of the transaction where the database can lock it: PostgreSQL locks
 * the listed row only (`FOR UPDATE OF`, which also allows the base's outer joins), MySQL/MariaDB
 * the rows read; SQLite has no row locks and serialises writing transactions instead.
 */
export function lockedRecordKeyQuery<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  key: unknown,
): SelectQueryBuilder<T> {
  const query = withoutUnusedLeftJoins(scopedRecordQuery(base, key));
  const primary = query.expressionMap.mainAlias!.metadata.primaryColumns[0]!;
  query.select(`${query.alias}.${primary.propertyPath}`, 'wl_key');
  switch (query.connection.options.type) {
    case 'postgres':
      return query.setLock('pessimistic_write', undefined, [query.connection.driver.escape(query.alias)]);
    case 'mysql':
    case 'mariadb':
      return query.setLock('pessimistic_write');
    default:
      return query;
  }
}
