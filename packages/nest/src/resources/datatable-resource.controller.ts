import {
  Body,
  Delete,
  Get,
  HttpCode,
  type HttpException,
  Param,
  Post,
  Put,
  Req,
  applyDecorators,
  type OnModuleInit,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type EntityManager,
  type FindOptionsWhere,
  type ObjectLiteral,
  type Repository,
  type SelectQueryBuilder,
} from 'typeorm';
import { BulkSelection, DataTableBulkAction, type BulkRequest } from '../bulk-actions/index.js';
import { databaseDialect, isUniqueViolation, isValueTooLong } from '../dialect/index.js';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { httpExceptionOf } from '../common/errors/http-error.mapping.js';
import { type HttpRequest } from '../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../common/answers-with-trailing-slash.decorator.js';
import { bodyValidationPipe } from '../common/checked-validation.pipe.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { onPrimary } from '../common/primary-reads.query.js';
import {
  DataTableCounts,
  DataTable,
  DataTableExport,
  rowDateFields,
  serializeRow,
  type RowDateFields,
  prepareTable,
} from '../datatables/internal.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import { UrlResolver } from '../views/url-resolver.service.js';
import { ViewName } from '../views/view-name.decorator.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { ResourceDocs } from './resource-docs.decorator.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';
import { removeRecords } from './record-removal.query.js';
import { parseResourcePermissions } from './resource-permissions.parser.js';
import { lockedRecordKeyQuery, scopedRecordQuery } from './scoped-record.query.js';
import {
  ResourceDuplicateError,
  ResourceOutOfScopeError,
  ResourceRecordNotFoundError,
  ResourceValueTooLongError,
} from './datatable-resource.errors.js';
import type { DataTableResourceController, Representation } from './datatable-resource.types.js';
import { resourceKeyProblem } from './resource-key.checks.js';
import { resourceTableOptions, setRecordUrls } from './resource-table.options.js';

const parseId = new ParseIdPipe();
/** The resource's routes answer JSON: reversible, but not pages of the app. */
const API_ROUTE = { page: false } as const;

/**
 * A whole data-table resource (spec 4.2) from one declaration. Extend the class it returns and
 * give it the resource's path:
 *
 * ```ts
 * @Controller('albums')
 * export class AlbumsController extends DataTableResource({
 *   entity: Album,
 *   name: 'albums',
 *   createDto: AlbumDto,
 *   permissions: { list: AUTHENTICATED, retrieve: AUTHENTICATED, create: 'albums.add' },
 * }) {}
 * ```
 * Only the actions `permissions` names are served (`ResourcePermissions`). The host module imports
 * `TypeOrmModule.forFeature([Album])`.
 */
export function DataTableResource<T extends ObjectLiteral, C extends object = object, U extends object = C>(
  options: DataTableResourceOptions<T, C, U>,
): Type<DataTableResourceController<C, U> & OnModuleInit> {
  const listRoute = `${options.name}:list`;
  const detailRoute = `${options.name}:detail`;
  const createDto: Type | undefined = options.createDto;
  const updateDto: Type | undefined = options.updateDto ?? options.createDto;
  const plan = parseResourcePermissions(options);
  // Only the actions the declaration names get a route, under their requirement; the methods of the
  // others stay, undecorated, for a host to override.
  const serve = (action: ResourceAction, ...decorators: Array<MethodDecorator | ClassDecorator>) => {
    const requirement = plan.served[action];
    if (!requirement) return applyDecorators();
    const permit = requirement.public ? [] : [requirePermissionsMetadata(...requirement.permissions)];
    return applyDecorators(...decorators, ...permit);
  };

  const { list: tableOptions, export: exportOptions } = resourceTableOptions(
    options,
    new Set(Object.keys(plan.served) as ResourceAction[]),
  );

  @ResourceDocs.controller(options.name)
  @AnswersWithTrailingSlash()
  @UseInterceptors(DatabaseUnavailableInterceptor)
  class DataTableResourceHost implements DataTableResourceController<C, U>, OnModuleInit {
    private readonly dates: RowDateFields;

    constructor(
      @InjectRepository(options.entity) protected readonly repository: Repository<T>,
      private readonly urls: UrlResolver,
      formats: DateFormatsService,
      @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
      private readonly counts: DataTableCounts,
    ) {
      this.dates = rowDateFields(formats);
    }

    /** The property of the entity's single primary key (checked at startup). */
    private get primaryKey(): string {
      return this.repository.metadata.primaryColumns[0]!.propertyName;
    }

    /**
     * Refuses to start with a declaration the routes cannot serve: the record routes take positive
     * integer ids, so the entity needs one integer primary key; the permissions must be unambiguous
     * (`ResourcePermissions`); the list's options must hold for it.
     */
    onModuleInit(): void {
      const { metadata } = this.repository;
      const problems = [
        resourceKeyProblem(metadata) ?? [],
        plan.problems,
        prepareTable(tableOptions, metadata, this.config).problems,
      ].flat();
      if (problems.length > 0) throw new Error(`DataTableResource "${options.name}": ${problems.join('; ')}`);
    }

    @serve('list', Get(), ViewName(listRoute, API_ROUTE), DataTable(tableOptions))
    list(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      setRecordUrls(request, (entity) =>
        this.urls.reverse(detailRoute, { id: String((entity as Record<string, unknown>)[this.primaryKey]) }),
      );
      return this.baseQuery(request);
    }

    /** The list with its parameters in the body (`POST <list path>/query`): a read, under the list permission. */
    @serve('list', Post('query'), DataTable(tableOptions), ResourceDocs.query())
    query(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      return this.list(request);
    }

    /** Every row of the list request as CSV or XLSX (`GET <list path>/export`), under the list permission. */
    @serve('list', DataTableExport(exportOptions))
    exportRows(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      return this.baseQuery(request);
    }

    /** The export with the list's parameters in the body (`POST <list path>/export`). */
    @serve('list', DataTableExport(exportOptions, 'POST'), ResourceDocs.exportByPost())
    exportRowsByPost(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      return this.baseQuery(request);
    }

    @serve('retrieve', Get(':id'), ViewName(detailRoute, API_ROUTE), ResourceDocs.retrieve())
    async retrieve(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<Representation> {
      // On the primary, as the writes: a record just created or changed is found as it now is.
      const record = await onPrimary(this.repository.manager.connection, (manager) =>
        scopedRecordQuery(this.baseQuery(request, manager.getRepository(options.entity)), id).getOne(),
      );
      if (!record) throw this.notFound(id);
      return this.represent(record);
    }

    @serve('create', Post(), ViewName(listRoute, API_ROUTE), ResourceDocs.create(createDto))
    create(@Body(bodyValidationPipe(createDto)) body: C, @Req() request: HttpRequest): Promise<Representation> {
      return this.inTransaction(async (manager) => {
        const key = await this.save(manager, this.repository.create(), body, request);
        return this.representInScope(manager, key, request, 'The new');
      });
    }

    @serve('update', Put(':id'), ViewName(detailRoute, API_ROUTE), ResourceDocs.update(updateDto))
    update(
      @Param('id', parseId) id: number,
      @Body(bodyValidationPipe(updateDto)) body: U,
      @Req() request: HttpRequest,
    ): Promise<Representation> {
      return this.inTransaction(async (manager) => {
        const key = await this.lockInScope(manager, id, request);
        // Loaded without the base query's joins: a relation its join conditions hide is not in the
        // entity, so saving cannot unlink it.
        const entity = await manager
          .getRepository(options.entity)
          .findOneByOrFail({ [this.primaryKey]: key } as FindOptionsWhere<T>);
        await this.save(manager, entity, body, request);
        return this.representInScope(manager, key, request, 'The changed');
      });
    }

    @serve('delete', Delete(':id'), HttpCode(204), ViewName(detailRoute, API_ROUTE), ResourceDocs.remove())
    async remove(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<void> {
      await this.inTransaction(async (manager) => {
        const key = await this.lockInScope(manager, id, request);
        await removeRecords(manager, this.repository.metadata, [key]);
      });
    }

    /**
     * Deletes every record the list request in the body selects (`POST <list path>/bulk-delete`),
     * within the base query's scope, in batches in one transaction. Served only when the declaration
     * names `bulkDelete`, under its permissions and `delete`'s.
     */
    @serve('bulkDelete', Post('bulk-delete'), DataTableBulkAction(tableOptions), ResourceDocs.bulkDelete())
    async bulkDelete(
      @BulkSelection() selection: BulkRequest,
      @Req() request: HttpRequest,
    ): Promise<{ deleted: number }> {
      const selected = await selection.of(this.baseQuery(request));
      const report = await selected.forEachBatch((keys, manager) =>
        removeRecords(manager, this.repository.metadata, keys),
      );
      return { deleted: report.processed };
    }

    /** The base query of the list and of every record route; `repository` is a transaction's in writes. */
    baseQuery(request: HttpRequest, repository: Repository<T> = this.repository): SelectQueryBuilder<T> {
      return options.query
        ? options.query(repository, request)
        : repository.createQueryBuilder(repository.metadata.tableName);
    }

    /** The key of the record `id` within the base query's scope, locked for the transaction; 404 otherwise. */
    private async lockInScope(manager: EntityManager, id: number, request: HttpRequest): Promise<unknown> {
      const base = this.baseQuery(request, manager.getRepository(options.entity));
      const row = await lockedRecordKeyQuery(
        base,
        id,
        await databaseDialect(manager.connection, manager.queryRunner),
      ).getRawOne<{
        wl_key: unknown;
      }>();
      if (!row) throw this.notFound(id);
      return row.wl_key;
    }

    /**
     * The representation of the record `key` as the base query loads it, inside the write's
     * transaction: a write that would leave the record outside the scope is refused and undone.
     */
    private async representInScope(
      manager: EntityManager,
      key: unknown,
      request: HttpRequest,
      subject: 'The new' | 'The changed',
    ): Promise<Representation> {
      const base = this.baseQuery(request, manager.getRepository(options.entity));
      const record = await scopedRecordQuery(base, key).getOne();
      if (!record) {
        throw httpExceptionOf(new ResourceOutOfScopeError(subject, this.repository.metadata.name));
      }
      return this.represent(record);
    }

    private notFound(id: number): HttpException {
      return httpExceptionOf(new ResourceRecordNotFoundError(this.repository.metadata.name, id));
    }

    /**
     * Runs the write `work` in one transaction, then forgets the entity's cached counts; a broken
     * unique constraint is a 409, a too long value a 400.
     */
    private async inTransaction<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
      try {
        const result = await this.repository.manager.transaction(work);
        await this.counts.invalidate(this.repository.metadata);
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) throw httpExceptionOf(new ResourceDuplicateError(this.repository.metadata.name));
        if (isValueTooLong(error)) throw httpExceptionOf(new ResourceValueTooLongError());
        throw error;
      }
    }

    /** Assigns the body to the entity and saves it; answers its primary key. */
    private async save(manager: EntityManager, entity: T, body: C | U, request: HttpRequest): Promise<unknown> {
      if (options.assign) await options.assign(entity, body, { manager, request });
      else manager.merge(options.entity, entity, body as object);
      const saved = await manager.save(options.entity, entity);
      return (saved as Record<string, unknown>)[this.primaryKey];
    }

    private represent(record: T): Representation {
      return serializeRow(record, this.repository.metadata, this.dates);
    }
  }

  return DataTableResourceHost;
}
