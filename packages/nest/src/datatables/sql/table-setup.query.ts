import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { databaseDialect } from '../../dialect/index.js';
import { checkBase, hasToManyJoins, isolatedBase, withoutUnusedLeftJoins } from './base-query.reader.js';
import { ConditionWriter } from './condition.writer.js';
import type { ResolvedPath } from './field-path.reader.js';
import { readFrom, type ReadSource } from './replica-reads.query.js';
import { runsStatementsAsTheyAre, withStatementTimeout, withTimeoutError } from './statement-timeout.query.js';
import { withCachedText } from './statement-text.cache.js';
import { TableSql } from './table-sql.writer.js';
import type { TableRequest } from '../model/index.js';

/** Runs one statement under the request's statement timeout. */
export type StatementRunner = <R>(
  statement: SelectQueryBuilder<ObjectLiteral>,
  read: (query: SelectQueryBuilder<ObjectLiteral>) => Promise<R>,
) => Promise<R>;

/** What every statement of one request shares: the base query, its SQL writers and the request's conditions. */
export interface TableQuerySetup<T extends ObjectLiteral> {
  /** The handler's query, isolated so that added conditions keep its own. */
  base: SelectQueryBuilder<T>;
  /** The base query without the joins that only load relations: what the rows are counted and ordered in. */
  scope: SelectQueryBuilder<T>;
  /** Whether a join of `scope` is to-many, so that its rows repeat a listed row. */
  repeatsRows: boolean;
  sql: TableSql<T>;
  writer: ConditionWriter<T>;
  /** The conditions of the filters, SearchBuilder, ColumnControl and search (without the panes' selections). */
  requestConditions: string[];
  /** Each pane selection's condition, by pane path. */
  selections: { path: string; condition: string | null }[];
  /** Every condition of the request, panes' selections included, ANDed; null when none. */
  condition: string | null;
  /**
   * Tests implied by `condition` that a statement walking rows one by one in an order (a page's ids)
   * runs before it, because they cost less (see ConditionWriter.temporalPrefilter); null when none.
   */
  walkPrefilter: string | null;
  run: StatementRunner;
}

/** The parts ANDed, null when none. */
export function and(parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length > 0 ? present.map((each) => `(${each})`).join(' AND ') : null;
}

/**
 * Checks the base query and writes the request's conditions, for {@link runTableQuery} and the keyset
 * walks; `run` reads from `source` (a replica only where the data source has one).
 */
export async function setUpTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: Pick<TableRequest, 'filters' | 'conditions' | 'searchTerms' | 'searchFields' | 'panes'>,
  paths: ReadonlyMap<string, ResolvedPath>,
  statementTimeout: number,
  source: ReadSource = 'primary',
): Promise<TableQuerySetup<T>> {
  checkBase(baseQuery);
  const base = isolatedBase(baseQuery);
  const dialect = await databaseDialect(base.connection);
  const sql = new TableSql(base, paths, dialect, statementTimeout > 0 ? Date.now() + statementTimeout : 0);
  const writer = new ConditionWriter(sql);
  // Where every statement would run as it is (SQLite, or no timeout without replicas), it runs so
  // directly: the layers that find that out are promises of their own on every statement.
  const run: StatementRunner = runsStatementsAsTheyAre(base.connection, dialect, statementTimeout)
    ? (statement, read) => withTimeoutError(statementTimeout, () => read(withCachedText(statement)))
    : (statement, read) =>
        readFrom(base.connection, source, (mode) =>
          withStatementTimeout(
            base.connection,
            statementTimeout,
            (runner) => read(withCachedText(runner ? statement.setQueryRunner(runner) : statement)),
            mode,
          ),
        );
  // Comparisons first and text tests last: a row that fails a comparison is never searched (on
  // SQLite, where WHERE's terms run in their order, a text outside ASCII is searched by a call into
  // JavaScript).
  const comparisons = request.filters
    .filter((filter) => filter.predicate.kind !== 'contains')
    .map((filter) => writer.filter(filter));
  const textTests = request.filters
    .filter((filter) => filter.predicate.kind === 'contains')
    .map((filter) => writer.filter(filter));
  for (const node of request.conditions) {
    const written = writer.condition(node);
    if (written) textTests.push(written);
  }
  const search = writer.search(request.searchTerms, request.searchFields);
  if (search) textTests.push(search);
  const selections = request.panes.selections.map((selection) => ({
    path: selection.path,
    condition: writer.condition(selection.condition),
  }));
  const scope = withoutUnusedLeftJoins(base);
  return {
    base,
    scope,
    repeatsRows: hasToManyJoins(scope),
    sql,
    writer,
    requestConditions: [...comparisons, ...textTests],
    selections,
    condition: and([...comparisons, ...selections.map((selection) => selection.condition), ...textTests]),
    walkPrefilter: and(request.filters.map((filter) => writer.temporalPrefilter(filter))),
    run,
  };
}
