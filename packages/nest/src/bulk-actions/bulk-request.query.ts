import type { DataTableChanges } from '../live/internal.js';
import { Repository, SelectQueryBuilder, type EntityMetadata, type ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import {
  eagerRepositoryQuery,
  readTableRequest,
  TableRequestError,
  setUpTableQuery,
  and,
  type PreparedTable,
} from '../datatables/internal.js';
import { bulkKeyKind, parseBulkConsent, unconditionedProblem } from './bulk-consent.parser.js';
import { DEFAULT_BULK_TIME_LIMIT_MS } from './bulk-time.checks.js';
import { TableSelection } from './table-selection.query.js';

/**
 * What `@BulkSelection()` hands a `@DataTableBulkAction` handler: the route's table request, made
 * into the selection of a base query by {@link BulkRequest.of}.
 */
export class BulkRequest {
  constructor(
    private readonly request: HttpRequest,
    private readonly prepare: (metadata: EntityMetadata) => PreparedTable,
    private readonly changes: DataTableChanges,
    /** The module's `dataTables.bulkTimeLimit`: how long an action may run unless it says otherwise. */
    private readonly timeLimit: number = DEFAULT_BULK_TIME_LIMIT_MS,
  ) {}

  /**
   * The rows of `base` (a query or a repository, as a `@DataTable` handler returns) that the
   * request's search, filters, SearchBuilder criteria and panes' selections keep, and of them only
   * those `ids` lists when it is sent (rows picked one by one). A
   * {@link TableRequestError} (a 400) names every problem of the request, and refuses a request
   * without any of them unless it says `all=true`.
   */
  async of<T extends ObjectLiteral>(base: SelectQueryBuilder<T> | Repository<T>): Promise<TableSelection<T>> {
    const query = base instanceof Repository ? eagerRepositoryQuery(base) : base;
    if (!(query instanceof SelectQueryBuilder)) {
      throw new Error('BulkRequest.of() takes a SelectQueryBuilder or a Repository, as a @DataTable handler returns');
    }
    const metadata = query.expressionMap.mainAlias!.metadata;
    if (metadata.primaryColumns.length !== 1) {
      throw new Error(`A bulk action over ${metadata.name} needs an entity with a single primary key column`);
    }
    const table = this.prepare(metadata);
    const { values, tableRequest } = readTableRequest(this.request, table.context);
    const { draw } = tableRequest;
    const consent = parseBulkConsent(values, draw, bulkKeyKind(metadata.primaryColumns[0]!.type));
    const setup = await setUpTableQuery(query, tableRequest, table.paths, 0);
    if (consent.ids) {
      setup.condition = and([setup.condition, `${setup.sql.primaryKey} IN (${setup.sql.listParameter(consent.ids)})`]);
    }
    const problem = unconditionedProblem(setup.condition !== null, consent);
    if (problem) throw new TableRequestError([problem], draw);
    return new TableSelection(setup, consent, this.changes, {
      statementTimeout: table.statementTimeout,
      timeLimit: this.timeLimit,
    });
  }
}
