import { Injectable, type Type } from '@nestjs/common';
import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import type { ResourceHistoryOptions } from './resource-history.options.js';
import { ResourceHistory, type HistoryRecording } from './resource-history.query.js';
import type { ResourceRevisionAction } from './resource-revision.entity.js';

/**
 * Records the host's own writes (a form page's, a bulk action's) in the history of a resource's
 * records, as the resource records its routes' writes: inside the write's transaction.
 *
 * ```ts
 * await dataSource.transaction(async (manager) => {
 *   const recorded = await history.track(manager, request, Album, 'update', [album.id], ALBUM_HISTORY);
 *   await manager.save(album);
 *   await recorded([album.id]);
 * });
 * ```
 */
@Injectable()
export class ResourceHistoryService {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  /**
   * Starts tracking a write to the records of `entity` whose keys are `keys` (none for a creation);
   * call the answer with the keys written once the write is done, in the same transaction. Give the
   * resource's `history` options, so that its secret fields stay secret here too.
   */
  track<T extends ObjectLiteral>(
    manager: EntityManager,
    request: HttpRequest,
    entity: Type<T>,
    action: ResourceRevisionAction,
    keys: readonly unknown[],
    options: ResourceHistoryOptions = {},
  ): Promise<HistoryRecording> {
    return new ResourceHistory(manager.getRepository(entity), options, this.config).track(
      manager,
      request,
      action,
      keys,
    );
  }
}
