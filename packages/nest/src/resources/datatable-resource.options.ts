import type { Type } from '@nestjs/common';
import type { HttpRequest } from '../common/http-platform.js';
import type { EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { DataTableOptions } from '../datatables/datatable.options.js';
import type { PUBLIC } from '../permissions/permissions.constants.js';

/** The five routes of a data-table resource. */
export type ResourceAction = 'list' | 'retrieve' | 'create' | 'update' | 'delete';

export interface ResourceWriteContext {
  /** The manager of the transaction the write runs in. */
  manager: EntityManager;
  request: HttpRequest;
}

/**
 * One declaration of a data-table resource (spec 4.2) for a TypeORM entity: `GET /` (the table
 * envelope), `POST /`, `GET /{id}/`, `PUT /{id}/` and `DELETE /{id}/`.
 */
export interface DataTableResourceOptions<T extends ObjectLiteral, C extends object, U extends object = C> {
  entity: Type<T>;
  /**
   * Names the routes for `reverse()`: `<name>:list` and `<name>:detail` (the record routes), and
   * tags them in OpenAPI.
   */
  name: string;
  /** Body of `POST`, validated with class-validator; unknown fields are refused. */
  createDto: Type<C>;
  /** Body of `PUT` (default: `createDto`). */
  updateDto?: Type<U>;
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
   * Writes a validated body into the entity (new or loaded) before it is saved, inside the write's
   * transaction. Default: copies the body's properties. Use it to turn ids into relations.
   */
  assign?: (entity: T, body: C | U, context: ResourceWriteContext) => void | Promise<void>;
  /**
   * Permissions required per route, checked like `@RequirePermissions`: 401 without a user, 403
   * without a listed permission. An action not named here (or named with `[]`) needs an
   * authenticated user; only `PUBLIC` opens it to anonymous users.
   */
  permissions?: Partial<Record<ResourceAction, string | string[] | typeof PUBLIC>>;
}
