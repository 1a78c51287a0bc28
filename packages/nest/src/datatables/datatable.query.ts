import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ResolvedPath, setUpTableQuery } from './sql/index.js';
import { readTablePage, REVERSED_READ_MIN_OFFSET, reversedWindow, type PageRows } from './paging/index.js';
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
}

/**
 * Runs a request over the handler's base query, its statements concurrently: the counts
 * ({@link TableCountsQuery}), one page ({@link readTablePage}, by offset or, with `request.keyset`,
 * after a keyset position) and, when the request asks for them, the options of every SearchPanes pane.
 * From an offset of {@link REVERSED_READ_MIN_OFFSET}, the page waits for the filtered count: a page
 * past the middle of the filtered rows is read from the end ({@link reversedWindow}), and a page past
 * the end is empty without a statement. Only a count this request made exactly decides it (not an
 * estimated or capped one, nor one kept by the count cache, which may be older than the rows).
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  const setup = await setUpTableQuery(baseQuery, request, paths, settings.statementTimeout ?? 0);
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
  const readsFromTheEnd = !request.keyset && !settings.countCache && request.offset >= REVERSED_READ_MIN_OFFSET;
  const page = readsFromTheEnd
    ? counts.then(({ recordsFiltered }): Promise<PageRows<T>> => {
        if (recordsFiltered.kind !== 'exact') return readTablePage(setup, window);
        if (request.offset >= recordsFiltered.value) return Promise.resolve({ entities: [], next: null });
        const fromTheEnd = reversedWindow(request.offset, request.limit, recordsFiltered.value);
        return readTablePage(setup, fromTheEnd ? { ...window, ...fromTheEnd, reversed: true } : window);
      })
    : readTablePage(setup, request.keyset ? { ...window, after: request.keyset.after } : window);
  const [{ recordsTotal, recordsFiltered }, { entities, next }, panes] = await Promise.all([
    counts,
    page,
    request.panes.requested ? Promise.all([...request.panes.keys.keys()].map(paneOptions)) : null,
  ]);
  return { entities, next, recordsTotal, recordsFiltered, panes };
}
