import type { Type } from '@nestjs/common';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import type { ActionRequirement } from '../resource-permissions.parser.js';
import type { ResourceWrites } from '../resource-writes.query.js';
import { scopedRecordQuery } from '../scoped-record.query.js';
import { givesWholeEntity, mayUse } from './history-access.reader.js';
import { checkedRestoreBody } from './history-restore.checks.js';
import type { ResourceHistory, ResourceHistoryPage } from './resource-history.query.js';

/** What the history's routes need from their resource. */
export interface HistoryRoutesSource<T extends ObjectLiteral> {
  history: ResourceHistory<T>;
  writes: ResourceWrites<T>;
  entity: Type<T>;
  updateDto?: Type;
  /** Who may delete: they read the history of a deleted record, where the scope is the whole entity. */
  deleteRequirement?: ActionRequirement;
  config: WidgetLibConfig;
  baseQuery(request: HttpRequest, repository?: Repository<T>): SelectQueryBuilder<T>;
}

/** The routes of a resource's history: a record's revisions, and the restore of one. */
export class HistoryRoutes<T extends ObjectLiteral> {
  constructor(private readonly source: HistoryRoutesSource<T>) {}

  /** A page of the revisions of the record `id` in the request's scope, newest first. */
  revisions(id: number, query: unknown, request: HttpRequest): Promise<ResourceHistoryPage> {
    const { history, entity, config, deleteRequirement } = this.source;
    return history.listed(id, query, {
      inScope: (manager) =>
        scopedRecordQuery(this.source.baseQuery(request, manager.getRepository(entity)), id).getExists(),
      readsDeleted: async () =>
        givesWholeEntity(this.source.baseQuery(request)) && mayUse(deleteRequirement, config, request),
    });
  }

  /**
   * Brings the record `id` in the request's scope back to its fields right after `revision`,
   * through the update DTO, as an update that its history records as a `restore`.
   */
  restore(id: number, revision: number, request: HttpRequest): Promise<T> {
    const { history, writes, updateDto } = this.source;
    return writes.inTransaction(async (manager) => {
      const key = await writes.lockInScope(manager, id, request);
      const state = await history.restoreBody(manager, key, revision, updateDto!);
      const body = await checkedRestoreBody(updateDto!, state, revision);
      await writes.update(manager, key, body, request, 'restore');
      return writes.loadInScope(manager, key, request, 'The changed');
    });
  }
}
