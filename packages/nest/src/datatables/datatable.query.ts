import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ReadSource, type ResolvedPath, setUpTableQuery } from './sql/index.js';
import { readTablePage } from './paging/index.js';
import type { KeyValue, TableRequest } from './model/index.js';
import { TableCountsQuery, type Count, type TableCountSettings } from './counting/index.js';
import { PaneOptionsQuery, type PaneOptions, type RawOption } from './extensions/search-panes/index.js';

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

/** Choices of one endpoint that change how its statements run and its counts are made. */
export interface TableQuerySettings extends TableCountSettings {
  /** Milliseconds each statement may run (0 or absent: no limit); see `DataTableOptions.statementTimeout`. */
  statementTimeout?: number;
  /** Where the statements read (default `primary`); `replica` only matters where the data source has replicas. */
  readSource?: ReadSource;
}

/**
 * Runs a request over the handler's base query, its statements concurrently: the counts
 * ({@link TableCountsQuery}), one page ({@link readTablePage}, by offset or, with `request.keyset`,
 * after a keyset position) and, when the request asks for them, the options of every SearchPanes pane.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  const setup = await setUpTableQuery(baseQuery, request, paths, settings.statementTimeout ?? 0, settings.readSource);
  const { scope, repeatsRows, sql, writer, requestConditions, selections, run } = setup;
  // Written first: the page and pane statements bind further parameters, numbered in order.
  const counts = new TableCountsQuery(setup, request, paths, settings).read();
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
  const [{ recordsTotal, recordsFiltered }, page, panes] = await Promise.all([
    counts,
    readTablePage(setup, request.keyset ? { ...window, after: request.keyset.after } : window),
    request.panes.requested ? Promise.all([...request.panes.keys.keys()].map(paneOptions)) : null,
  ]);
  return { entities: page.entities, next: page.next, recordsTotal, recordsFiltered, panes };
}
