import type { Type } from '@nestjs/common';
import type { EntityManager, FindOptionsWhere, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import type { LanguageTexts } from '../common/messages/index.js';
import { databaseDialect, isUniqueViolation, isValueTooLong } from '../dialect/index.js';
import type { ChangeKind, DataTableChanges } from '../live/internal.js';
import type { ResourceWriteContext } from './datatable-resource.options.js';
import {
  ResourceDuplicateError,
  ResourceOutOfScopeError,
  ResourceRecordNotFoundError,
  ResourceValueTooLongError,
} from './datatable-resource.errors.js';
import type { ResourceHistory } from './history/resource-history.query.js';
import { discardRecords } from './trash/index.js';
import { lockedRecordKeyQuery, scopedRecordQuery } from './scoped-record.query.js';

/** What the writes of a resource need from its declaration and its controller. */
export interface ResourceWritesSource<T extends ObjectLiteral> {
  entity: Type<T>;
  /** What messages name the entity (`DataTableResourceOptions.label`). */
  label?: LanguageTexts;
  repository: Repository<T>;
  changes: DataTableChanges;
  assign?: (entity: T, body: never, context: ResourceWriteContext) => void | Promise<void>;
  assignPartial?: (entity: T, body: never, context: ResourceWriteContext) => void | Promise<void>;
  baseQuery(request: HttpRequest, repository: Repository<T>): SelectQueryBuilder<T>;
  /** Records each write as a revision (`history`), in its transaction. */
  history?: ResourceHistory<T>;
}

/**
 * The writes of a resource, shared by its REST routes and its Editor route: each within the base
 * query's scope, in one transaction. They throw the library's errors (`datatable-resource.errors`),
 * which each route answers in its own protocol.
 */
export class ResourceWrites<T extends ObjectLiteral> {
  /** The keys each open transaction wrote, by kind: announced once it commits. */
  private readonly written = new WeakMap<EntityManager, Map<ChangeKind, unknown[]>>();

  constructor(private readonly source: ResourceWritesSource<T>) {}

  /** The property of the entity's single primary key (checked at startup). */
  get primaryKey(): string {
    return this.source.repository.metadata.primaryColumns[0]!.propertyName;
  }

  /** What messages name the entity: the resource's `label`, else the entity's class name. */
  get entityLabel(): LanguageTexts {
    return this.source.label ?? this.source.repository.metadata.name;
  }

  /**
   * Runs `work` in one transaction, then announces what it wrote (`DataTableChanges`: the entity's
   * cached counts are forgotten, live tables reload); a broken unique constraint and a too long
   * value become the library's errors.
   */
  async inTransaction<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
    const written = new Map<ChangeKind, unknown[]>();
    try {
      const result = await this.source.repository.manager.transaction((manager) => {
        this.written.set(manager, written);
        return work(manager);
      });
      for (const [kind, keys] of written) {
        await this.source.changes.published(this.source.repository.metadata, keys, kind);
      }
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ResourceDuplicateError(this.entityLabel);
      if (isValueTooLong(error)) throw new ResourceValueTooLongError();
      throw error;
    }
  }

  /** The key of the record `id` within the base query's scope, locked for the transaction. */
  async lockInScope(manager: EntityManager, id: number, request: HttpRequest): Promise<unknown> {
    const base = this.source.baseQuery(request, manager.getRepository(this.source.entity));
    const row = await lockedRecordKeyQuery(
      base,
      id,
      await databaseDialect(manager.connection, manager.queryRunner),
    ).getRawOne<{ wl_key: unknown }>();
    if (!row) throw new ResourceRecordNotFoundError(this.entityLabel, id);
    return row.wl_key;
  }

  /**
   * The record `key` as the base query loads it, inside the write's transaction: a write that
   * would leave the record outside the scope is refused (and undone with the transaction).
   */
  async loadInScope(
    manager: EntityManager,
    key: unknown,
    request: HttpRequest,
    subject: 'The new' | 'The changed',
  ): Promise<T> {
    const base = this.source.baseQuery(request, manager.getRepository(this.source.entity));
    const record = await scopedRecordQuery(base, key).getOne();
    if (!record) throw new ResourceOutOfScopeError(subject, this.entityLabel);
    return record;
  }

  /** Creates a record from a validated body; answers its primary key. */
  async create(manager: EntityManager, body: object, request: HttpRequest): Promise<unknown> {
    const recorded = await this.source.history?.track(manager, request, 'create', []);
    const key = await this.save(manager, this.source.repository.create(), body, request);
    await recorded?.([key]);
    this.note(manager, 'created', [key]);
    return key;
  }

  /**
   * Changes the record `key` (locked by {@link lockInScope}) with a validated body; the history
   * calls it a `restore` when the body brings back a revision.
   */
  async update(
    manager: EntityManager,
    key: unknown,
    body: object,
    request: HttpRequest,
    action: 'update' | 'restore' = 'update',
  ): Promise<void> {
    await this.recorded(manager, request, action, [key], async () => {
      await this.save(manager, await this.loadForWrite(manager, key), body, request);
    });
    this.note(manager, 'updated', [key]);
  }

  /**
   * Changes the fields a partial update (PATCH) sent of the record `key` (locked): `assignPartial`
   * writes them, or, without `assign`, they are copied.
   */
  async updatePartly(manager: EntityManager, key: unknown, fields: object, request: HttpRequest): Promise<void> {
    await this.recorded(manager, request, 'update', [key], async () => {
      const entity = await this.loadForWrite(manager, key);
      if (this.source.assignPartial) await this.source.assignPartial(entity, fields as never, { manager, request });
      else manager.merge(this.source.entity, entity, fields);
      await manager.save(this.source.entity, entity);
    });
    this.note(manager, 'updated', [key]);
  }

  /** Deletes the records: to the trash when the entity has a `@DeleteDateColumn`, else for good. */
  async remove(manager: EntityManager, keys: unknown[], request: HttpRequest): Promise<void> {
    await this.recorded(manager, request, 'delete', keys, () =>
      discardRecords(manager, this.source.repository.metadata, keys),
    );
    this.note(manager, 'deleted', keys);
  }

  /** Runs `write` of the records `keys`, recorded in the history (when kept) as `action`. */
  async recorded(
    manager: EntityManager,
    request: HttpRequest,
    action: 'update' | 'restore' | 'delete',
    keys: unknown[],
    write: () => Promise<void>,
  ): Promise<void> {
    const recording = await this.source.history?.track(manager, request, action, keys);
    await write();
    await recording?.(keys);
  }

  /**
   * Keeps `keys` for the notice of the transaction of `manager` (one of {@link inTransaction}'s),
   * published to live tables once it commits.
   */
  note(manager: EntityManager, kind: ChangeKind, keys: unknown[]): void {
    const written = this.written.get(manager);
    if (written) written.set(kind, [...(written.get(kind) ?? []), ...keys]);
  }

  private loadForWrite(manager: EntityManager, key: unknown): Promise<T> {
    // Loaded without the base query's joins: a relation its join conditions hide is not in the
    // entity, so saving cannot unlink it.
    return manager.getRepository(this.source.entity).findOneByOrFail({ [this.primaryKey]: key } as FindOptionsWhere<T>);
  }

  /** Assigns the body to the entity and saves it; answers its primary key. */
  private async save(manager: EntityManager, entity: T, body: object, request: HttpRequest): Promise<unknown> {
    if (this.source.assign) await this.source.assign(entity, body as never, { manager, request });
    else manager.merge(this.source.entity, entity, body as object);
    const saved: T = await manager.save(this.source.entity, entity);
    return (saved as Record<string, unknown>)[this.primaryKey];
  }
}
