import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityMetadata, Repository } from 'typeorm';
import type { RelationMetadata } from '../common/typeorm-metadata.types.js';
import { DATA_TABLE_OPTIONS, type DataTableOptions, resolveFieldPath, prepareTable } from '../datatables/internal.js';
import { REQUIRED_PERMISSIONS_METADATA } from '../permissions/permissions.constants.js';
import type { PermissionRequirement } from '../permissions/permission-requirement.types.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { SavedView } from './saved-view.entity.js';
import { SAVED_VIEW_TABLE_ID_PATTERN } from './saved-view.constants.js';
import type { SavedStateTable } from './saved-view-state.parser.js';

/** A table that has saved views: its options prepared for its entity, and who may list it. */
export interface SavedViewTable extends SavedStateTable {
  id: string;
  /** The permissions of every endpoint declaring the table (their `@RequirePermissions` or resource `permissions`). */
  requirements: PermissionRequirement[];
}

interface Declaration {
  options: DataTableOptions;
  endpoint: string;
  requirements: PermissionRequirement[];
}

/**
 * The `@DataTable` endpoints whose options carry an `id` (and an `entity`), found when the module
 * starts: their saved views are validated against these options. A mistake in them (an id without
 * an entity, one id on different options, a path the entity lacks) stops the start.
 */
@Injectable()
export class SavedViewTables implements OnModuleInit {
  private readonly tables = new Map<string, SavedViewTable>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @InjectRepository(SavedView) private readonly views: Repository<SavedView>,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  /** The table of `id`, or undefined when no endpoint declares it. */
  get(id: string): SavedViewTable | undefined {
    return this.tables.get(id);
  }

  onModuleInit(): void {
    const declarations = new Map<string, Declaration[]>();
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as () => unknown;
        const options = this.reflector.get<DataTableOptions | undefined>(DATA_TABLE_OPTIONS, handler);
        if (options?.id === undefined) continue;
        const requirements = this.reflector.getAllAndMerge<PermissionRequirement[]>(REQUIRED_PERMISSIONS_METADATA, [
          metatype,
          handler,
        ]);
        const endpoint = `${metatype.name}.${name}`;
        const found = declarations.get(options.id) ?? [];
        declarations.set(options.id, [...found, { options, endpoint, requirements }]);
      }
    }
    for (const [id, found] of declarations) this.tables.set(id, this.prepare(id, found));
  }

  private prepare(id: string, declarations: Declaration[]): SavedViewTable {
    const [first] = declarations as [Declaration];
    const where = `@DataTable({ id: ${JSON.stringify(id)} }) on ${first.endpoint}`;
    if (!SAVED_VIEW_TABLE_ID_PATTERN.test(id)) {
      throw new Error(`${where}: an id is 1 to 100 letters, digits, -, _ or .`);
    }
    const other = declarations.find((declaration) => declaration.options !== first.options);
    if (other) throw new Error(`${where}: ${other.endpoint} declares the same id with other options`);
    const { entity } = first.options;
    if (!entity) throw new Error(`${where}: a table with an id names its entity (entity: TheEntity)`);
    const metadata = this.views.manager.connection.getMetadata(entity);
    const { table, problems } = prepareTable(first.options, metadata, this.config);
    if (!table) throw new Error(`${where}: ${problems.join('; ')}`);
    const allowedHidden = new Set(first.options.allowHiddenPaths ?? []);
    return {
      id,
      context: table.context,
      requirements: [...new Set(declarations.flatMap((declaration) => declaration.requirements))],
      columnProblem: (name) => columnProblem(metadata, name, allowedHidden),
    };
  }
}

/**
 * Whether a state's column may name `name`: a field of the entity (not a hidden one unless
 * allowed), or a relation a column shows whole (`artist`, `genres`).
 */
function columnProblem(metadata: EntityMetadata, name: string, allowedHidden: ReadonlySet<string>): string | null {
  try {
    const resolved = resolveFieldPath(metadata, name);
    if (resolved.hidden && !allowedHidden.has(name)) return `${JSON.stringify(name)} is a hidden column`;
    return null;
  } catch {
    if (isRelationPath(metadata, name)) return null;
    return `${JSON.stringify(name.slice(0, 64))} is not a field of ${metadata.name}`;
  }
}

function isRelationPath(metadata: EntityMetadata, path: string): boolean {
  let current: EntityMetadata | undefined = metadata;
  for (const segment of path.split('__')) {
    const relation: RelationMetadata | undefined = current?.findRelationWithPropertyPath(segment);
    if (!relation) return false;
    current = relation.inverseEntityMetadata;
  }
  return true;
}
