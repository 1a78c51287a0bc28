import { LRUCache } from 'lru-cache';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { KeysetWriter } from './keyset-sql.writer.js';
import { keyAlias, planKeysetAfter, readKeyValues } from './keyset-plan.writer.js';
import type { KeyValue } from '../model/index.js';
import { pageRowsHydrator } from './page-rows.reader.js';
import type { DatabaseDialect } from '../../dialect/index.js';
import {
  readRowArrays,
  SortKeyWriter,
  STATEMENT_TEXTS_KEPT,
  type FirstRankJoin,
  type SortKey,
  type TableQuerySetup,
  withCachedText,
} from '../sql/index.js';
import type { OrderKey } from '../model/index.js';

const PAGE_ALIAS = 'wl_page';
export const PAGE_KEY = 'wl_pk';

/** Which rows of the ordered, filtered rows a page holds. */
export interface PageWindow {
  ordering: readonly OrderKey[];
  /** `limit` rows (all when null) from the `offset`th (offset mode) ... */
  offset: number;
  limit: number | null;
  /**
   * ... or, when present, `limit` rows after the row whose key values these are (keyset mode; null:
   * from the first row). See {@link planKeysetAfter}.
   */
  after?: KeyValue[] | null;
  /**
   * Offset mode: `offset` and `limit` count from the end, in the reversed ordering (see
   * {@link reversedWindow}); the page's rows still come in `ordering`.
   */
  reversed?: boolean;
}

/** A page's entities; in keyset mode, the key values of its last row when more rows follow. */
export interface PageRows<T> {
  entities: T[];
  next: KeyValue[] | null;
}

/**
 * Orders `query` by the selected sort keys (`wl_o0`, ...) and the primary key, of `alias` when
 * given; `reversed`, every direction turned. Each database places NULLs at the one end ascending and
 * at the other descending, and the keys (with the primary key last) order every row apart, so the
 * reversed order is exactly the order read backwards.
 */
function orderBySortKeys(
  query: SelectQueryBuilder<ObjectLiteral>,
  keys: readonly SortKey[],
  alias: string | null,
  reversed = false,
): void {
  const names = orderColumnNames(query, alias);
  const direction = (descending: boolean) => (descending !== reversed ? 'DESC' : 'ASC');
  keys.forEach((key, index) => query.addOrderBy(names.key(index), direction(key.descending)));
  query.addOrderBy(names.pageKey, direction(false));
}

/** The escaped columns a page is ordered by, of one alias (null: none). */
interface OrderColumnNames {
  key(index: number): string;
  pageKey: string;
}

const orderColumns = new WeakMap<object, Map<string | null, OrderColumnNames>>();

/**
 * The columns {@link orderBySortKeys} orders by, written once per driver and alias: TypeORM keeps
 * orderings by their text as a property name, and a text written anew would be hashed again on every request.
 */
function orderColumnNames(query: SelectQueryBuilder<ObjectLiteral>, alias: string | null): OrderColumnNames {
  const { driver } = query.connection;
  let byAlias = orderColumns.get(driver);
  if (!byAlias) orderColumns.set(driver, (byAlias = new Map()));
  let names = byAlias.get(alias);
  if (!names) {
    const column = (name: string) =>
      alias === null ? driver.escape(name) : `${driver.escape(alias)}.${driver.escape(name)}`;
    const keys: string[] = [];
    names = { key: (index) => (keys[index] ??= column(`wl_o${index}`)), pageKey: column(PAGE_KEY) };
    byAlias.set(alias, names);
  }
  return names;
}

/**
 * The page's ids statement as a derived table, `(text)`, the same string for the same text: TypeORM
 * looks the joined text up among the entities' names, which hashes a string written anew.
 */
const derivedTables = new LRUCache<string, string>({ max: STATEMENT_TEXTS_KEPT });

function derivedTable(text: string): string {
  let derived = derivedTables.get(text);
  if (derived === undefined) derivedTables.set(text, (derived = `(${text})`));
  return derived;
}

/**
 * A LIMIT and OFFSET clause for the rows of `query` (`name` prefixes its parameters), its values bound
 * (see `DatabaseDialect.pageBound`): every page of a request's rows is one statement text. Empty
 * when it keeps every row.
 */
function boundRows(
  dialect: DatabaseDialect,
  name: string,
  offset: number,
  limit: number | null,
): { clause: string; parameters: ObjectLiteral } {
  if (offset === 0 && limit === null) return { clause: '', parameters: {} };
  return {
    clause: ` LIMIT ${dialect.pageBound(`:${name}_limit`)} OFFSET ${dialect.pageBound(`:${name}_offset`)}`,
    // MySQL has no OFFSET without LIMIT.
    parameters: {
      [`${name}_limit`]: dialect.boundInteger(limit ?? Number.MAX_SAFE_INTEGER),
      [`${name}_offset`]: dialect.boundInteger(offset),
    },
  };
}

/**
 * The page's entities: from its raw rows where {@link pageRowsHydrator} can build them (rows as
 * arrays where the dialect reads them so), else through TypeORM.
 */
export async function readEntities(
  query: SelectQueryBuilder<ObjectLiteral>,
  dialect: DatabaseDialect,
): Promise<ObjectLiteral[]> {
  const hydrate = pageRowsHydrator(query);
  if (!hydrate) return query.getMany();
  const arrays = readRowArrays(query, dialect);
  return arrays ? hydrate.arrays(arrays) : hydrate.objects(await query.getRawMany());
}

/** The page's entities and, for each, its first raw row (a to-many join repeats an entity's row). */
async function readEntitiesAndRows(
  query: SelectQueryBuilder<ObjectLiteral>,
): Promise<{ entities: ObjectLiteral[]; raw: Record<string, unknown>[] }> {
  const hydrate = pageRowsHydrator(query);
  const { entities, raw } = hydrate
    ? await query.getRawMany<Record<string, unknown>>().then((rows) => ({ entities: hydrate.objects(rows), raw: rows }))
    : await query.getRawAndEntities<Record<string, unknown>>();
  // The entities come in the order their rows first do, and the rows of one entity are adjacent.
  const firsts = raw.filter((row, index) => index === 0 || raw[index - 1]![PAGE_KEY] !== row[PAGE_KEY]);
  return { entities, raw: firsts };
}

/**
 * The page's statement: the base query (its joins and selects) restricted to the ids of the page,
 * found by a derived table that orders and pages the ids alone, without the joins that only load
 * relations (DISTINCT when a join that scopes the base is to-many), so that the relations are loaded
 * in that same statement and pages are never short. In offset mode, when the first key is a rank
 * across a to-one relation of an unfiltered request, the ids are the rows walked in the related rows'
 * rank order and the rows without the related row (each cut at the page's end), merged. In keyset
 * mode the keys are the values themselves, the ids are those after the position, and the statement
 * reads one row more than the page to know whether another follows. A reversed window pages the ids
 * in the reversed ordering (from the end) and the statement orders the page's rows as asked.
 */
export async function readTablePage<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  window: PageWindow,
): Promise<PageRows<T>> {
  const { base, scope, sql, condition, walkPrefilter, repeatsRows } = setup;
  const escape = (name: string) => base.connection.driver.escape(name);
  const keyset = window.after !== undefined;
  const reversed = window.reversed === true;
  if (keyset && reversed) throw new Error('readTablePage: a keyset window cannot be reversed');
  const limit = keyset && window.limit !== null ? window.limit + 1 : window.limit;
  // Without a rank, 'matched' writes the same statement as 'left'.
  const orderedIds = (firstRankJoin: FirstRankJoin) => {
    const query = scope.clone();
    if (walkPrefilter) query.andWhere(walkPrefilter);
    if (condition) query.andWhere(condition);
    const rankScope = condition || keyset ? null : scope;
    const sorted = new SortKeyWriter(sql).sortKeys(query, window.ordering, rankScope, firstRankJoin);
    query.select(sql.primaryKey, PAGE_KEY).distinct(repeatsRows);
    sorted.keys.forEach((key, index) => query.addSelect(key.expression, `wl_o${index}`));
    if (keyset) {
      const keysetSql = new KeysetWriter(sql);
      const columns = sorted.columns.map((column) => column!);
      window.ordering.forEach(({ path }, index) =>
        query.addSelect(keysetSql.selected(columns[index]!, sql.resolved(path)), keyAlias(index)),
      );
      if (window.after) {
        const plan = planKeysetAfter(keysetSql.keys(window.ordering), window.after);
        query.andWhere(keysetSql.after(plan, [...columns, sql.primaryKey], window.ordering));
      }
    }
    query.setParameters(sql.parameters);
    orderBySortKeys(query, sorted.keys, null, reversed);
    return { query, ...sorted };
  };
  const matched = orderedIds('matched');
  const { keys } = matched;
  let ids: SelectQueryBuilder<ObjectLiteral> = matched.query;
  if (matched.firstIsRank) {
    const missing = orderedIds('missing').query;
    // Each side cut at the page's end.
    const cut = boundRows(sql.dialect, 'wl_cut', 0, limit === null ? null : window.offset + limit);
    ids = base
      .createQueryBuilder()
      .select('*')
      .from(
        `(SELECT * FROM (${missing.getQuery()}${cut.clause}) ${escape('wl_missing')} UNION ALL SELECT * FROM (${matched.query.getQuery()}${cut.clause}) ${escape('wl_matched')})`,
        'wl_merged',
      )
      .setParameters({ ...missing.getParameters(), ...matched.query.getParameters(), ...cut.parameters });
    orderBySortKeys(ids, keys, null, reversed);
  }
  const bounds = boundRows(sql.dialect, 'wl_page', keyset ? 0 : window.offset, limit);

  const page = base
    .clone()
    .innerJoin(
      derivedTable(withCachedText(ids).getQuery() + bounds.clause),
      PAGE_ALIAS,
      `${escape(PAGE_ALIAS)}.${escape(PAGE_KEY)} = ${sql.primaryKey}`,
    )
    .setParameters({ ...ids.getParameters(), ...bounds.parameters });
  orderBySortKeys(page, keys, PAGE_ALIAS);
  if (!keyset) {
    const entities = await setup.run(page, (query) => readEntities(query, sql.dialect) as Promise<T[]>);
    return { entities, next: null };
  }
  page.addSelect(`${escape(PAGE_ALIAS)}.${escape(PAGE_KEY)}`, PAGE_KEY);
  window.ordering.forEach((_, index) =>
    page.addSelect(`${escape(PAGE_ALIAS)}.${escape(keyAlias(index))}`, keyAlias(index)),
  );
  const rows = await setup.run(page, readEntitiesAndRows);
  if (window.limit === null || rows.entities.length <= window.limit) {
    return { entities: rows.entities as T[], next: null };
  }
  const last = rows.raw[window.limit - 1]!;
  return {
    entities: rows.entities.slice(0, window.limit) as T[],
    next: readKeyValues(last, window.ordering.length, PAGE_KEY),
  };
}
