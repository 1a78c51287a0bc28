import {
  BadRequestException,
  Injectable,
  InternalServerErrorException,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, type Observable } from 'rxjs';
import {
  FindOptionsUtils,
  Repository,
  SelectQueryBuilder,
  type EntityMetadata,
  type ObjectLiteral,
} from 'typeorm';
import type { HttpRequest } from '../common/http-platform.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { DATA_TABLE_OPTIONS } from './datatable.constants.js';
import type { DataTableEnvelope, DataTableOptions } from './datatable.options.js';
import { envelopeProblems, looksLikeEnvelope } from './envelope.validator.js';
import { resolveFieldPath, type ResolvedPath } from './field-path.resolver.js';
import { serializeRow, type RowDateFields } from './row.serializer.js';
import { runTableQuery } from './table-query.builder.js';
import {
  parseOrderingField,
  parseTableRequest,
  tableContextProblems,
  TableRequestError,
} from './table-request.parser.js';
import type { FieldSpec, TableRequest, TableRequestContext } from './table-request.types.js';

interface PreparedTable {
  context: TableRequestContext;
  paths: Map<string, ResolvedPath>;
}

/**
 * Applied by `@DataTable`: turns the handler's base query (a `SelectQueryBuilder` or a
 * `Repository`) into the envelope for the request, or checks the envelope the handler built.
 */
@Injectable()
export class DataTablesListInterceptor implements NestInterceptor {
  private readonly logger = new Logger('DataTable');
  private readonly prepared = new WeakMap<DataTableOptions, Map<EntityMetadata, PreparedTable>>();
  private readonly dates: RowDateFields;

  constructor(
    private readonly reflector: Reflector,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    formats: DateFormatsService,
  ) {
    this.dates = { date: formats.dateField(), dateTime: formats.dateTimeField() };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<DataTableOptions | undefined>(DATA_TABLE_OPTIONS, context.getHandler());
    if (!options) return next.handle();
    const endpoint = `${context.getClass().name}.${context.getHandler().name}`;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    return next.handle().pipe(mergeMap((result: unknown) => from(this.answer(result, options, request, endpoint))));
  }

  private async answer(
    result: unknown,
    options: DataTableOptions,
    request: HttpRequest,
    endpoint: string,
  ): Promise<DataTableEnvelope> {
    const base = this.baseQuery(result);
    if (!base) return this.checkedEnvelope(result, endpoint);
    const metadata = base.expressionMap.mainAlias!.metadata;
    const table = this.prepare(options, metadata, endpoint);
    let tableRequest: TableRequest;
    try {
      tableRequest = parseTableRequest(request.query, table.context);
    } catch (error) {
      if (!(error instanceof TableRequestError)) throw error;
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: error.problems,
        ...(error.draw === undefined ? {} : { draw: error.draw }),
      });
    }
    const page = await runTableQuery(base, tableRequest, table.paths, { estimatedTotalAbove: options.estimatedTotalAbove });
    const data = page.entities.map((entity) => {
      let row = serializeRow(entity, metadata, this.dates);
      if (options.mapRow) row = options.mapRow(row, entity, request);
      if (options.actions) row.actions = options.actions(entity, request);
      return row;
    });
    return { data, recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered, draw: tableRequest.draw };
  }

  private baseQuery(result: unknown): SelectQueryBuilder<ObjectLiteral> | null {
    if (result instanceof SelectQueryBuilder) return result as SelectQueryBuilder<ObjectLiteral>;
    if (result instanceof Repository) {
      const repository = result as Repository<ObjectLiteral>;
      const query = repository.createQueryBuilder('entity');
      FindOptionsUtils.joinEagerRelations(query, query.alias, repository.metadata);
      return query;
    }
    return null;
  }

  private checkedEnvelope(result: unknown, endpoint: string): DataTableEnvelope {
    if (!looksLikeEnvelope(result)) {
      this.logger.error(
        `${endpoint} returned ${result === null ? 'null' : typeof result}; a @DataTable handler returns a ` +
          'SelectQueryBuilder, a Repository or an envelope { data, recordsTotal, recordsFiltered, draw }',
      );
      throw new InternalServerErrorException();
    }
    const problems = envelopeProblems(result);
    if (problems.length > 0) {
      this.logger.error(`${endpoint} returned an invalid data-table envelope: ${problems.join('; ')}`);
      throw new InternalServerErrorException();
    }
    return result as unknown as DataTableEnvelope;
  }

  /** The endpoint's options with the module's defaults, its paths resolved, checked once per entity. */
  private prepare(options: DataTableOptions, metadata: EntityMetadata, endpoint: string): PreparedTable {
    let byEntity = this.prepared.get(options);
    if (!byEntity) this.prepared.set(options, (byEntity = new Map()));
    let table = byEntity.get(metadata);
    if (table) return table;

    const defaults = this.config.dataTables;
    const orderingFields = options.orderingFields ?? [];
    const filters = options.filters ?? {};
    const problems: string[] = [];
    const paths = new Map<string, ResolvedPath>();
    const allPaths = new Set([
      ...(options.searchFields ?? []),
      ...orderingFields,
      ...Object.keys(filters),
      ...(options.defaultOrdering ?? []).map((field) => parseOrderingField(field).path),
    ]);
    for (const path of allPaths) {
      try {
        paths.set(path, resolveFieldPath(metadata, path));
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    for (const path of orderingFields) {
      if (paths.get(path)?.toMany) problems.push(`ordering field ${path} crosses a to-many relation`);
    }
    const fields = new Map<string, FieldSpec>([...paths].map(([path, resolved]) => [path, resolved.field]));
    const context: TableRequestContext = {
      fields,
      searchFields: options.searchFields ?? [],
      orderingFields,
      defaultOrdering: options.defaultOrdering ?? [],
      filters,
      pageSize: options.pageSize ?? Math.min(defaults.pageSize, options.maxPageSize ?? defaults.maxPageSize),
      maxPageSize: options.maxPageSize ?? defaults.maxPageSize,
      allowAll: options.allowAll ?? defaults.allowAll,
      timezone: this.config.timezone,
    };
    problems.push(...tableContextProblems(context));
    const { estimatedTotalAbove } = options;
    if (estimatedTotalAbove !== undefined && !(Number.isSafeInteger(estimatedTotalAbove) && estimatedTotalAbove >= 0)) {
      problems.push(`estimatedTotalAbove must be a whole number of rows >= 0, not ${String(estimatedTotalAbove)}`);
    }
    if (problems.length > 0) {
      const message = `@DataTable on ${endpoint} over ${metadata.name}: ${problems.join('; ')}`;
      this.logger.error(message);
      throw new InternalServerErrorException();
    }
    table = { context, paths };
    byEntity.set(metadata, table);
    return table;
  }
}
