import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { isolatedBase, withoutUnusedLeftJoins } from '../datatables/internal.js';
import type { DatabaseDialect } from '../dialect/index.js';

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

/** The base query narrowed to the records whose primary keys are `keys` (an Editor refresh's rows). */
export function scopedRecordsQuery<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  keys: readonly unknown[],
): SelectQueryBuilder<T> {
  const query = isolatedBase(base);
  const primary = query.expressionMap.mainAlias!.metadata.primaryColumns[0]!;
  return query.andWhere(`${query.alias}.${primary.propertyPath} IN (:...${RECORD_KEY_PARAMETER})`, {
    [RECORD_KEY_PARAMETER]: keys,
  });
}

/**
 * The statement that finds the primary key of the record `key` within the base query's scope, with
 * the row locked for the rest of the transaction where the database can lock it
 * (`DatabaseDialect.lockForUpdate`).
 */
export function lockedRecordKeyQuery<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  key: unknown,
  dialect: DatabaseDialect,
): SelectQueryBuilder<T> {
  const query = withoutUnusedLeftJoins(scopedRecordQuery(base, key));
  const primary = query.expressionMap.mainAlias!.metadata.primaryColumns[0]!;
  query.select(`${query.alias}.${primary.propertyPath}`, 'wl_key');
  return dialect.lockForUpdate(query);
}
