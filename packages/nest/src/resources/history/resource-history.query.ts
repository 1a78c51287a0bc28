import type { Type } from '@nestjs/common';
import { MoreThan, type EntityManager, type EntityMetadata, type ObjectLiteral, type Repository } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { LanguageTexts } from '../../common/messages/index.js';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import { changesBetween, stateBefore, type HistoryChange, type HistoryField } from './history-changes.writer.js';
import { onPrimary } from '../../common/primary-reads.query.js';
import { ResourceRecordNotFoundError } from '../datatable-resource.errors.js';
import { parseHistoryPage, type HistoryPageRequest } from './history-page.parser.js';
import { declaredFields } from './history-restore.checks.js';
import { historyFields, historySnapshots } from './history-snapshot.query.js';
import type { ResourceHistoryOptions } from './resource-history.options.js';
import { ResourceRevisionNotFoundError } from './resource-history.errors.js';
import { ResourceRevision, type ResourceRevisionAction } from './resource-revision.entity.js';

/** One revision as `GET <path>/<id>/history/` answers it. */
export interface ResourceRevisionView {
  id: number;
  action: ResourceRevisionAction;
  route: string;
  /** Who wrote (`getUserName`); null when unknown. */
  user: string | null;
  /** When, as ISO 8601. */
  at: string;
  changes: HistoryChange[];
}

/** A page of a record's history, newest first. */
export interface ResourceHistoryPage {
  page: number;
  size: number;
  /** How many revisions the record has. */
  total: number;
  revisions: ResourceRevisionView[];
}

/** How a history request reaches its record (the controller's scope and permissions). */
export interface HistoryAccess {
  /** Whether the record is in the request's scope (it exists, and the base query gives it). */
  inScope(manager: EntityManager): Promise<boolean>;
  /** Whether the user may read the history of a record that is gone (see the README, "History"). */
  readsDeleted(): Promise<boolean>;
}

/** Ends a tracked write: records a revision of each record of `keys` the write changed. */
export type HistoryRecording = (keys: readonly unknown[]) => Promise<void>;

function view(revision: ResourceRevision): ResourceRevisionView {
  return {
    id: revision.id,
    action: revision.action,
    route: revision.route,
    user: revision.user_name,
    at: revision.created_at.toISOString(),
    changes: JSON.parse(revision.changes) as HistoryChange[],
  };
}

/** The request's method and path, as a revision names its route. */
function routeOf(request: HttpRequest): string {
  const { originalUrl } = request as { originalUrl?: string };
  const path = (originalUrl ?? request.url ?? '').split('?')[0]!;
  return `${request.method ?? ''} ${path}`.trim().slice(0, 255);
}

/**
 * The history of a resource's records (`history` on `DataTableResource`): records the writes of
 * `ResourceWrites` inside their transactions, reads a record's revisions and the body that restores one.
 */
export class ResourceHistory<T extends ObjectLiteral> {
  private readonly secret: ReadonlySet<string>;
  readonly fields: HistoryField[];

  constructor(
    private readonly repository: Repository<T>,
    private readonly options: ResourceHistoryOptions,
    private readonly config: WidgetLibConfig,
    /** What messages name the entity (default: its class name). */
    private readonly label?: LanguageTexts,
  ) {
    this.secret = new Set(options.secret ?? []);
    this.fields = historyFields(repository.metadata);
  }

  private get metadata(): EntityMetadata {
    return this.repository.metadata;
  }

  /**
   * Starts tracking a write to the records of `keys` (none for a creation): their fields now; the
   * answer, called once the write is done in the same transaction, records what it changed.
   */
  async track(
    manager: EntityManager,
    request: HttpRequest,
    action: ResourceRevisionAction,
    keys: readonly unknown[],
  ): Promise<HistoryRecording> {
    const before = await historySnapshots(manager, this.metadata, keys);
    return async (written) => {
      const after = action === 'delete' ? new Map() : await historySnapshots(manager, this.metadata, written);
      const name = await this.config.getUserName(request);
      const base = {
        entity: this.metadata.tableName,
        action,
        route: routeOf(request),
        user_name: name ? name.slice(0, 255) : null,
        created_at: new Date(),
      };
      const revisions = written.flatMap((key) => {
        const id = String(key);
        const changes = changesBetween(before.get(id) ?? null, after.get(id) ?? null, this.fields, this.secret);
        return changes.length === 0 ? [] : [{ ...base, record_id: id, changes: JSON.stringify(changes) }];
      });
      if (revisions.length > 0) await manager.insert(ResourceRevision, revisions);
    };
  }

  /**
   * A page of the revisions of the record `id` (`?page=&size=`), newest first, read on the primary:
   * the record must be in the request's scope, or be gone with a history the user may read (`readsDeleted`).
   */
  async listed(id: number, query: unknown, access: HistoryAccess): Promise<ResourceHistoryPage> {
    const asked = parseHistoryPage(query);
    return onPrimary(this.repository.manager.connection, async (manager) => {
      const readable =
        (await access.inScope(manager)) ||
        ((await manager.existsBy(ResourceRevision, this.whereRecord(id))) && (await access.readsDeleted()));
      if (!readable) throw new ResourceRecordNotFoundError(this.label ?? this.metadata.name, id);
      return this.page(manager, id, asked);
    });
  }

  private whereRecord(key: unknown) {
    return { entity: this.metadata.tableName, record_id: String(key) };
  }

  private async page(
    manager: EntityManager,
    id: number,
    { page, size }: HistoryPageRequest,
  ): Promise<ResourceHistoryPage> {
    const [revisions, total] = await manager.findAndCount(ResourceRevision, {
      where: this.whereRecord(id),
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    return { page, size, total, revisions: revisions.map(view) };
  }

  /**
   * The body that brings the record `key` back to its fields right after revision `revision`: its
   * current fields with every later revision undone, as `restoreBody` (or the update DTO) takes them.
   */
  async restoreBody(manager: EntityManager, key: unknown, revision: number, updateDto: Type): Promise<object> {
    const where = this.whereRecord(key);
    if (!(await manager.existsBy(ResourceRevision, { ...where, id: revision }))) {
      throw new ResourceRevisionNotFoundError(revision, this.label ?? this.metadata.name, Number(key));
    }
    const later = await manager.find(ResourceRevision, {
      where: { ...where, id: MoreThan(revision) },
      order: { id: 'DESC' },
    });
    const current = (await historySnapshots(manager, this.metadata, [key])).get(String(key))!;
    const state = stateBefore(
      current,
      later.map((row) => JSON.parse(row.changes) as HistoryChange[]),
    );
    return this.options.restoreBody ? this.options.restoreBody(state) : declaredFields(updateDto, state);
  }
}
