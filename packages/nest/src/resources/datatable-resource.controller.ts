import {
  Body,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  type OnModuleDestroy,
  type OnModuleInit,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { BulkSelection, DataTableBulkAction, type BulkRequest } from '../bulk-actions/index.js';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { httpExceptionOf } from '../common/errors/http-error.mapping.js';
import { CheckedInputPipe } from '../common/checked-input.pipe.js';
import { type HttpRequest } from '../common/http-platform.reader.js';
import { languageTextProblem } from '../common/messages/index.js';
import { AnswersWithTrailingSlash } from '../common/answers-with-trailing-slash.decorator.js';
import { bodyValidationPipe } from '../common/checked-validation.pipe.js';
import { PartialValidationPipe } from '../common/partial-validation.pipe.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { onPrimary } from '../common/primary-reads.query.js';
import {
  DataTable,
  DataTableExport,
  rowDateFields,
  serializeRow,
  type RowDateFields,
  prepareTable,
} from '../datatables/internal.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { PermissionsService } from '../permissions/permissions.service.js';
import { DataTableChanges } from '../live/internal.js';
import { UrlResolver } from '../views/url-resolver.service.js';
import { ViewName } from '../views/view-name.decorator.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { ResourceDocs } from './resource-docs.decorator.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';
import { parseResourcePermissions } from './resource-permissions.parser.js';
import { scopedRecordQuery } from './scoped-record.query.js';
import { ResourceRecordNotFoundError } from './datatable-resource.errors.js';
import { ResourceWrites } from './resource-writes.query.js';
import { EditorOptionsInterceptor, setEditorOptions } from './editor/editor-options.interceptor.js';
import { EditorRoutes } from './editor/editor-routes.query.js';
import type { EditorAnswer } from './editor/editor-answer.types.js';
import type { DataTableResourceController, Representation } from './datatable-resource.types.js';
import { resourceKeyProblem } from './resource-key.checks.js';
import { EDITOR_ROW_ID, resourceTableOptions, setRecordUrls } from './resource-table.options.js';
import { ResourceTrash, RestoreRoute, TrashDocs, TrashListRoute } from './trash/index.js';
import { ResourceVersions, writeRecordInScope, type RecordWrite } from './versions/index.js';
import * as history from './history/index.js';
import { API_ROUTE, answered, liveScope, resourceRoutes } from './resource-routes.decorator.js';

const parseId = new ParseIdPipe();
/** The most characters of a resource's `label` (in each language). */
const MAX_LABEL_LENGTH = 100;

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
): Type<DataTableResourceController<C, U> & OnModuleInit & OnModuleDestroy> {
  const listRoute = `${options.name}:list`;
  const detailRoute = `${options.name}:detail`;
  const createDto: Type | undefined = options.createDto;
  const updateDto: Type | undefined = options.updateDto ?? options.createDto;
  const plan = parseResourcePermissions(options);
  const { serve, serveEditor, editorProblems, servePatch, tagged, setVersionProperty, historyOptions, serveHistory } =
    resourceRoutes(options as DataTableResourceOptions<never, object, object>, plan);

  const { list: tableOptions, export: exportOptions } = resourceTableOptions(
    options,
    new Set(Object.keys(plan.served) as ResourceAction[]),
  );

  @ResourceDocs.controller(options.name)
  @AnswersWithTrailingSlash()
  @UseInterceptors(DatabaseUnavailableInterceptor)
  class DataTableResourceHost implements DataTableResourceController<C, U>, OnModuleInit, OnModuleDestroy {
    private readonly dates: RowDateFields;
    private readonly writes: ResourceWrites<T>;
    private readonly trashBin: ResourceTrash<T>;
    private readonly versions: ResourceVersions<T>;
    private readonly resourceHistory?: history.ResourceHistory<T>;
    private readonly resourceHistoryRoutes?: history.HistoryRoutes<T>;
    private readonly editorRoutes: EditorRoutes<T>;

    constructor(
      @InjectRepository(options.entity) protected readonly repository: Repository<T>,
      private readonly urls: UrlResolver,
      formats: DateFormatsService,
      @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
      changes: DataTableChanges,
    ) {
      this.dates = rowDateFields(formats);
      if (historyOptions)
        this.resourceHistory = new history.ResourceHistory(repository, historyOptions, config, options.label);
      this.writes = new ResourceWrites({
        entity: options.entity,
        ...(options.label ? { label: options.label } : {}),
        repository,
        changes,
        ...(options.assign ? { assign: options.assign as never } : {}),
        ...(options.assignPartial ? { assignPartial: options.assignPartial as never } : {}),
        baseQuery: (request, scoped) => this.baseQuery(request, scoped),
        ...(this.resourceHistory ? { history: this.resourceHistory } : {}),
      });
      this.trashBin = new ResourceTrash({
        repository,
        writes: this.writes,
        plan,
        options: options.trash,
        permissions: new PermissionsService(config),
        baseQuery: (request, scoped) => this.baseQuery(request, scoped),
        represent: (record) => this.represent(record),
      });
      this.versions = new ResourceVersions(repository, options.label);
      this.editorRoutes = new EditorRoutes({
        editor: options.editor,
        plan,
        config,
        submissions: {
          writes: this.writes,
          versions: this.versions,
          repository,
          createDto,
          updateDto,
          baseQuery: (request, scoped) => this.baseQuery(request, scoped),
          // The rows as the list writes them for Editor, with their row id.
          represent: (record) => ({
            ...this.represent(record),
            [EDITOR_ROW_ID]: String(record[this.writes.primaryKey]),
          }),
        },
      });
      if (this.resourceHistory) {
        const { resourceHistory: recorder, writes } = this;
        const baseQuery = (request: HttpRequest, scoped?: Repository<T>) => this.baseQuery(request, scoped);
        const source = { history: recorder, writes, entity: options.entity, updateDto, config, baseQuery };
        this.resourceHistoryRoutes = new history.HistoryRoutes({ ...source, deleteRequirement: plan.served.delete });
      }
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
        (options.label !== undefined && languageTextProblem(options.label, 'label', MAX_LABEL_LENGTH)) || [],
        plan.problems,
        editorProblems,
        this.editorRoutes.prepare(metadata, options.dataTable?.choices),
        history.historyProblems(historyOptions, this.resourceHistory?.fields.map((field) => field.name) ?? []),
        prepareTable(tableOptions, metadata, this.config).problems,
        this.trashBin.problems(),
      ].flat();
      if (problems.length > 0) throw new Error(`DataTableResource "${options.name}": ${problems.join('; ')}`);
      this.trashBin.start();
      setVersionProperty(this.versions.property);
    }

    onModuleDestroy(): void {
      this.trashBin.stop();
    }

    @serve(
      'list',
      Get(),
      ViewName(listRoute, API_ROUTE),
      UseInterceptors(EditorOptionsInterceptor),
      DataTable(tableOptions),
      liveScope,
    )
    list(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      if (this.editorRoutes.offersOptions) setEditorOptions(request, () => this.editorRoutes.options(request));
      const id = (entity: ObjectLiteral) => String((entity as Record<string, unknown>)[this.writes.primaryKey]);
      setRecordUrls(request, (entity) => this.urls.reverse(detailRoute, { id: id(entity) }), id);
      return this.baseQuery(request);
    }

    /** The list with its parameters in the body (`POST <list path>/query`): a read, under the list permission. */
    @serve(
      'list',
      Post('query'),
      UseInterceptors(EditorOptionsInterceptor),
      DataTable(tableOptions),
      ResourceDocs.query(),
      liveScope,
    )
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

    /** The records in the trash (`GET <list path>/trash/`), an envelope like the list's; under delete's permissions. */
    @serve('delete', TrashListRoute(plan, tableOptions))
    trash(@Req() request: HttpRequest): Promise<SelectQueryBuilder<ObjectLiteral>> {
      return answered(() => this.trashBin.list(request));
    }

    /** Takes a record out of the trash (`POST <list path>/<id>/restore/`), under delete's permissions. */
    @serve('delete', RestoreRoute())
    restore(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<Representation> {
      return answered(() => this.trashBin.restore(id, request));
    }

    @serve('retrieve', Get(':id'), ViewName(detailRoute, API_ROUTE), ResourceDocs.retrieve(), tagged)
    async retrieve(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<Representation> {
      // On the primary, as the writes: a record just created or changed is found as it now is.
      const record = await onPrimary(this.repository.manager.connection, (manager) =>
        scopedRecordQuery(this.baseQuery(request, manager.getRepository(options.entity)), id).getOne(),
      );
      if (!record) throw httpExceptionOf(new ResourceRecordNotFoundError(this.writes.entityLabel, id));
      return this.represent(record);
    }

    @serve('create', Post(), ViewName(listRoute, API_ROUTE), ResourceDocs.create(createDto), tagged)
    create(@Body(bodyValidationPipe(createDto)) body: C, @Req() request: HttpRequest): Promise<Representation> {
      return answered(() =>
        this.writes.inTransaction(async (manager) => {
          const key = await this.writes.create(manager, body, request);
          return this.represent(await this.writes.loadInScope(manager, key, request, 'The new'));
        }),
      );
    }

    @serve('update', Put(':id'), ViewName(detailRoute, API_ROUTE), ResourceDocs.update(updateDto), tagged)
    update(
      @Param('id', parseId) id: number,
      @Body(bodyValidationPipe(updateDto)) body: U,
      @Req() request: HttpRequest,
    ): Promise<Representation> {
      return this.writeRecord(id, request, (manager, key) => this.writes.update(manager, key, body, request));
    }

    /** Changes only the fields the body sends, each validated by the update DTO's rules (`PATCH <path>/{id}/`). */
    @servePatch(Patch(':id'), ViewName(detailRoute, API_ROUTE), ResourceDocs.partialUpdate(updateDto), tagged)
    partialUpdate(
      @Param('id', parseId) id: number,
      @Body(new PartialValidationPipe(updateDto ?? Object)) fields: Partial<U>,
      @Req() request: HttpRequest,
    ): Promise<Representation> {
      return this.writeRecord(id, request, (manager, key) => this.writes.updatePartly(manager, key, fields, request));
    }

    @serve(
      'delete',
      Delete(':id'),
      HttpCode(204),
      ViewName(detailRoute, API_ROUTE),
      ResourceDocs.remove(),
      TrashDocs.purge(),
    )
    async remove(
      @Param('id', parseId) id: number,
      @Req() request: HttpRequest,
      @Query('purge', new CheckedInputPipe()) purge?: unknown,
    ): Promise<void> {
      // With a trash, to the trash; `?purge=true`: for good, under purge's permissions.
      if (await answered(() => this.trashBin.purges(purge, request)))
        return answered(() => this.trashBin.purge(id, request));
      await answered(() =>
        this.writes.inTransaction(async (manager) => {
          await this.writes.remove(manager, [await this.writes.lockInScope(manager, id, request)], request);
        }),
      );
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
      const report = await selected.forEachBatch((keys, manager) => this.writes.remove(manager, keys, request), {
        change: 'deleted',
      });
      return { deleted: report.processed };
    }

    /**
     * DataTables Editor's client-server protocol (`POST <list path>/editor`), served when the
     * declaration says `editor`: each action under the permissions of its REST twin (create,
     * update, delete; a refresh under list's), within the same scope, one transaction per submission.
     */
    @serveEditor(Post('editor'), HttpCode(200), ResourceDocs.editor())
    editor(@Body(new CheckedInputPipe()) body: unknown, @Req() request: HttpRequest): Promise<EditorAnswer> {
      return this.editorRoutes.answer(body, request);
    }

    /** The revisions of a record in scope, newest first (`?page=&size=`), when the declaration keeps `history`. */
    @serveHistory('retrieve', Get(':id/history'), ResourceDocs.history())
    revisions(
      @Param('id', parseId) id: number,
      @Query(new CheckedInputPipe()) query: unknown,
      @Req() request: HttpRequest,
    ): Promise<history.ResourceHistoryPage> {
      return answered(() => this.resourceHistoryRoutes!.revisions(id, query, request));
    }

    /** Brings a record in scope back to its fields after revision `revision`, through the update DTO. */
    @serveHistory('update', Post(':id/history/:revision/restore'), HttpCode(200), ResourceDocs.restore())
    async restoreRevision(
      @Param('id', parseId) id: number,
      @Param('revision', parseId) revision: number,
      @Req() request: HttpRequest,
    ): Promise<Representation> {
      return this.represent(await answered(() => this.resourceHistoryRoutes!.restore(id, revision, request)));
    }

    /** The base query of the list and of every record route; `repository` is a transaction's in writes. */
    baseQuery(request: HttpRequest, repository: Repository<T> = this.repository): SelectQueryBuilder<T> {
      return options.query
        ? options.query(repository, request)
        : repository.createQueryBuilder(repository.metadata.tableName);
    }

    private writeRecord(id: number, request: HttpRequest, write: RecordWrite): Promise<Representation> {
      const represent = (record: T) => this.represent(record);
      return answered(() =>
        writeRecordInScope({ writes: this.writes, versions: this.versions, represent }, id, request, write),
      );
    }

    private represent(record: T): Representation {
      return serializeRow(record, this.repository.metadata, this.dates);
    }
  }

  return DataTableResourceHost;
}
