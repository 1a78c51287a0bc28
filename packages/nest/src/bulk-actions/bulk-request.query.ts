import { BadRequestException } from '@nestjs/common';
import { FindOptionsUtils, Repository, SelectQueryBuilder, type EntityMetadata, type ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import {
  type DataTableCounts,
  readRequestParameters,
  TableRequestError,
  setUpTableQuery,
  parseTableRequest,
  type PreparedTable,
} from '../datatables/internal.js';
import { parseBulkConsent, unconditionedProblem } from './bulk-consent.parser.js';
import { DEFAULT_BULK_TIME_LIMIT_MS } from './bulk-time.checks.js';
import { TableSelection } from './table-selection.query.js';

function badRequest(problems: string[], draw?: number): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: problems,
    ...(draw === undefined ? {} : { draw }),
  });
}

/**
 * What `@BulkSelection()` hands a `@DataTableBulkAction` handler: the route's table request, made
 * into the selection of a base query by {@link BulkRequest.of}.
 */
export class BulkRequest {
  constructor(
    private readonly request: HttpRequest,
    private readonly prepare: (metadata: EntityMetadata) => PreparedTable,
    private readonly counts: DataTableCounts,
    /** The module's `dataTables.bulkTimeLimit`: how long an action may run unless it says otherwise. */
    private readonly timeLimit: number = DEFAULT_BULK_TIME_LIMIT_MS,
  ) {}

  /**
   * The rows of `base` (a query or a repository, as a `@DataTable` handler returns) that the
   * request's search, filters, SearchBuilder criteria and panes' selections keep. A 400 names every
   * problem of the request, and refuses a request without any of them unless it says `all=true`.
   */
  async of<T extends ObjectLiteral>(base: SelectQueryBuilder<T> | Repository<T>): Promise<TableSelection<T>> {
    const query = base instanceof Repository ? repositoryQuery(base) : base;
    if (!(query instanceof SelectQueryBuilder)) {
      throw new Error('BulkRequest.of() takes a SelectQueryBuilder or a Repository, as a @DataTable handler returns');
    }
    const metadata = query.expressionMap.mainAlias!.metadata;
    if (metadata.primaryColumns.length !== 1) {
      throw new Error(`A bulk action over ${metadata.name} needs an entity with a single primary key column`);
    }
    const table = this.prepare(metadata);
    let draw: number | undefined;
    try {
      const parameters = readRequestParameters(this.request, table.context.limits);
      const tableRequest = parseTableRequest(parameters.values, table.context, parameters.sent);
      draw = tableRequest.draw;
      const consent = parseBulkConsent(parameters.values, tableRequest.draw);
      const setup = await setUpTableQuery(query, tableRequest, table.paths, 0);
      const problem = unconditionedProblem(setup.condition !== null, consent);
      if (problem) throw badRequest([problem], draw);
      return new TableSelection(setup, consent, this.counts, {
        statementTimeout: table.statementTimeout,
        timeLimit: this.timeLimit,
      });
    } catch (error) {
      if (error instanceof TableRequestError) throw badRequest(error.problems, error.draw ?? draw);
      throw error;
    }
  }
}

function repositoryQuery<T extends ObjectLiteral>(repository: Repository<T>): SelectQueryBuilder<T> {
  const query = repository.createQueryBuilder('entity');
  FindOptionsUtils.joinEagerRelations(query, query.alias, repository.metadata);
  return query;
}
