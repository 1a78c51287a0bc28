import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityMetadata,
  EntitySubscriberInterface,
  InsertEvent,
  ObjectLiteral,
  QueryRunner,
  RecoverEvent,
  RemoveEvent,
  SoftRemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';
import { DataTableChanges } from './datatable-changes.service.js';
import type { ChangeKind } from './live.options.js';

interface NotedChange {
  metadata: EntityMetadata;
  kind: ChangeKind;
  /** null: a write by query, whose rows are not known. */
  key: unknown;
}

/**
 * Opt-in: announces the writes made through TypeORM's repositories and managers (`save`, `insert`,
 * `update`, `remove`, `softRemove`...) as `DataTableChanges.published` would, once their transaction
 * commits. Add it to a module's providers to use it; writes by raw SQL are not seen.
 */
@Injectable()
export class DataTableChangeSubscriber implements EntitySubscriberInterface<ObjectLiteral> {
  private readonly logger = new Logger('LiveTables');
  private readonly pending = new WeakMap<QueryRunner, NotedChange[]>();

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly changes: DataTableChanges,
  ) {
    dataSource.subscribers.push(this);
  }

  afterInsert(event: InsertEvent<ObjectLiteral>): void {
    this.note(event.queryRunner, event.metadata, 'created', event.entity);
  }

  afterUpdate(event: UpdateEvent<ObjectLiteral>): void {
    this.note(event.queryRunner, event.metadata, 'updated', event.databaseEntity ?? event.entity);
  }

  afterRemove(event: RemoveEvent<ObjectLiteral>): void {
    const key = event.entityId ?? event.databaseEntity ?? event.entity;
    this.note(event.queryRunner, event.metadata, 'deleted', key);
  }

  afterSoftRemove(event: SoftRemoveEvent<ObjectLiteral>): void {
    this.note(event.queryRunner, event.metadata, 'deleted', event.databaseEntity ?? event.entity);
  }

  afterRecover(event: RecoverEvent<ObjectLiteral>): void {
    this.note(event.queryRunner, event.metadata, 'created', event.databaseEntity ?? event.entity);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const noted = this.pending.get(event.queryRunner);
    this.pending.delete(event.queryRunner);
    if (noted) this.publish(noted);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.pending.delete(event.queryRunner);
  }

  private note(runner: QueryRunner, metadata: EntityMetadata, kind: ChangeKind, row: unknown): void {
    const change = { metadata, kind, key: keyOf(metadata, row) };
    if (!runner.isTransactionActive) return this.publish([change]);
    const noted = this.pending.get(runner) ?? [];
    noted.push(change);
    this.pending.set(runner, noted);
  }

  /** One notice per entity and kind. */
  private publish(noted: NotedChange[]): void {
    const groups = new Map<string, { metadata: EntityMetadata; kind: ChangeKind; keys: unknown[] | null }>();
    for (const { metadata, kind, key } of noted) {
      const name = `${metadata.name}\u0000${kind}`;
      const group = groups.get(name) ?? { metadata, kind, keys: [] };
      group.keys = group.keys && key !== null ? [...group.keys, key] : null;
      groups.set(name, group);
    }
    for (const { metadata, kind, keys } of groups.values()) {
      this.changes
        .published(metadata, keys, kind)
        .catch((error: unknown) =>
          this.logger.error(`A change of ${metadata.name} was not announced: ${String(error)}`),
        );
    }
  }
}

/** The primary key of `row` (an entity, or the key itself), or null when it is not there. */
function keyOf(metadata: EntityMetadata, row: unknown): unknown {
  if (row === null || row === undefined) return null;
  if (typeof row !== 'object') return row;
  const [column] = metadata.primaryColumns;
  if (!column || metadata.primaryColumns.length !== 1) return null;
  const value: unknown = column.getEntityValue(row as ObjectLiteral);
  return value === undefined ? null : value;
}
