import { Logger } from '@nestjs/common';
import type { EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { LanguageTexts } from '../../common/messages/index.js';
import { databaseDialect } from '../../dialect/index.js';
import type { PermissionsService } from '../../permissions/permissions.service.js';
import { ResourceRecordNotFoundError } from '../datatable-resource.errors.js';
import type { Representation } from '../datatable-resource.types.js';
import type { ResourcePlan } from '../resource-permissions.parser.js';
import { removeRecords } from '../record-removal.query.js';
import { isolatedBase } from '../../datatables/internal.js';
import { lockedRecordKeyQuery } from '../scoped-record.query.js';
import { requireAction } from './trash-access.reader.js';
import { TrashNotServedError } from './trash.errors.js';
import type { ResourceTrashOptions } from './trash.options.js';
import { parsePurge } from './trash-purge.parser.js';
import { parseTrashRetention, retentionPeriod } from './trash-retention.parser.js';
import { expiredKeys, restoreRecords, trashColumn, trashQuery } from './trash-records.query.js';

/** Records purged by retention per statement (and per transaction). */
const PURGE_BATCH = 500;

/** The resource's writes (`ResourceWrites`) the trash runs in: one transaction each, live tables told after. */
export interface TrashWrites<T extends ObjectLiteral> {
  /** What messages name the entity. */
  readonly entityLabel: LanguageTexts;
  inTransaction<R>(work: (manager: EntityManager) => Promise<R>): Promise<R>;
  /** A record back in the list (`created`) or gone from it (`deleted`), told once the transaction commits. */
  note(manager: EntityManager, kind: 'created' | 'deleted', keys: unknown[]): void;
  /** Runs a write of `keys` recorded in the resource's history, when it keeps one. */
  recorded(
    manager: EntityManager,
    request: HttpRequest,
    action: 'restore' | 'delete',
    keys: unknown[],
    write: () => Promise<void>,
  ): Promise<void>;
  loadInScope(manager: EntityManager, key: unknown, request: HttpRequest, subject: 'The changed'): Promise<T>;
}

/** What the trash of a resource needs from its declaration and its controller. */
export interface ResourceTrashSource<T extends ObjectLiteral> {
  repository: Repository<T>;
  writes: TrashWrites<T>;
  plan: ResourcePlan;
  options: ResourceTrashOptions | undefined;
  permissions: PermissionsService;
  baseQuery(request: HttpRequest, repository: Repository<T>): SelectQueryBuilder<T>;
  represent(record: T): Representation;
}

/**
 * The trash of a resource whose entity has a `@DeleteDateColumn`: its listing, restore and purge,
 * each within the base query's scope, and the retention that purges old records. Its methods throw
 * the library's errors (a 404 when the entity has no trash).
 */
export class ResourceTrash<T extends ObjectLiteral> {
  private readonly logger = new Logger('DataTableResource');
  private readonly retention: number | string | null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly source: ResourceTrashSource<T>) {
    const { retention } = source.options ?? {};
    this.retention = retention === undefined ? null : parseTrashRetention(retention);
  }

  private get metadata() {
    return this.source.repository.metadata;
  }

  /** Why the declaration cannot have the trash it asks for (the resource refuses to start unless empty). */
  problems(): string[] {
    const problems = typeof this.retention === 'string' ? [this.retention] : [];
    if (trashColumn(this.metadata)) return problems;
    const missing = `${this.metadata.name} has no @DeleteDateColumn, so it has no trash`;
    if (this.source.plan.served.purge) problems.push(`permissions names purge but ${missing}`);
    if (this.source.options) problems.push(`trash is set but ${missing}`);
    return problems;
  }

  /** Starts purging old records on a timer, when a retention is set. */
  start(): void {
    if (typeof this.retention !== 'number' || !trashColumn(this.metadata)) return;
    this.timer = setInterval(() => {
      this.purgeExpired().catch((error: unknown) => {
        this.logger.warn(`${this.metadata.name}: the trash's retention could not purge: ${(error as Error).message}`);
      });
    }, retentionPeriod(this.retention));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The records in the trash within the scope, for the list's search, ordering and paging; old ones purged first. */
  async list(request: HttpRequest): Promise<SelectQueryBuilder<T>> {
    this.requireTrash();
    await this.purgeExpired();
    return trashQuery(this.source.baseQuery(request, this.source.repository));
  }

  /** Takes the record `id` out of the trash (404 unless it is there within the scope); answers it. */
  restore(id: number, request: HttpRequest): Promise<Representation> {
    this.requireTrash();
    const { writes } = this.source;
    return writes.inTransaction(async (manager) => {
      const key = await this.lockKey(manager, id, request, 'trashed');
      await writes.recorded(manager, request, 'restore', [key], () => restoreRecords(manager, this.metadata, [key]));
      writes.note(manager, 'created', [key]);
      return this.source.represent(await writes.loadInScope(manager, key, request, 'The changed'));
    });
  }

  /**
   * Whether a delete is a purge (`?purge=true`): 400 for another value; 404 when the resource has no
   * trash or does not serve `purge`; 401 or 403 when the user may not purge.
   */
  async purges(value: unknown, request: HttpRequest): Promise<boolean> {
    if (!parsePurge(value)) return false;
    this.requireTrash();
    const requirement = this.source.plan.served.purge;
    if (!requirement) throw new TrashNotServedError('purge', this.source.writes.entityLabel);
    requireAction(requirement, await this.source.permissions.permissionsOf(request));
    return true;
  }

  /** Deletes the record `id` for good, in the trash or not (404 unless within the scope). */
  purge(id: number, request: HttpRequest): Promise<void> {
    const { writes } = this.source;
    return writes.inTransaction(async (manager) => {
      const key = await this.lockKey(manager, id, request, 'any');
      await writes.recorded(manager, request, 'delete', [key], () => removeRecords(manager, this.metadata, [key]));
      writes.note(manager, 'deleted', [key]);
    });
  }

  /** Deletes for good, in batches, every record (of any scope) in the trash for longer than the retention. */
  async purgeExpired(): Promise<number> {
    if (typeof this.retention !== 'number' || !trashColumn(this.metadata)) return 0;
    const cutoff = new Date(Date.now() - this.retention);
    const { manager } = this.source.repository;
    let purged = 0;
    for (;;) {
      const keys = await expiredKeys(manager, this.metadata, cutoff, PURGE_BATCH);
      if (keys.length === 0) return purged;
      // Told as deletions so that the counts of the trash's own listing are forgotten.
      await this.source.writes.inTransaction(async (writing) => {
        await removeRecords(writing, this.metadata, keys);
        this.source.writes.note(writing, 'deleted', keys);
      });
      purged += keys.length;
      if (keys.length < PURGE_BATCH) return purged;
    }
  }

  private requireTrash(): void {
    if (!trashColumn(this.metadata)) throw new TrashNotServedError('trash', this.source.writes.entityLabel);
  }

  /** The key of the record `id` within the scope, in the trash (`trashed`) or wherever (`any`), locked. */
  private async lockKey(
    manager: EntityManager,
    id: number,
    request: HttpRequest,
    where: 'trashed' | 'any',
  ): Promise<unknown> {
    const base = this.source.baseQuery(request, manager.getRepository(this.metadata.target));
    const scoped = where === 'trashed' ? trashQuery(base) : isolatedBase(base).withDeleted();
    const dialect = await databaseDialect(manager.connection, manager.queryRunner);
    const row = await lockedRecordKeyQuery(scoped, id, dialect).getRawOne<{ wl_key: unknown }>();
    if (!row) throw new ResourceRecordNotFoundError(this.source.writes.entityLabel, id);
    return row.wl_key;
  }
}
