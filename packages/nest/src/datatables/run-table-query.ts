import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { databaseServer } from '../common/database-server.js';
import {
  aliasMetadata,
  checkBase,
  hasToManyJoins,
  isolatedBase,
  readsWholeTable,
  withoutUnusedLeftJoins,
} from './base-query.inspection.js';
import { ConditionWriter } from './condition.writer.js';
import { pageRowsHydrator } from './page-rows.hydrator.js';
import type { ResolvedPath } from './field-path.resolver.js';
import { SortKeyWriter, type FirstRankJoin, type SortKey } from './sort-keys.writer.js';
import { DEADLINE_PARAMETER, sqlDialect } from './sql-dialect.js';
import { withStatementTimeout } from './statement-timeout.js';
import { TableSql } from './table-sql.context.js';
import type { TableRequest } from './table-request.types.js';
import type { DataTableCountKind } from './datatable.options.js';
import { dataSourceIdentity, readTables } from './count-cache.keys.js';
import type { DataTableCounts } from './count-cache.service.js';
import { PaneOptionsQuery, type PaneOptions, type RawOption } from './pane-options.query.js';

/** One count of the envelope and what it is. */
interface Count {
  value: number;
  kind: DataTableCountKind;
}

/** One page of entities with the counts of the data-table envelope. */
export interface TablePage<T> {
  entities: T[];
  recordsTotal: Count;
  recordsFiltered: Count;
  /** The options of every pane, when the request asks for them (SearchPanes). */
  panes: PaneOptions[] | null;
}

const PAGE_ALIAS = 'wl_page';
const PAGE_KEY = 'wl_pk';

/**
 * The `wl_count` a counting statement answers: `estimated` when the statement says it answered the
 * planner's estimate (`wl_estimated`), `capped` when it found more rows than `cap` (it reads one more).
 */
function countOf(query: SelectQueryBuilder<ObjectLiteral>, cap: number | null = null): Promise<Count> {
  return query.getRawOne<{ wl_count: number | string; wl_estimated?: boolean | number | string }>().then((row) => {
    const value = Number(row?.wl_count ?? 0);
    if (cap !== null && value > cap) return { value: cap, kind: 'capped' };
    const estimated = row?.wl_estimated === true || Number(row?.wl_estimated) === 1;
    return { value, kind: estimated ? 'estimated' : 'exact' };
  });
}

/** Orders `query` by the selected sort keys (`wl_o0`, ...) and the primary key, of `alias` when given. */
function orderBySortKeys(
  query: SelectQueryBuilder<ObjectLiteral>,
  keys: readonly SortKey[],
  alias: string | null,
): void {
  const escape = (name: string) => query.connection.driver.escape(name);
  const column = (name: string) => (alias === null ? escape(name) : `${escape(alias)}.${escape(name)}`);
  keys.forEach((key, index) => query.addOrderBy(column(`wl_o${index}`), key.descending ? 'DESC' : 'ASC'));
  query.addOrderBy(column(PAGE_KEY), 'ASC');
}

/** The page's entities: from its raw rows where {@link pageRowsHydrator} can build them, else through TypeORM. */
async function readPage(query: SelectQueryBuilder<ObjectLiteral>): Promise<ObjectLiteral[]> {
  const hydrate = pageRowsHydrator(query);
  return hydrate ? hydrate(await query.getRawMany()) : query.getMany();
}

/** Skips `offset` rows and keeps `limit` (all when null). */
function pageOf(query: SelectQueryBuilder<ObjectLiteral>, offset: number, limit: number | null): void {
  // MySQL has no OFFSET without LIMIT.
  if (offset > 0) query.offset(offset).limit(limit ?? Number.MAX_SAFE_INTEGER);
  else if (limit !== null) query.limit(limit);
}

/** A statement's parameters but the request's deadline, which does not change what it counts. */
function withoutDeadline(parameters: ObjectLiteral): ObjectLiteral {
  const { [DEADLINE_PARAMETER]: _deadline, ...rest } = parameters;
  return rest;
}

/** Choices of one endpoint that change how its counts are made. */
export interface TableQuerySettings {
  /** See `DataTableOptions.estimatedTotalAbove`: the estimate as the total of filtered requests. */
  estimatedTotalAbove?: number;
  /** `count: 'estimated'`: the estimate as the total of every request (and the filtered count of unfiltered ones). */
  estimateAbove?: number | null;
  /** Milliseconds each statement may run (0 or absent: no limit); see `DataTableOptions.statementTimeout`. */
  statementTimeout?: number;
  /** The most rows a count reads (`count: 'capped'`); absent or null: every row. */
  countCap?: number | null;
  /** Keeps the exact counts (`count: 'cached'`) for `ttl` milliseconds. */
  countCache?: { counts: DataTableCounts; ttl: number } | null;
}

/**
 * Runs a request over the handler's base query in two statements, or three when the request
 * filters or searches, run concurrently:
 * - the count of the base query (its own scope kept): `recordsTotal`, and `recordsFiltered` too
 *   when nothing filters (for a filtered request over a bare large table, the planner's estimate
 *   when `estimatedTotalAbove` asks for it);
 * - when the request filters or searches, the count with its conditions in WHERE, so that the
 *   planner can use indexes and semi-joins for them (a conditional count in the first statement
 *   would evaluate them on every row); when the only condition is one filter across a to-many
 *   relation of a base that reads the whole table, the count of the related rows' distinct keys
 *   instead ({@link TableQueryWriter.relatedCount}), which does not read the listed table at all;
 * - one page: the base query (its joins and selects) restricted to the ids of the requested page,
 *   found by a derived table that orders and pages the ids alone, without the joins that only load
 *   relations (DISTINCT when a join that scopes the base is to-many), so that the relations are
 *   loaded in that same statement and pages are never short.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  checkBase(baseQuery);
  const base = isolatedBase(baseQuery);
  const escape = (name: string) => base.connection.driver.escape(name);
  const timeout = settings.statementTimeout ?? 0;
  const dialect = sqlDialect(base.connection, await databaseServer(base.connection));
  const sql = new TableSql(base, paths, dialect, timeout > 0 ? Date.now() + timeout : 0);
  const writer = new ConditionWriter(sql);
  const run = <R>(
    statement: SelectQueryBuilder<ObjectLiteral>,
    read: (query: SelectQueryBuilder<ObjectLiteral>) => Promise<R>,
  ) =>
    withStatementTimeout(base.connection, timeout, (runner) =>
      read(runner ? statement.setQueryRunner(runner) : statement),
    );
  const conditions = request.filters.map((filter) => writer.filter(filter));
  for (const node of request.conditions) {
    const written = writer.condition(node);
    if (written) conditions.push(written);
  }
  const search = writer.search(request.searchTerms, request.searchFields);
  if (search) conditions.push(search);
  const selections = request.panes.selections.map((selection) => ({
    path: selection.path,
    condition: writer.condition(selection.condition),
  }));
  const and = (parts: (string | null)[]) => {
    const present = parts.filter((part): part is string => part !== null);
    return present.length > 0 ? present.map((each) => `(${each})`).join(' AND ') : null;
  };
  const requestConditions = [...conditions];
  for (const selection of selections) if (selection.condition) conditions.push(selection.condition);
  const condition = and(conditions);
  const scope = withoutUnusedLeftJoins(base);
  const repeatsRows = hasToManyJoins(scope);

  const cap = settings.countCap ?? null;
  // A capped count reads at most cap + 1 keys, in a derived table, and counts those.
  const counting = (query: SelectQueryBuilder<T>): SelectQueryBuilder<ObjectLiteral> => {
    if (cap === null) return query.select(repeatsRows ? `COUNT(DISTINCT ${sql.primaryKey})` : 'COUNT(*)', 'wl_count');
    const keys = query
      .select(sql.primaryKey, PAGE_KEY)
      .distinct(repeatsRows)
      .limit(cap + 1);
    return query
      .createQueryBuilder()
      .select('COUNT(*)', 'wl_count')
      .from(`(${keys.getQuery()})`, 'wl_capped')
      .setParameters(keys.getParameters());
  };

  // The ids of the page, ordered: as one statement, or, when the first key is a rank across a to-one
  // relation of an unfiltered request, as the rows walked in the related rows' rank order and the
  // rows without the related row (each cut at the page's end), merged. Without such a rank,
  // 'matched' writes the same statement as 'left'.
  const orderedIds = (firstRankJoin: FirstRankJoin) => {
    const query = scope.clone();
    if (condition) query.andWhere(condition, sql.parameters);
    const sorted = new SortKeyWriter(sql).sortKeys(query, request.ordering, condition ? null : scope, firstRankJoin);
    query.select(sql.primaryKey, PAGE_KEY).distinct(repeatsRows).setParameters(sql.parameters);
    sorted.keys.forEach((key, index) => query.addSelect(key.expression, `wl_o${index}`));
    orderBySortKeys(query, sorted.keys, null);
    return { query, ...sorted };
  };
  const matched = orderedIds('matched');
  const { keys } = matched;
  let ids: SelectQueryBuilder<ObjectLiteral> = matched.query;
  if (matched.firstIsRank) {
    const missing = orderedIds('missing').query;
    const end = request.limit === null ? null : request.offset + request.limit;
    pageOf(missing, 0, end);
    pageOf(matched.query, 0, end);
    ids = base
      .createQueryBuilder()
      .select('*')
      .from(
        `(SELECT * FROM (${missing.getQuery()}) ${escape('wl_missing')} UNION ALL SELECT * FROM (${matched.query.getQuery()}) ${escape('wl_matched')})`,
        'wl_merged',
      )
      .setParameters({ ...missing.getParameters(), ...matched.query.getParameters() });
    orderBySortKeys(ids, keys, null);
  }
  pageOf(ids, request.offset, request.limit);

  const page = base
    .clone()
    .innerJoin(`(${ids.getQuery()})`, PAGE_ALIAS, `${escape(PAGE_ALIAS)}.${escape(PAGE_KEY)} = ${sql.primaryKey}`)
    .setParameters(ids.getParameters());
  orderBySortKeys(page, keys, PAGE_ALIAS);

  const wholeTable = readsWholeTable(scope);
  const threshold = settings.estimateAbove ?? (condition ? settings.estimatedTotalAbove : undefined);
  const estimated = wholeTable && threshold !== undefined ? writer.estimatedCount(scope, threshold) : null;
  const [onlyFilter] = request.filters;
  const relatedCount =
    cap === null && wholeTable && onlyFilter && conditions.length === 1 ? writer.relatedCount(onlyFilter) : null;
  const filteredCount =
    relatedCount ?? (condition ? counting(scope.clone().andWhere(condition, sql.parameters)) : null);
  const cache = settings.countCache;
  const source = dataSourceIdentity(base.connection);
  const tables = cache ? readTables(aliasMetadata(scope), paths.values()) : [];
  const count = (statement: SelectQueryBuilder<ObjectLiteral>, countCap: number | null) =>
    cache
      ? cache.counts.remember(
          { sql: statement.getQuery(), parameters: withoutDeadline(statement.getParameters()), source },
          tables,
          cache.ttl,
          () => run(statement, (query) => countOf(query, countCap)),
        )
      : run(statement, (query) => countOf(query, countCap));
  // Each pane counts under every condition but its own selection, so that its other values keep their counts.
  const paneQuery = new PaneOptionsQuery(sql, writer, scope, repeatsRows);
  const { maxOptions } = request.panes;
  const paneOptions = (path: string) => {
    const others = selections.filter((selection) => selection.path !== path).map((selection) => selection.condition);
    const statement = paneQuery.statement(path, and([...requestConditions, ...others]), maxOptions);
    return run(statement, (query) => query.getRawMany<RawOption>()).then((rows) =>
      paneQuery.read(path, rows, maxOptions),
    );
  };
  const [recordsTotal, recordsFiltered, entities, panes] = await Promise.all([
    count(estimated ?? counting(scope.clone()), estimated ? null : cap),
    filteredCount ? count(filteredCount, cap) : null,
    run(page, (query) => readPage(query) as Promise<T[]>),
    request.panes.requested ? Promise.all([...request.panes.keys.keys()].map(paneOptions)) : null,
  ]);
  return { entities, recordsTotal, recordsFiltered: recordsFiltered ?? recordsTotal, panes };
}
