import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { OrderSnapshots } from '../../dialect/index.js';
import { SortKeyWriter, type TableQuerySetup } from '../sql/index.js';
import type { OrderKey } from '../model/index.js';
import { PAGE_KEY, readEntities } from './table-page.query.js';

const SNAPSHOT_ALIAS = 'wl_snapshot';
const POSITION = 'wl_position';

/**
 * The numbers of the snapshot tables open in this process: a walk takes the lowest free one, so
 * that the chunk statements of one walk after another have the same texts (prepared once).
 */
const tablesInUse = new Set<number>();

/**
 * The primary keys of every row the request keeps, DISTINCT when the rows repeat, in the order of
 * the keyset walk (the value keys of `ordering`, then the primary key), the same order as the list's.
 */
function orderedKeys<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  ordering: readonly OrderKey[],
): SelectQueryBuilder<T> {
  const { scope, sql, condition, walkPrefilter, repeatsRows } = setup;
  const query = scope.clone();
  if (walkPrefilter) query.andWhere(walkPrefilter);
  if (condition) query.andWhere(condition);
  const { keys } = new SortKeyWriter(sql).sortKeys(query, ordering, null);
  query.select(sql.primaryKey, PAGE_KEY).distinct(repeatsRows);
  for (const key of keys) query.addOrderBy(key.expression, key.descending ? 'DESC' : 'ASC');
  return query.addOrderBy(sql.primaryKey, 'ASC').setParameters(sql.parameters);
}

/**
 * Every row the request keeps, in its ordering, chunk by chunk, from a snapshot of the order (see
 * `DatabaseDialect.orderSnapshots`): one statement orders the matching rows' primary keys into a
 * temporary table, as one page of the list orders them, and each chunk then joins the base query to
 * a range of positions, its cost not growing with the rows. The rows and their order are those of
 * the first statement; a row removed since is left out, a row changed since is read as it is.
 * Answers null, having read nothing, where the snapshot cannot be taken now; the table is dropped
 * when the walk ends, stopped or failed.
 */
export async function snapshotRowChunks<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  ordering: readonly OrderKey[],
  chunkSize: number,
  snapshots: OrderSnapshots,
): Promise<AsyncGenerator<T[], void, undefined> | null> {
  const { base, sql, run } = setup;
  const { connection } = base;
  let number = 0;
  while (tablesInUse.has(number)) number += 1;
  tablesInUse.add(number);
  const table = sql.escape(`wl_snapshot_${number}`);
  let rows: number | null = null;
  try {
    rows = await run(orderedKeys(setup, ordering), (query) => {
      const [select, parameters] = query.getQueryAndParameters();
      return Promise.resolve(snapshots.create(connection, table, select, parameters));
    });
  } finally {
    if (rows === null) tablesInUse.delete(number);
  }
  if (rows === null) return null;
  const count = rows;
  const positions = `(SELECT ${snapshots.position} AS ${sql.escape(POSITION)}, ${sql.escape(PAGE_KEY)} FROM ${table} WHERE ${snapshots.position} > :wl_from AND ${snapshots.position} <= :wl_to)`;
  const on = `${sql.column(SNAPSHOT_ALIAS, PAGE_KEY)} = ${sql.primaryKey}`;
  const order = sql.column(SNAPSHOT_ALIAS, POSITION);
  async function* chunks(): AsyncGenerator<T[], void, undefined> {
    try {
      for (let from = 0; from < count; from += chunkSize) {
        const page = base
          .clone()
          .innerJoin(positions, SNAPSHOT_ALIAS, on)
          // Bigints, which TypeORM binds on SQLite where it writes numbers into the text: one text for every chunk.
          .setParameters({ wl_from: BigInt(from), wl_to: BigInt(from + chunkSize) })
          .orderBy(order, 'ASC');
        yield await run(page, (query) => readEntities(query, sql.dialect) as Promise<T[]>);
      }
    } finally {
      snapshots.drop(connection, table);
      tablesInUse.delete(number);
    }
  }
  return chunks();
}
