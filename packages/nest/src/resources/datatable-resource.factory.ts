import {
  BadRequestException,
  Body,
  ConflictException,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
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
import { BulkSelection, DataTableBulkAction } from '../bulk-actions/bulk-action.decorator.js';
import type { BulkRequest } from '../bulk-actions/bulk-request.js';
import { databaseDialect, isUniqueViolation, isValueTooLong } from '../dialect/index.js';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash, type HttpRequest } from '../common/http-platform.js';
import { bodyValidationPipe } from '../common/validation.pipes.js';
import { ParseIdPipe } from '../common/positive-int.pipe.js';
import {
  DataTableCounts,
  DataTable,
  DataTableExport,
  type DataTableOptions,
  serializeRow,
  type RowDateFields,
  prepareTable,
} from '../datatables/internal.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import { UrlResolver } from '../views/url-resolver.service.js';
import { ViewName } from '../views/view-name.decorator.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { ResourceDocs } from './datatable-resource-docs.decorator.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';
import { removeRecords } from './records.remover.js';
import { parseResourcePermissions } from './resource-permissions.parser.js';
import { lockedRecordKeyQuery, scopedRecordQuery } from './scoped-record.query.js';

type Representation = Record<string, unknown>;

/**
 * The methods a `DataTableResource` class has; only the declared actions' are routes. A host may
 * override any of them.
 */
export interface DataTableResourceController<C extends object, U extends object> {
  list(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
  query(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
  exportRows(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
  exportRowsByPost(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
  retrieve(id: number, request: HttpRequest): Promise<Representation>;
  create(body: C, request: HttpRequest): Promise<Representation>;
  update(id: number, body: U, request: HttpRequest): Promise<Representation>;
  remove(id: number, request: HttpRequest): Promise<void>;
  bulkDelete(selection: BulkRequest, request: HttpRequest): Promise<{ deleted: number }>;
  /** The base query of the list and of every record route, for the host's own routes (a bulk action's). */
  baseQuery(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
}

const parseId = new ParseIdPipe();

/** Where the list route leaves the record URL of each row for the `actions: true` links. */
const RECORD_URLS = Symbol('widgetlib.resource-record-urls');
type RequestWithRecordUrls = HttpRequest & { [RECORD_URLS]?: (entity: ObjectLiteral) => string };
const INTEGER_TYPES = new Set(['int', 'integer', 'int4', 'int8', 'smallint', 'bigint', 'mediumint']);

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

  // `@DataTable`'s options are fixed when the class is defined, but URLs come from the resolver of
  // the application serving the request: the list route hands the row URLs over with the request.
  const { actions, ...listOptions } = options.dataTable ?? {};
  const tableOptions: DataTableOptions<T> = {
    ...listOptions,
    ...(listOptions.id ? { entity: options.entity } : {}),
    ...(actions === true
      ? {
          actions: (entity: T, request: HttpRequest) => {
            const url = (request as RequestWithRecordUrls)[RECORD_URLS]!(entity);
            return { edit_url: url, delete_url: url };
          },
        }
      : actions
        ? { actions }
        : {}),
  };

  // The export's files are named after the resource unless the declaration names them.
  const exportOptions: DataTableOptions<T> = {
    ...tableOptions,
    export: { fileName: options.name, ...tableOptions.export },
  };

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
      this.dates = { date: formats.dateField(), dateTime: formats.dateTimeField() };
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
      const keys = metadata.primaryColumns;
      const key = keys[0];
      const integer = key && (key.type === Number || INTEGER_TYPES.has(String(key.type)));
      const problems =
        keys.length !== 1 || !integer ? [`${metadata.name} needs exactly one integer primary key column`] : [];
      problems.push(...plan.problems, ...prepareTable(tableOptions, metadata, this.config).problems);
      if (problems.length > 0) throw new Error(`DataTableResource "${options.name}": ${problems.join('; ')}`);
    }

    @serve('list', Get(), ViewName(listRoute), DataTable(tableOptions))
    list(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      (request as RequestWithRecordUrls)[RECORD_URLS] = (entity) =>
        this.urls.reverse(detailRoute, { id: String((entity as Record<string, unknown>)[this.primaryKey]) });
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

    @serve('retrieve', Get(':id'), ViewName(detailRoute), ResourceDocs.retrieve())
    async retrieve(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<Representation> {
      const record = await scopedRecordQuery(this.baseQuery(request), id).getOne();
      if (!record) throw this.notFound(id);
      return this.represent(record);
    }

    @serve('create', Post(), ViewName(listRoute), ResourceDocs.create(createDto))
    create(@Body(bodyValidationPipe(createDto)) body: C, @Req() request: HttpRequest): Promise<Representation> {
      return this.inTransaction(async (manager) => {
        const key = await this.save(manager, this.repository.create(), body, request);
        return this.representInScope(manager, key, request, 'The new');
      });
    }

    @serve('update', Put(':id'), ViewName(detailRoute), ResourceDocs.update(updateDto))
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

    @serve('delete', Delete(':id'), HttpCode(204), ViewName(detailRoute), ResourceDocs.remove())
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
      subject: string,
    ): Promise<Representation> {
      const base = this.baseQuery(request, manager.getRepository(options.entity));
      const record = await scopedRecordQuery(base, key).getOne();
      if (!record) {
        throw new ForbiddenException(
          `${subject} ${this.repository.metadata.name} would be outside the records this resource gives you`,
        );
      }
      return this.represent(record);
    }

    private notFound(id: number): NotFoundException {
      return new NotFoundException(`${this.repository.metadata.name} ${id} does not exist`);
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
        if (isUniqueViolation(error)) {
          throw new ConflictException(`This ${this.repository.metadata.name} would duplicate an existing one`);
        }
        if (isValueTooLong(error)) throw new BadRequestException('A value is too long for its column');
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
