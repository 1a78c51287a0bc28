import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DEADLINE_PARAMETER, type DatabaseDialect } from '../../dialect/index.js';
import {
  aliasMetadata,
  readFirstRow,
  readsWholeTable,
  type ResolvedPath,
  type TableQuerySetup,
  withCachedText,
} from '../sql/index.js';
import type { DataTableCountKind, TableRequest } from '../model/index.js';
import { dataSourceIdentity, tablesReadBy } from './count-cache-key.writer.js';
import type { CountedStatement, DataTableCounts } from './datatable-counts.service.js';

/** One count of the envelope and what it is. */
export interface Count {
  value: number;
  kind: DataTableCountKind;
  /** The counting statement's answer, when it computed aggregates beside the count. */
  rows?: Record<string, unknown>[];
}

/** The two counts of the data-table envelope. */
export interface TableCounts {
  recordsTotal: Count;
  recordsFiltered: Count;
}

/** Choices of one endpoint that change how its counts are made. */
export interface TableCountSettings {
  /** See `DataTableOptions.estimatedTotalAbove`: the estimate as the total of filtered requests. */
  estimatedTotalAbove?: number;
  /** `count: 'estimated'`: the estimate as the total of every request (and the filtered count of unfiltered ones). */
  estimateAbove?: number | null;
  /** The most rows a count reads (`count: 'capped'`); absent or null: every row. */
  countCap?: number | null;
  /**
   * Keeps counts for `ttl` milliseconds: every count (`count: 'cached'`), or with `totalOnly`
   * (`count: 'cached-total'`) the total of a filtered request, which the count of an unfiltered one renews.
   */
  countCache?: { counts: DataTableCounts; ttl: number; totalOnly?: boolean } | null;
  /**
   * Adds aggregates to the statement counting `recordsFiltered` (in one scan), or answers null
   * where they cannot be computed there; see `DataTableOptions.aggregates`.
   */
  aggregation?: (counted: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral> | null;
}

/** A counting statement and the cap its answer is read under (null: none). */
export interface CountStatement {
  statement: SelectQueryBuilder<ObjectLiteral>;
  cap: number | null;
  /** Whether it computes aggregates beside the count (its row is kept in `Count.rows`). */
  aggregated?: boolean;
}

/** The key column of the derived table a capped count reads. */
const CAPPED_KEY = 'wl_pk';

/**
 * The `wl_count` a counting statement answers: `estimated` when the statement says it answered the
 * planner's estimate (`wl_estimated`), `capped` when it found more rows than `cap` (it reads one more).
 */
function countOf(
  query: SelectQueryBuilder<ObjectLiteral>,
  dialect: DatabaseDialect,
  cap: number | null,
  aggregated = false,
): Promise<Count> {
  type CountRow = { wl_count: number | string; wl_estimated?: boolean | number | string };
  return readFirstRow<CountRow>(query, dialect).then((row) => {
    const value = Number(row?.wl_count ?? 0);
    if (cap !== null && value > cap) return { value: cap, kind: 'capped' };
    const estimated = row?.wl_estimated === true || Number(row?.wl_estimated) === 1;
    return { value, kind: estimated ? 'estimated' : 'exact', ...(aggregated && row ? { rows: [row] } : {}) };
  });
}

/** A statement's parameters but the request's deadline, which does not change what it counts. */
function withoutDeadline(parameters: ObjectLiteral): ObjectLiteral {
  const { [DEADLINE_PARAMETER]: _deadline, ...rest } = parameters;
  return rest;
}

/**
 * The counts of one request over the handler's base query, in one statement, or two when the
 * request filters or searches:
 * - the count of the base query (its own scope kept): `recordsTotal`, and `recordsFiltered` too
 *   when nothing filters (for a filtered request over a bare large table, the planner's estimate
 *   when `estimatedTotalAbove` asks for it);
 * - when the request filters or searches, the count with its conditions in WHERE, so that the
 *   planner can use indexes and semi-joins for them (a conditional count in the first statement
 *   would evaluate them on every row); when the only condition is one filter across a to-many
 *   relation of a base that reads the whole table, the count of the related rows' distinct keys
 *   instead (`ConditionWriter.relatedCount`), which does not read the listed table at all.
 * A capped count reads at most `countCap` + 1 keys; a cached one is kept in `DataTableCounts`
 * (with `count: 'cached-total'`, only the total: a filtered request reads it from there, an
 * unfiltered one counts it and keeps its count).
 */
export class TableCountsQuery<T extends ObjectLiteral> {
  private written?: ReturnType<TableCountsQuery<T>['statements']>;

  constructor(
    private readonly setup: TableQuerySetup<T>,
    private readonly request: Pick<TableRequest, 'filters'>,
    private readonly paths: ReadonlyMap<string, ResolvedPath>,
    private readonly settings: TableCountSettings = {},
  ) {}

  /** The statements counting `recordsTotal` and, when the request filters, `recordsFiltered`. */
  statements(): { total: CountStatement; filtered: CountStatement | null } {
    const { scope, sql, writer, requestConditions, selections, condition } = this.setup;
    const conditionCount = requestConditions.length + selections.filter((selection) => selection.condition).length;
    const cap = this.settings.countCap ?? null;
    const wholeTable = readsWholeTable(scope);
    const threshold = this.settings.estimateAbove ?? (condition ? this.settings.estimatedTotalAbove : undefined);
    const estimated = wholeTable && threshold !== undefined ? writer.estimatedCount(scope, threshold) : null;
    const [onlyFilter] = this.request.filters;
    const relatedCount =
      cap === null && wholeTable && onlyFilter && conditionCount === 1 ? writer.relatedCount(onlyFilter) : null;
    const counted = condition ? this.counting(scope.clone().andWhere(condition, sql.parameters)) : null;
    // Aggregates need the listed rows: counted with them, rather than apart in the related rows.
    const aggregated = counted && cap === null ? (this.settings.aggregation?.(counted) ?? null) : null;
    const filtered = aggregated ?? relatedCount ?? counted;
    return {
      total: estimated ? { statement: estimated, cap: null } : { statement: this.counting(scope.clone()), cap },
      filtered: filtered ? { statement: filtered, cap, aggregated: aggregated !== null } : null,
    };
  }

  /**
   * Whether the `recordsFiltered` that {@link read} answers is counted by this request, never taken
   * from the cache (so that it describes the rows the request's page statement reads).
   */
  countsFilteredAnew(): boolean {
    return !this.settings.countCache || this.settings.countCache.totalOnly === true;
  }

  /**
   * The `recordsFiltered` the cache keeps for this request, without counting: null when none is
   * kept. It may be older than the rows; {@link read} still counts.
   */
  async kept(): Promise<Count | null> {
    const cache = this.settings.countCache;
    if (!cache) return null;
    const { total, filtered } = this.built();
    const { statement } = filtered ?? total;
    return cache.counts.kept(this.cacheKey(statement), this.readTables());
  }

  /** Runs the statements (or reads their counts from the cache) concurrently. */
  async read(): Promise<TableCounts> {
    const { total, filtered } = this.built();
    const totalOnly = this.settings.countCache?.totalOnly ?? false;
    const [recordsTotal, recordsFiltered] = await Promise.all([
      this.count(total, filtered || !totalOnly ? 'remember' : 'renew'),
      filtered ? this.count(filtered, totalOnly ? 'count' : 'remember') : null,
    ]);
    return { recordsTotal, recordsFiltered: recordsFiltered ?? recordsTotal };
  }

  /** COUNT of `query`'s rows (of its distinct keys when its joins repeat rows), or of at most cap + 1 of them. */
  private counting(query: SelectQueryBuilder<T>): SelectQueryBuilder<ObjectLiteral> {
    const { repeatsRows, sql } = this.setup;
    const cap = this.settings.countCap ?? null;
    if (cap === null) return query.select(repeatsRows ? `COUNT(DISTINCT ${sql.primaryKey})` : 'COUNT(*)', 'wl_count');
    const keys = query
      .select(sql.primaryKey, CAPPED_KEY)
      .distinct(repeatsRows)
      .limit(cap + 1);
    return query
      .createQueryBuilder()
      .select('COUNT(*)', 'wl_count')
      .from(`(${keys.getQuery()})`, 'wl_capped')
      .setParameters(keys.getParameters());
  }

  /**
   * Runs the statement (`count`), or reads its count from the cache (`remember`), or runs it and
   * keeps its count in place of the one cached (`renew`).
   */
  private count({ statement, cap, aggregated }: CountStatement, use: 'count' | 'remember' | 'renew'): Promise<Count> {
    const { run, sql } = this.setup;
    const cache = this.settings.countCache;
    const compute = () => run(statement, (query) => countOf(query, sql.dialect, cap, aggregated));
    if (!cache || use === 'count') return compute();
    return cache.counts[use](this.cacheKey(statement), this.readTables(), cache.ttl, compute);
  }

  /** The statements, written once: each writing binds parameters of its own. */
  private built(): ReturnType<TableCountsQuery<T>['statements']> {
    this.written ??= this.statements();
    return this.written;
  }

  private cacheKey(statement: SelectQueryBuilder<ObjectLiteral>): CountedStatement {
    return {
      // The text the statement runs with: kept per shape, so that keying a count does not write it again.
      sql: withCachedText(statement).getQuery(),
      parameters: withoutDeadline(statement.getParameters()),
      source: dataSourceIdentity(this.setup.base.connection),
    };
  }

  private readTables(): string[] {
    return tablesReadBy(aliasMetadata(this.setup.scope), this.paths);
  }
}
