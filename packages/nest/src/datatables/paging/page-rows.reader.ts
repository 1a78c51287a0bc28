import { LRUCache } from 'lru-cache';
import type { DataSource, EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import { keptShape, STATEMENT_TEXTS_KEPT } from '../sql/index.js';

type ColumnMetadata = EntityMetadata['columns'][number];
/** TypeORM 0.3's `loadRelationCountAndMap()` attributes, which 1.x no longer has. */
type RelationCounts = { relationCountAttributes?: unknown[] };

type RawRow = Record<string, unknown>;

/** One alias of the page statement: its entity, the selected columns' raw keys, its selected joins. */
interface AliasPlan {
  metadata: EntityMetadata;
  columns: Array<[key: string, column: ColumnMetadata]>;
  primaryKeys: string[];
  joins: Array<{ relation: RelationMetadata; isMany: boolean; plan: AliasPlan }>;
}

/** Builds entities from a page statement's raw rows (`getRawMany()`), as TypeORM's `getMany()` does. */
export type PageRowsHydrator = (rows: RawRow[]) => ObjectLiteral[];

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
  const plan = (alias: string, metadata: EntityMetadata): AliasPlan | null => {
    if (hasLoadHooks(metadata)) return null;
    const columns: AliasPlan['columns'] = [];
    for (const column of metadata.columns) {
      if (column.isVirtual) continue;
      if (!selections.has(alias) && !selections.has(`${alias}.${column.propertyPath}`)) continue;
      const key = rawKey(alias, column.databaseName);
      if (key === null) return null;
      columns.push([key, column]);
    }
    const primaryKeys = metadata.primaryColumns.map((column) => rawKey(alias, column.databaseName));
    if (primaryKeys.some((key) => key === null)) return null;
    const joins: AliasPlan['joins'] = [];
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
  const planned = (each: AliasPlan): number => each.joins.reduce((sum, join) => sum + 1 + planned(join.plan), 0);
  if (!root || planned(root) !== map.joinAttributes.filter((join) => join.isSelected).length) return null;
  const driver = connection.driver;

  const entitiesOf = (rows: RawRow[], alias: AliasPlan): ObjectLiteral[] => {
    const groups = new Map<unknown, RawRow[]>();
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
  return (rows) => entitiesOf(rows, root);
}

/** A primary key value as TypeORM groups rows by it. */
function primaryKeyText(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}
