import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ReadSource, type ResolvedPath, setUpTableQuery } from './sql/index.js';
import {
  offsetPagePlan,
  readTablePage,
  REVERSED_READ_MIN_OFFSET,
  samePagePlan,
  type OffsetPagePlan,
  type PageRows,
  type PageWindow,
} from './paging/index.js';
import type { DeclaredChoiceLabels, KeyValue, TableRequest } from './model/index.js';
import type { RowDateFields } from './rows/index.js';
import { TableCountsQuery, type Count, type TableCounts, type TableCountSettings } from './counting/index.js';
import type { TableQuerySetup } from './sql/index.js';
import { PaneOptionsQuery, type PaneOptions, type RawOption } from './extensions/search-panes/index.js';
import { readColumnControlOptions, type ColumnControlOptions } from './extensions/column-control/index.js';
import { AggregatesQuery, type PreparedAggregates } from './aggregates/index.js';
import type { DataTableAggregateValues, DataTableGroupTotals } from './model/index.js';

/** One page of entities with the counts of the data-table envelope. */
export interface TablePage<T> {
  entities: T[];
  recordsTotal: Count;
  recordsFiltered: Count;
  /** The options of every pane, when the request asks for them (SearchPanes). */
  panes: PaneOptions[] | null;
  /** The options of the ColumnControl lists the request asks for (`DataTableOptions.columnControl`). */
  columnControl: ColumnControlOptions[] | null;
  /** Keyset mode: the key values of the page's last row when more rows follow (the answer's `next`). */
  next: KeyValue[] | null;
  /** The declared aggregates over every matching row (null when none are declared). */
  aggregates: Record<string, DataTableAggregateValues> | null;
  /** With a `rowGroup`: the count and aggregates of each group on the page. */
  groups: Record<string, DataTableGroupTotals> | null;
}

/** Choices of one endpoint that change how its statements run and its counts are made. */
export interface TableQuerySettings extends TableCountSettings {
  /** Milliseconds each statement may run (0 or absent: no limit); see `DataTableOptions.statementTimeout`. */
  statementTimeout?: number;
  /** Where the statements read (default `primary`); `replica` only matters where the data source has replicas. */
  readSource?: ReadSource;
  /** The labels of each path's values (`choices`): a ColumnControl list of such a path lists them. */
  choices?: ReadonlyMap<string, DeclaredChoiceLabels>;
  /** The table's `aggregates` and `rowGroup`, checked. */
  aggregates?: PreparedAggregates | null;
  /** How the rows write dates, which a date group's keys follow. */
  dates?: RowDateFields;
}

/**
 * Runs a request over the handler's base query, its statements concurrently: the counts
 * ({@link TableCountsQuery}), one page ({@link readTablePage}, by offset or, with `request.keyset`,
 * after a keyset position) and, when the request asks for them, the options of every SearchPanes pane.
 * Deep offset pages are read as {@link readOffsetPage} says.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  const setup = await setUpTableQuery(baseQuery, request, paths, settings.statementTimeout ?? 0, settings.readSource);
  const { scope, repeatsRows, sql, writer, requestConditions, selections, run } = setup;
  const declared = settings.aggregates;
  const aggregatesQuery = declared ? new AggregatesQuery(setup, declared, paths, settings) : null;
  // Written first: the page and pane statements bind further parameters, numbered in order.
  const countsQuery = new TableCountsQuery(setup, request, paths, {
    ...settings,
    ...(aggregatesQuery ? { aggregation: aggregatesQuery.aggregation } : {}),
  });
  const counts = countsQuery.read();
  const paneQuery = new PaneOptionsQuery(sql, writer, scope, repeatsRows);
  const { maxOptions } = request.panes;
  const paneOptions = (path: string) => {
    const condition = paneQuery.condition(path, requestConditions, selections);
    const statement = paneQuery.statement(path, condition, maxOptions);
    return run(statement, (query) => query.getRawMany<RawOption>()).then((rows) =>
      paneQuery.read(path, rows, maxOptions),
    );
  };
  const window = { ordering: request.ordering, offset: request.offset, limit: request.limit };
  const page = request.keyset
    ? readTablePage(setup, { ...window, after: request.keyset.after })
    : readOffsetPage(setup, window, countsQuery, counts);
  const pageKeys = (rows: PageRows<T>) => rows.entities.map((entity) => setup.sql.primaryColumn.getEntityValue(entity));
  const [{ recordsTotal, recordsFiltered }, { entities, next }, panes, columnControl, aggregates, groups] =
    await Promise.all([
      counts,
      page,
      request.panes.requested ? Promise.all([...request.panes.keys.keys()].map(paneOptions)) : null,
      readColumnControlOptions(setup, request, settings.choices ?? new Map()),
      declared && declared.own.length + declared.toMany.length > 0
        ? aggregatesQuery!.read(counts.then((each) => each.recordsFiltered))
        : null,
      declared?.group ? page.then((rows) => aggregatesQuery!.groups(pageKeys(rows))) : null,
    ]);
  return { entities, next, recordsTotal, recordsFiltered, panes, columnControl, aggregates, groups };
}

/** The rows `plan` reads. */
function readPlanned<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  window: PageWindow,
  plan: OffsetPagePlan,
): Promise<PageRows<T>> {
  if ('empty' in plan) return Promise.resolve({ entities: [], next: null });
  return readTablePage(setup, plan.reversed ? { ...window, ...plan.window, reversed: true } : window);
}

/**
 * An offset page. From an offset of {@link REVERSED_READ_MIN_OFFSET}, a page past the middle of the
 * filtered rows is read from the end, and a page past the end is empty without a statement
 * ({@link offsetPagePlan}); only a `recordsFiltered` that this request counts exactly decides it.
 * When the count cache keeps that count (the total of an unfiltered request, with the default
 * `count: 'cached-total'`), the page is planned by it and read while the request counts; should the
 * new count plan another read (rows written since), the page is read again by it. Otherwise the page
 * waits for the count.
 */
async function readOffsetPage<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  window: PageWindow,
  countsQuery: TableCountsQuery<T>,
  counts: Promise<TableCounts>,
): Promise<PageRows<T>> {
  if (window.offset < REVERSED_READ_MIN_OFFSET || !countsQuery.countsFilteredAnew())
    return readTablePage(setup, window);
  const planOf = (filtered: Count) => offsetPagePlan(window.offset, window.limit, filtered);
  const kept = await countsQuery.kept();
  if (!kept) return readPlanned(setup, window, planOf((await counts).recordsFiltered));
  const guessed = planOf(kept);
  const [rows, { recordsFiltered }] = await Promise.all([readPlanned(setup, window, guessed), counts]);
  const plan = planOf(recordsFiltered);
  return samePagePlan(guessed, plan) ? rows : readPlanned(setup, window, plan);
}
