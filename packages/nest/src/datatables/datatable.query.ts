import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { aliasMetadata, readsWholeTable, type ResolvedPath, and, setUpTableQuery } from './sql/index.js';
import { DEADLINE_PARAMETER } from '../dialect/index.js';
import { PAGE_KEY, readTablePage } from './paging/index.js';
import type { DataTableCountKind, KeyValue, TableRequest } from './model/index.js';
import { dataSourceIdentity, readTables, type DataTableCounts } from './counting/index.js';
import { PaneOptionsQuery, type PaneOptions, type RawOption } from './extensions/search-panes/index.js';

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
  /** Keyset mode: the key values of the page's last row when more rows follow (the answer's `next`). */
  next: KeyValue[] | null;
}

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
 * - one page ({@link readTablePage}), by offset or, with `request.keyset`, after a keyset position.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  const setup = await setUpTableQuery(baseQuery, request, paths, settings.statementTimeout ?? 0);
  const { base, scope, repeatsRows, sql, writer, requestConditions, selections, condition, run } = setup;
  const conditionCount = requestConditions.length + selections.filter((selection) => selection.condition).length;

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

  const wholeTable = readsWholeTable(scope);
  const threshold = settings.estimateAbove ?? (condition ? settings.estimatedTotalAbove : undefined);
  const estimated = wholeTable && threshold !== undefined ? writer.estimatedCount(scope, threshold) : null;
  const [onlyFilter] = request.filters;
  const relatedCount =
    cap === null && wholeTable && onlyFilter && conditionCount === 1 ? writer.relatedCount(onlyFilter) : null;
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
  const window = { ordering: request.ordering, offset: request.offset, limit: request.limit };
  const [recordsTotal, recordsFiltered, page, panes] = await Promise.all([
    count(estimated ?? counting(scope.clone()), estimated ? null : cap),
    filteredCount ? count(filteredCount, cap) : null,
    readTablePage(setup, request.keyset ? { ...window, after: request.keyset.after } : window),
    request.panes.requested ? Promise.all([...request.panes.keys.keys()].map(paneOptions)) : null,
  ]);
  return {
    entities: page.entities,
    next: page.next,
    recordsTotal,
    recordsFiltered: recordsFiltered ?? recordsTotal,
    panes,
  };
}
