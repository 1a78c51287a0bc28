import { LRUCache } from 'lru-cache';
import type { DataSource, EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import type { RowArrays } from '../../dialect/index.js';
import { keptShape, STATEMENT_TEXTS_KEPT } from '../sql/index.js';

type ColumnMetadata = EntityMetadata['columns'][number];
/** TypeORM 0.3's `loadRelationCountAndMap()` attributes, which 1.x no longer has. */
type RelationCounts = { relationCountAttributes?: unknown[] };

type RawRow = Record<string, unknown>;
/** Where a row holds a column's value: its key in a raw row object, or its index in a row array (-1: absent). */
type Slot = string | number;
type SlotRow<S extends Slot> = Readonly<Record<S, unknown>>;

/** One alias of the page statement: its entity, the selected columns' slots, its selected joins. */
interface AliasPlan<S extends Slot> {
  metadata: EntityMetadata;
  columns: Array<[slot: S, column: ColumnMetadata]>;
  primaryKeys: S[];
  joins: Array<{ relation: RelationMetadata; isMany: boolean; plan: AliasPlan<S> }>;
}

/** Builds entities from a page statement's raw rows, as TypeORM's `getMany()` does. */
export interface PageRowsHydrator {
  /** From the row objects of `getRawMany()`. */
  objects(rows: RawRow[]): ObjectLiteral[];
  /** From the same statement's rows as arrays (`readRowArrays`). */
  arrays(rows: RowArrays): ObjectLiteral[];
}

/** Whether TypeORM would do more with the loaded rows than set their columns and relations. */
function hasLoadHooks(metadata: EntityMetadata): boolean {
  return (
    metadata.afterLoadListeners.length > 0 ||
    metadata.embeddeds.length > 0 ||
    metadata.childEntityMetadatas.length > 0 ||
    !!metadata.discriminatorColumn ||
    metadata.tableType === 'view' ||
    metadata.relations.some((relation) => relation.isLazy) ||
    metadata.primaryColumns.every((column) => column.isVirtual) ||
    metadata.columns.some((column) => column.isVirtualProperty)
  );
}

/** The hydrators of the shapes whose statement text is kept, per data source; the least recently used goes first. */
const hydrators = new WeakMap<DataSource, LRUCache<string, { hydrator: PageRowsHydrator | null }>>();

/**
 * How `getMany()` would turn the raw rows of `query` into entities, or null when it would do more
 * than this does (listeners, subscribers, embedded, inherited or lazy entities, relation ids or
 * counts, mapped joins, plain-object results, aliases TypeORM shortens): the page is then read
 * through `getMany()`. Reading raw rows spares TypeORM's general transformer on every request.
 * Planned once per shape of a builder whose text is kept (see `withCachedText`).
 */
export function pageRowsHydrator(query: SelectQueryBuilder<ObjectLiteral>): PageRowsHydrator | null {
  const shape = keptShape(query);
  if (shape === undefined) return plannedHydrator(query);
  let byShape = hydrators.get(query.connection);
  if (!byShape) hydrators.set(query.connection, (byShape = new LRUCache({ max: STATEMENT_TEXTS_KEPT })));
  let planned = byShape.get(shape);
  if (!planned) byShape.set(shape, (planned = { hydrator: plannedHydrator(query) }));
  return planned.hydrator;
}

function plannedHydrator(query: SelectQueryBuilder<ObjectLiteral>): PageRowsHydrator | null {
  const map = query.expressionMap;
  const connection = query.connection;
  const { maxAliasLength } = connection.driver;
  if (
    map.relationIdAttributes.length > 0 ||
    ((map as RelationCounts).relationCountAttributes?.length ?? 0) > 0 ||
    map.options.includes('create-pojo') ||
    connection.subscribers.some((subscriber) => typeof subscriber.afterLoad === 'function')
  )
    return null;
  const selections = new Set(map.selects.map((select) => select.selection));
  const rawKey = (alias: string, column: string): string | null => {
    const key = `${alias}_${column}`;
    return maxAliasLength && key.length > maxAliasLength ? null : key;
  };
  const plan = (alias: string, metadata: EntityMetadata): AliasPlan<string> | null => {
    if (hasLoadHooks(metadata)) return null;
    const columns: AliasPlan<string>['columns'] = [];
    for (const column of metadata.columns) {
      if (column.isVirtual) continue;
      if (!selections.has(alias) && !selections.has(`${alias}.${column.propertyPath}`)) continue;
      const key = rawKey(alias, column.databaseName);
      if (key === null) return null;
      columns.push([key, column]);
    }
    const primaryKeys = metadata.primaryColumns.map((column) => rawKey(alias, column.databaseName));
    if (primaryKeys.some((key) => key === null)) return null;
    const joins: AliasPlan<string>['joins'] = [];
    for (const join of map.joinAttributes) {
      if (!join.isSelected || join.parentAlias !== alias) continue;
      const relation = join.relation;
      if (join.mapToProperty || !relation || join.relationPropertyPath !== relation.propertyPath) return null;
      if (!metadata.relations.includes(relation)) return null;
      const joined = plan(join.alias.name, join.metadata!);
      if (!joined) return null;
      joins.push({ relation, isMany: join.isMany, plan: joined });
    }
    return { metadata, columns, primaryKeys: primaryKeys as string[], joins };
  };
  const main = map.mainAlias;
  if (!main?.hasMetadata) return null;
  const root = plan(main.name, main.metadata);
  // A selected join that hangs from no planned alias (a join on an entity rather than a relation).
  const planned = (each: AliasPlan<string>): number =>
    each.joins.reduce((sum, join) => sum + 1 + planned(join.plan), 0);
  if (!root || planned(root) !== map.joinAttributes.filter((join) => join.isSelected).length) return null;
  const driver = connection.driver;

  const entitiesOf = <S extends Slot>(rows: ReadonlyArray<SlotRow<S>>, alias: AliasPlan<S>): ObjectLiteral[] => {
    const groups = new Map<unknown, Array<SlotRow<S>>>();
    const keyed = alias.primaryKeys.some((key) => rows[0] !== undefined && key in rows[0]);
    const [onlyKey, ...moreKeys] = alias.primaryKeys;
    rows.forEach((row, index) => {
      let id: unknown = index;
      if (keyed && moreKeys.length === 0) id = primaryKeyText(row[onlyKey!]);
      else if (keyed) id = alias.primaryKeys.map((key) => primaryKeyText(row[key])).join('_');
      const group = groups.get(id);
      if (group) group.push(row);
      else groups.set(id, [row]);
    });
    const entities: ObjectLiteral[] = [];
    for (const group of groups.values()) {
      const entity = alias.metadata.create(undefined, { fromDeserializer: true }) as ObjectLiteral;
      const first = group[0]!;
      let hasData = false;
      for (const [key, column] of alias.columns) {
        const value = first[key];
        if (value === undefined) continue;
        if (value !== null) hasData = true;
        column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      for (const join of alias.joins) {
        const related = entitiesOf(group, join.plan);
        join.relation.setEntityValue(entity, join.isMany ? related : (related[0] ?? null));
      }
      if (hasData) entities.push(entity);
    }
    return entities;
  };
  // The plan by column index, per statement's columns (kept with the prepared statement, so the same array).
  const byIndex = new WeakMap<readonly string[], AliasPlan<number>>();
  return {
    objects: (rows) => entitiesOf(rows, root),
    arrays: ({ columns, rows }) => {
      let indexed = byIndex.get(columns);
      if (!indexed) byIndex.set(columns, (indexed = indexedPlan(root, columns)));
      return entitiesOf(rows as ReadonlyArray<SlotRow<number>>, indexed);
    },
  };
}

/**
 * `plan` reading row arrays whose columns are `columns`: each raw key at the index of its column
 * (the last of that name, as a raw row object keeps the last), -1 when no column has it.
 */
function indexedPlan(plan: AliasPlan<string>, columns: readonly string[]): AliasPlan<number> {
  const index = (key: string) => columns.lastIndexOf(key);
  return {
    metadata: plan.metadata,
    columns: plan.columns.map(([key, column]) => [index(key), column]),
    primaryKeys: plan.primaryKeys.map(index),
    joins: plan.joins.map((join) => ({ ...join, plan: indexedPlan(join.plan, columns) })),
  };
}

/** A primary key value as TypeORM groups rows by it. */
function primaryKeyText(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}
