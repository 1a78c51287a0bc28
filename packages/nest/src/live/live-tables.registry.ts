import { Injectable, Optional, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { DATA_TABLE_OPTIONS, prepareTable, type DataTableOptions } from '../datatables/internal.js';
import { REQUIRED_PERMISSIONS_METADATA } from '../permissions/permissions.constants.js';
import type { PermissionRequirement } from '../permissions/permission-requirement.types.js';
import { SAVED_VIEW_TABLE_ID_PATTERN } from '../saved-views/saved-view.constants.js';
import { LIVE_TABLE_SCOPE } from './live-table.constants.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { relatedEntities } from './live-relations.reader.js';
import { listsEveryRow } from './live-scope.reader.js';

type BaseQuery = (request: HttpRequest) => SelectQueryBuilder<ObjectLiteral>;

/** A table declared `live: true`: its entity, who may list it, and its base query when the library can see it. */
export interface LiveTable {
  id: string;
  /** The entity's metadata name, as notices name it. */
  entity: string;
  /** The other entities whose rows the table reads through the relations its paths cross. */
  related: string[];
  /** The permissions of every endpoint listing the table. */
  requirements: PermissionRequirement[];
  /** A resource's base query for a request; null for a host's own `@DataTable` handler. */
  baseQuery: BaseQuery | null;
}

type ControllerWrapper = ReturnType<DiscoveryService['getControllers']>[number];

/** A handler declared `live: true`, as its controller's class declares it. */
interface LiveDeclaration {
  wrapper: ControllerWrapper;
  name: string;
  options: DataTableOptions;
}

/**
 * The `@DataTable` endpoints declared `live: true`, found when the module starts; each needs an `id`
 * (the client subscribes by it) and an `entity` (a `DataTableResource` gives its own).
 */
@Injectable()
export class LiveTables implements OnModuleInit {
  private readonly tables = new Map<string, LiveTable>();
  /** Read from the controllers' classes, so known before any controller is made (see WidgetLibModule). */
  private readonly declarations: LiveDeclaration[];

  constructor(
    discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    @Optional() @InjectDataSource() private readonly dataSource?: DataSource,
  ) {
    this.declarations = discovery.getControllers().flatMap((wrapper) => this.declaredIn(wrapper));
  }

  /** Whether any endpoint declares a live table: without one, nothing is served (no stream route). */
  get declared(): boolean {
    return this.declarations.length > 0;
  }

  get(id: string): LiveTable | undefined {
    return this.tables.get(id);
  }

  /**
   * Whether the user of `request` may learn the keys and kinds of `table`'s changes: only when its
   * base query, as that user lists it, has no scope narrower than the whole entity.
   */
  seesEveryRow(table: LiveTable, request: HttpRequest): boolean {
    if (!table.baseQuery) return false;
    try {
      return listsEveryRow(table.baseQuery(request));
    } catch {
      return false;
    }
  }

  onModuleInit(): void {
    for (const { wrapper, name, options } of this.declarations) {
      const metatype = wrapper.metatype as Type;
      const handler = (metatype.prototype as Record<string, () => unknown>)[name]!;
      const where = `@DataTable({ live: true }) on ${metatype.name}.${name}`;
      const scope = this.reflector.get<string | undefined>(LIVE_TABLE_SCOPE, handler);
      const requirements = this.reflector.getAllAndMerge<PermissionRequirement[]>(REQUIRED_PERMISSIONS_METADATA, [
        metatype,
        handler,
      ]);
      const instance = wrapper.instance as object | undefined;
      this.add(where, options, requirements, scope && instance ? this.bound(instance, scope) : null);
    }
  }

  private declaredIn(wrapper: ControllerWrapper): LiveDeclaration[] {
    const metatype = wrapper.metatype as Type | null;
    if (typeof metatype?.prototype !== 'object') return [];
    const prototype = metatype.prototype as Record<string, () => unknown>;
    return this.scanner.getAllMethodNames(prototype).flatMap((name) => {
      const options = this.reflector.get<DataTableOptions | undefined>(DATA_TABLE_OPTIONS, prototype[name]!);
      return options?.live ? [{ wrapper, name, options }] : [];
    });
  }

  private add(
    where: string,
    options: DataTableOptions,
    requirements: PermissionRequirement[],
    baseQuery: BaseQuery | null,
  ): void {
    const { id, entity } = options;
    if (id === undefined || !SAVED_VIEW_TABLE_ID_PATTERN.test(id)) {
      throw new Error(`${where}: a live table has an id (1 to 100 letters, digits, -, _ or .)`);
    }
    if (!entity) throw new Error(`${where}: a live table names its entity (entity: TheEntity)`);
    if (!this.dataSource) throw new Error(`${where}: live tables need TypeORM's DataSource`);
    const metadata = this.dataSource.getMetadata(entity);
    const { name } = metadata;
    const { table, problems } = prepareTable(options, metadata, this.config);
    if (!table) throw new Error(`${where}: ${problems.join('; ')}`);
    const found = this.tables.get(id);
    if (found && found.entity !== name)
      throw new Error(`${where}: the live table ${id} lists ${found.entity} elsewhere`);
    this.tables.set(id, {
      id,
      entity: name,
      related: [...new Set([...(found?.related ?? []), ...relatedEntities(metadata, table.paths.values())])].sort(),
      requirements: [...new Set([...(found?.requirements ?? []), ...requirements])],
      // Endpoints of one id may differ in scope: keys only when each of them shows its base query.
      baseQuery: found && (!found.baseQuery || !baseQuery) ? null : baseQuery,
    });
  }

  private bound(instance: object, method: string): BaseQuery | null {
    const query = (instance as Record<string, unknown>)[method];
    return typeof query === 'function' ? (request) => (query as BaseQuery).call(instance, request) : null;
  }
}
