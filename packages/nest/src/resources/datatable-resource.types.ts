import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { BulkRequest } from '../bulk-actions/index.js';
import type { HttpRequest } from '../common/http-platform.reader.js';
import type { EditorAnswer } from './editor/editor-answer.types.js';
import type { ResourceHistoryPage } from './history/resource-history.query.js';

/** A record as the resource's routes answer it: the row the list would show. */
export type Representation = Record<string, unknown>;

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
  /** `PATCH /{id}/`: only the fields sent, under `update`'s permission (served unless `assign` has no `assignPartial`). */
  partialUpdate(id: number, fields: Partial<U>, request: HttpRequest): Promise<Representation>;
  /** Deletes a record: to the trash when the entity has a `@DeleteDateColumn`; for good with `purge` `'true'`. */
  remove(id: number, request: HttpRequest, purge?: unknown): Promise<void>;
  /** The records in the trash, for the list's envelope (404 without a `@DeleteDateColumn`). */
  trash(request: HttpRequest): Promise<SelectQueryBuilder<ObjectLiteral>>;
  /** Takes a record out of the trash; answers it. */
  restore(id: number, request: HttpRequest): Promise<Representation>;
  bulkDelete(selection: BulkRequest, request: HttpRequest): Promise<{ deleted: number }>;
  /** DataTables Editor's protocol (`POST <list path>/editor`), when the declaration says `editor`. */
  editor(body: unknown, request: HttpRequest): Promise<EditorAnswer>;
  /** A record's revisions (`GET <path>/<id>/history/`), when the declaration keeps `history`. */
  revisions(id: number, query: unknown, request: HttpRequest): Promise<ResourceHistoryPage>;
  /** Restores a revision (`POST <path>/<id>/history/<revision>/restore/`), when the declaration keeps `history`. */
  restoreRevision(id: number, revision: number, request: HttpRequest): Promise<Representation>;
  /** The base query of the list and of every record route, for the host's own routes (a bulk action's). */
  baseQuery(request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
}
