import {
  BadRequestException,
  Body,
  ConflictException,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
  ValidationPipe,
  applyDecorators,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { isUniqueViolation, isValueTooLong } from '../common/database-errors.js';
import { AnswersWithTrailingSlash, type HttpRequest } from '../common/http-platform.js';
import { ApiDocs } from '../common/optional-swagger.js';
import { ParseIdPipe } from '../common/positive-int.pipe.js';
import { DataTable } from '../datatables/datatable.decorator.js';
import type { DataTableOptions } from '../datatables/datatable.options.js';
import { serializeRow, type RowDateFields } from '../datatables/row.serializer.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import { UrlResolver } from '../views/url-resolver.service.js';
import { ViewName } from '../views/view-name.decorator.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';

type Representation = Record<string, unknown>;

/** The routes a `DataTableResource` class has; a host may override any of them. */
export interface DataTableResourceController<C extends object, U extends object> {
  list(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
  retrieve(id: number, request: HttpRequest): Promise<Representation>;
  create(body: C, request: HttpRequest): Promise<Representation>;
  update(id: number, body: U, request: HttpRequest): Promise<Representation>;
  remove(id: number, request: HttpRequest): Promise<void>;
}

function bodyPipe(expectedType: Type): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    // The handlers are generic, so their parameter types say nothing at run time.
    expectedType,
  });
}

const parseId = new ParseIdPipe();
const INTEGER_TYPES = new Set(['int', 'integer', 'int4', 'int8', 'smallint', 'bigint', 'mediumint']);
const IdParam = ApiDocs(({ ApiParam }) => [ApiParam({ name: 'id', type: Number, description: 'Record id' })]);

/**
 * A whole data-table resource (spec 4.2) from one declaration. Extend the class it returns and
 * give it the resource's path:
 *
 * ```ts
 * @Controller('albums')
 * export class AlbumsController extends DataTableResource({ entity: Album, name: 'albums', createDto: AlbumDto }) {}
 * ```
 * The host module imports `TypeOrmModule.forFeature([Album])`.
 */
export function DataTableResource<T extends ObjectLiteral, C extends object, U extends object = C>(
  options: DataTableResourceOptions<T, C, U>,
): Type<DataTableResourceController<C, U> & OnModuleInit> {
  const listRoute = `${options.name}:list`;
  const detailRoute = `${options.name}:detail`;
  const updateDto: Type = options.updateDto ?? options.createDto;
  const permit = (action: ResourceAction) => {
    const required = options.permissions?.[action];
    return required ? requirePermissionsMetadata(...[required].flat()) : applyDecorators();
  };

  // `@DataTable`'s options are fixed when the class is defined, but URLs come from the resolver of
  // the running application: the instance hands it to this class's closure when it is created.
  let recordUrl: ((id: unknown) => string) | null = null;
  let primaryKey = 'id';
  const { actions, ...listOptions } = options.dataTable ?? {};
  const tableOptions: DataTableOptions<T> = {
    ...listOptions,
    ...(actions === true
      ? {
          actions: (entity: T) => {
            const url = recordUrl!((entity as Record<string, unknown>)[primaryKey]);
            return { edit_url: url, delete_url: url };
          },
        }
      : actions
        ? { actions }
        : {}),
  };

  @ApiDocs(({ ApiTags, ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
    ApiTags(options.name),
    ApiBadRequestResponse({ description: 'A parameter or a body field is invalid; the message names it' }),
    ApiUnauthorizedResponse({ description: 'No authenticated user' }),
    ApiForbiddenResponse({ description: 'The user lacks the permission' }),
  ])
  @AnswersWithTrailingSlash()
  class DataTableResourceHost implements DataTableResourceController<C, U>, OnModuleInit {
    private readonly dates: RowDateFields;

    constructor(
      @InjectRepository(options.entity) protected readonly repository: Repository<T>,
      urls: UrlResolver,
      formats: DateFormatsService,
    ) {
      this.dates = { date: formats.dateField(), dateTime: formats.dateTimeField() };
      recordUrl = (id) => urls.reverse(detailRoute, { id: String(id) });
    }

    /** The record routes take positive integer ids: the entity needs one integer primary key. */
    onModuleInit(): void {
      const keys = this.repository.metadata.primaryColumns;
      const key = keys[0];
      const integer = key && (key.type === Number || INTEGER_TYPES.has(String(key.type)));
      if (keys.length !== 1 || !integer) {
        throw new Error(
          `DataTableResource "${options.name}": ${this.repository.metadata.name} needs exactly one integer primary key column`,
        );
      }
      primaryKey = key.propertyName;
    }

    @Get()
    @ViewName(listRoute)
    @permit('list')
    @DataTable(tableOptions)
    list(@Req() request: HttpRequest): SelectQueryBuilder<ObjectLiteral> {
      return this.baseQuery(request);
    }

    @Get(':id')
    @ViewName(detailRoute)
    @permit('retrieve')
    @IdParam
    @ApiDocs(({ ApiOkResponse, ApiNotFoundResponse }) => [
      ApiOkResponse({ description: 'The record' }),
      ApiNotFoundResponse({ description: 'No such record' }),
    ])
    async retrieve(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<Representation> {
      return this.represent(await this.find(id, request));
    }

    @Post()
    @ViewName(listRoute)
    @permit('create')
    @ApiDocs(({ ApiBody, ApiCreatedResponse, ApiConflictResponse }) => [
      ApiBody({ type: options.createDto }),
      ApiCreatedResponse({ description: 'The created record' }),
      ApiConflictResponse({ description: 'The record would break a unique constraint' }),
    ])
    async create(@Body(bodyPipe(options.createDto)) body: C, @Req() request: HttpRequest): Promise<Representation> {
      const id = await this.write(this.repository.create(), body, request);
      return this.represent(await this.find(id, request));
    }

    @Put(':id')
    @ViewName(detailRoute)
    @permit('update')
    @IdParam
    @ApiDocs(({ ApiBody, ApiOkResponse, ApiNotFoundResponse, ApiConflictResponse }) => [
      ApiBody({ type: updateDto }),
      ApiOkResponse({ description: 'The updated record' }),
      ApiNotFoundResponse({ description: 'No such record' }),
      ApiConflictResponse({ description: 'The record would break a unique constraint' }),
    ])
    async update(
      @Param('id', parseId) id: number,
      @Body(bodyPipe(updateDto)) body: U,
      @Req() request: HttpRequest,
    ): Promise<Representation> {
      await this.write(await this.find(id, request), body, request);
      return this.represent(await this.find(id, request));
    }

    @Delete(':id')
    @HttpCode(204)
    @ViewName(detailRoute)
    @permit('delete')
    @IdParam
    @ApiDocs(({ ApiNoContentResponse, ApiNotFoundResponse }) => [
      ApiNoContentResponse({ description: 'Record removed' }),
      ApiNotFoundResponse({ description: 'No such record' }),
    ])
    async remove(@Param('id', parseId) id: number, @Req() request: HttpRequest): Promise<void> {
      await this.find(id, request);
      await this.repository.delete(id);
    }

    protected baseQuery(request: HttpRequest): SelectQueryBuilder<T> {
      return options.query
        ? options.query(this.repository, request)
        : this.repository.createQueryBuilder(this.repository.metadata.tableName);
    }

    /** The record with this id within the base query's scope, with its relations; 404 otherwise. */
    protected async find(id: number, request: HttpRequest): Promise<T> {
      const query = this.baseQuery(request);
      const record = await query.andWhere(`${query.alias}.${primaryKey} = :widgetlibRecordId`, { widgetlibRecordId: id }).getOne();
      if (!record) throw new NotFoundException(`${this.repository.metadata.name} ${id} does not exist`);
      return record;
    }

    /** Assigns the body and saves, in one transaction; a broken unique constraint is a 409. */
    private async write(entity: T, body: C | U, request: HttpRequest): Promise<number> {
      try {
        return await this.repository.manager.transaction(async (manager) => {
          if (options.assign) await options.assign(entity, body, { manager, request });
          else manager.merge(options.entity, entity, body as object);
          const saved = await manager.save(options.entity, entity);
          return (saved as Record<string, unknown>)[primaryKey] as number;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictException(`This ${this.repository.metadata.name} would duplicate an existing one`);
        }
        if (isValueTooLong(error)) throw new BadRequestException('A value is too long for its column');
        throw error;
      }
    }

    private represent(record: T): Representation {
      return serializeRow(record, this.repository.metadata, this.dates);
    }
  }

  return DataTableResourceHost;
}
