import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EntityMetadata, type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { DataTableCounts } from '../datatables/internal.js';
import { CHANGE_KINDS, type ChangeKind } from './live.options.js';
import type { NoticeKey } from './live-notice.types.js';
import { LiveNotices } from './live-notices.service.js';

/** A key as a notice carries it: numbers and texts as they are, anything else (a bigint) as text. */
function noticeKey(key: unknown): NoticeKey {
  return typeof key === 'number' || typeof key === 'string' ? key : String(key);
}

/**
 * Announces changes of rows: the entity's cached counts are forgotten, and every live table of the
 * entity, or reading it through a relation, on every instance, reloads. The library's own writes (resource routes, bulk actions,
 * Editor submissions) call it after they commit; call it after writes of your own.
 */
@Injectable()
export class DataTableChanges {
  constructor(
    private readonly counts: DataTableCounts,
    private readonly notices: LiveNotices,
    @Optional() @InjectDataSource() private readonly dataSource?: DataSource,
  ) {}

  /**
   * Rows `ids` (primary keys) of `entity` were created, updated (the default) or deleted; `null`:
   * rows whose keys are not known. Call it after the transaction commits.
   */
  async published(
    entity: EntityTarget<ObjectLiteral> | EntityMetadata,
    ids: readonly unknown[] | null,
    kind: ChangeKind = 'updated',
    dataSource?: DataSource,
  ): Promise<void> {
    if (!CHANGE_KINDS.includes(kind)) throw new Error(`DataTableChanges.published(): unknown kind ${String(kind)}`);
    const metadata = this.metadataOf(entity, dataSource);
    await this.counts.invalidate(metadata);
    if (ids?.length === 0) return;
    const keys = ids && ids.length <= this.notices.options.maxKeys ? [...new Set(ids.map(noticeKey))] : null;
    await this.notices.publish({ entity: metadata.name, kind, keys });
  }

  private metadataOf(entity: EntityTarget<ObjectLiteral> | EntityMetadata, dataSource?: DataSource): EntityMetadata {
    if (entity instanceof EntityMetadata) return entity;
    const source = dataSource ?? this.dataSource;
    if (!source) throw new Error('DataTableChanges.published() needs the DataSource of an entity given by its class');
    return source.getMetadata(entity);
  }
}
