import type { Type } from '@nestjs/common';
import type { HttpRequest } from '../common/http-platform.reader.js';
import type { LanguageTexts } from '../common/messages/index.js';
import type { EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { DataTableOptions } from '../datatables/internal.js';
import type { AUTHENTICATED, PUBLIC } from '../permissions/permissions.constants.js';
import type { ResourceEditorOptions } from './editor/editor.options.js';
import type { ResourceTrashOptions } from './trash/trash.options.js';
import type { ResourceHistoryOptions } from './history/resource-history.options.js';

/**
 * The actions of a data-table resource: `list` (`GET /`, `POST /query` and the export's
 * `GET|POST /export`), `retrieve` (`GET /{id}/`), `create` (`POST /`), `update` (`PUT /{id}/`, and
 * `PATCH /{id}/` with only the fields to change), `delete` (`DELETE /{id}/`, and with a trash
 * `GET /trash/` and `POST /{id}/restore/`), `bulkDelete` (`POST /bulk-delete`) and `purge`
 * (`DELETE /{id}/?purge=true`, a record deleted for good).
 */
export type ResourceAction = 'list' | 'retrieve' | 'create' | 'update' | 'delete' | 'bulkDelete' | 'purge';

/**
 * Who may use an action: `PUBLIC` (everyone, anonymous users included), `AUTHENTICATED` (any
 * authenticated user), or a permission or list of permissions the user must all hold.
 */
export type ResourcePermission = string | readonly string[] | typeof PUBLIC | typeof AUTHENTICATED;

/**
 * The actions a resource serves and who may use each. An action not named here is not served: its
 * route does not exist (404). Checked like `@RequirePermissions`: 401 without a user, 403 without a
 * listed permission.
 *
 * `bulkDelete` is served only when named, needs `delete` named too, and requires both: the user must
 * hold `delete`'s permissions and its own (name the same permission to require no more). It cannot
 * be `PUBLIC`, nor `AUTHENTICATED` while `delete` requires permissions. `purge` follows the same
 * rules, and is served only for an entity with a `@DeleteDateColumn` (its trash).
 *
 * The application refuses to start (an Error naming the resource and the problem) when the
 * declaration is ambiguous: no action named; a key that is not an action; an empty or blank
 * permission, an empty list, or a value that is none of the above; `bulkDelete` without `delete` or
 * more open than it; `create` without `createDto`, or `update` without `updateDto` or `createDto`;
 * `dataTable.actions: true` (links to the record route) without `retrieve`, `update` or `delete`.
 */
export type ResourcePermissions = Partial<Record<ResourceAction, ResourcePermission>>;

export interface ResourceWriteContext {
  /** The manager of the transaction the write runs in. */
  manager: EntityManager;
  request: HttpRequest;
}

/** What every declaration of a data-table resource has. */
interface DataTableResourceBase<T extends ObjectLiteral> {
  entity: Type<T>;
  /**
   * What the messages to a user name the entity ("Álbum 3 no existe"): one text, or one per language
   * by BCP 47 tag, English among them (`{ en: 'Album', es: 'Álbum' }`), of which the message's
   * language's is taken, else English's. Default: the entity's class name.
   */
  label?: LanguageTexts;
  /**
   * Names the routes for `reverse()`: `<name>:list` and `<name>:detail` (the record routes), and
   * tags them in OpenAPI.
   */
  name: string;
  /**
   * The base query of the list and of every record route (default: the whole table). Joins made
   * here are the relations of each representation; a `where` here scopes every route, so a record
   * outside it is a 404 for retrieve, update and delete too.
   */
  query?(repository: Repository<T>, request: HttpRequest): SelectQueryBuilder<T>;
  /** The list's search, ordering, filter and paging options (`@DataTable`'s); an `id` gives it saved views. */
  dataTable?: Omit<DataTableOptions<T>, 'actions' | 'entity'> & {
    /** Row actions: `true` links each row to the resource's own record route; or your own. */
    actions?: true | DataTableOptions<T>['actions'];
  };
  /**
   * Serves DataTables Editor's client-server protocol on `POST <list path>/editor` (see the
   * README): create, edit and remove under the permissions and scope of `create`, `update` and
   * `delete`, a refresh (`action=read`, `ids[]`) under `list`'s. Needs one of them named.
   */
  editor?: true | ResourceEditorOptions;
  /**
   * The trash's options (README "Trash"). An entity with a TypeORM `@DeleteDateColumn` always has a
   * trash: its deletes move records there, `GET /trash/` lists them and `POST /{id}/restore/` takes
   * one back (both under `delete`'s permissions and the base query's scope).
   */
  trash?: ResourceTrashOptions;
  /**
   * Keeps the history of the records (see the README, "History"): every create, update, delete,
   * bulk delete and Editor submission records a revision in `widgetlib_resource_revision`, in the
   * write's transaction; `GET <path>/<id>/history/` reads it (under `retrieve`) and
   * `POST <path>/<id>/history/<revision>/restore/` brings a revision back (under `update`).
   */
  history?: boolean | ResourceHistoryOptions;
}

/** A resource that may serve `create` and `update`: their bodies are validated against its DTOs. */
export interface WritableResourceOptions<
  T extends ObjectLiteral,
  C extends object,
  U extends object = C,
> extends DataTableResourceBase<T> {
  /** Body of `POST`, validated with class-validator; unknown fields are refused. */
  createDto: Type<C>;
  /** Body of `PUT` (default: `createDto`). */
  updateDto?: Type<U>;
  /**
   * Writes a validated body into the entity (new or loaded) before it is saved, inside the write's
   * transaction. Default: copies the body's properties. Use it to turn ids into relations.
   */
  assign?: (entity: T, body: C | U, context: ResourceWriteContext) => void | Promise<void>;
  /**
   * Writes the fields a partial update (`PATCH /{id}/`) sent, validated by `updateDto`'s rules,
   * into the loaded entity. Without `assign` the fields are copied; with `assign` and without this,
   * `PATCH` is not served (`assign` expects whole bodies).
   */
  assignPartial?: (entity: T, fields: Partial<U>, context: ResourceWriteContext) => void | Promise<void>;
  permissions: ResourcePermissions;
}

/** A resource that serves neither `create` nor `update`, so it needs no DTO. */
export interface ReadOnlyResourceOptions<T extends ObjectLiteral> extends DataTableResourceBase<T> {
  createDto?: undefined;
  updateDto?: undefined;
  assign?: undefined;
  assignPartial?: undefined;
  permissions: ResourcePermissions & { create?: undefined; update?: undefined };
}

/**
 * One declaration of a data-table resource (spec 4.2) for a TypeORM entity: the table envelope
 * (`GET /`) and the record routes (`POST /`, `GET /{id}/`, `PUT /{id}/`, `DELETE /{id}/`), each only
 * when `permissions` names its action (see `ResourcePermissions`).
 */
export type DataTableResourceOptions<T extends ObjectLiteral, C extends object = object, U extends object = C> =
  WritableResourceOptions<T, C, U> | ReadOnlyResourceOptions<T>;
