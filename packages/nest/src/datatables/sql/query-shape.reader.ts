import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

type Fields = Record<string, unknown>;

/**
 * The fields of a query builder's expression map that its SQL text (`getQuery()`, named parameters
 * not yet bound) is written from; each is part of the shape.
 */
export const TEXT_FIELDS = [
  'queryType',
  'selects',
  'selectDistinct',
  'selectDistinctOn',
  'wheres',
  'havings',
  'orderBys',
  'groupBys',
  'limit',
  'offset',
  'skip',
  'take',
  'withDeleted',
  'lockMode',
  'lockVersion',
  'lockTables',
  'onLocked',
  'useIndex',
  'comment',
  'maxExecutionTime',
  'timeTravel',
  'subQuery',
  'aliasNamePrefixingEnabled',
  'disableEscaping',
  'extraAppendedAndWhereCondition',
  'options',
] as const;
const TEXT_FIELD_NAMES = new Set<string>(TEXT_FIELDS);

/** Fields written into the shape separately (objects that refer to entity metadata). */
const OBJECT_FIELDS = new Set(['mainAlias', 'aliases', 'joinAttributes']);

/**
 * Fields that never change the SQL text: the values bound to the text's named parameters, the data
 * source, and how TypeORM runs the statement and loads entities afterwards.
 */
const BINDING_FIELDS = new Set([
  'dataSource',
  'parameters',
  'nativeParameters',
  'queryEntity',
  'cache',
  'cacheId',
  'cacheDuration',
  'useTransaction',
  'callListeners',
  'relationLoadStrategy',
  'locallyGenerated',
]);

/** The own fields of a join attribute: what it joins, how, and TypeORM's caches of what follows from that. */
const JOIN_FIELDS = new Set([
  'dataSource',
  'queryExpressionMap',
  'direction',
  'entityOrProperty',
  'alias',
  'condition',
  'mapToProperty',
  'mapAsEntity',
  'isMappingMany',
  'isSelectedCache',
  'isSelectedEvaluated',
  'relationCache',
  'relationEvaluated',
]);

/** Distinct numbers for the metadata and entity targets a shape refers to. */
const identities = new WeakMap<object, number>();
let nextIdentity = 0;

function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) identities.set(value, (id = nextIdentity++));
  return id;
}

function objectKey(value: unknown): unknown {
  return typeof value === 'object' || typeof value === 'function' ? (value === null ? null : identity(value)) : value;
}

interface AliasFields {
  type?: string;
  name?: string;
  tablePath?: string;
  subQuery?: string;
  hasMetadata?: boolean;
  metadata?: object;
}

function aliasKey(alias: AliasFields | undefined): unknown[] | null {
  if (!alias) return null;
  return [
    alias.type,
    alias.name,
    alias.tablePath,
    alias.subQuery,
    alias.hasMetadata ? identity(alias.metadata!) : null,
  ];
}

/** Whether `value` is what a new query builder holds (its own, or an empty list or object). */
function isDefault(value: unknown, fresh: unknown): boolean {
  if (value === fresh || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).length === 0
  );
}

const freshMaps = new WeakMap<object, Fields>();

/** The fields of an expression map by name, read each by its own name (see {@link textFieldValues}). */
type TextFields = Record<(typeof TEXT_FIELDS)[number], unknown>;

/**
 * The values of {@link TEXT_FIELDS}, in that order. Read by name rather than through the list: a
 * read by a computed name is V8's slowest property access, and every list request reads these.
 */
function textFieldValues(map: TextFields): unknown[] {
  return [
    map.queryType,
    map.selects,
    map.selectDistinct,
    map.selectDistinctOn,
    map.wheres,
    map.havings,
    map.orderBys,
    map.groupBys,
    map.limit,
    map.offset,
    map.skip,
    map.take,
    map.withDeleted,
    map.lockMode,
    map.lockVersion,
    map.lockTables,
    map.onLocked,
    map.useIndex,
    map.comment,
    map.maxExecutionTime,
    map.timeTravel,
    map.subQuery,
    map.aliasNamePrefixingEnabled,
    map.disableEscaping,
    map.extraAppendedAndWhereCondition,
    map.options,
  ];
}

/** A set of an expression map's field names, and those of them no shape is written from. */
interface FieldNames {
  keys: string[];
  others: string[];
}

/** The most sets of field names remembered per data source (its builders set fields in a few ways). */
const FIELD_NAME_SETS_KEPT = 16;
const fieldNameSets = new WeakMap<object, FieldNames[]>();

/** `keys` and their own fields other than those of the shape, remembered per data source. */
function otherFields(dataSource: object, keys: string[]): string[] {
  let sets = fieldNameSets.get(dataSource);
  if (!sets) fieldNameSets.set(dataSource, (sets = []));
  const known = sets.find(
    (set) => set.keys.length === keys.length && set.keys.every((key, index) => key === keys[index]),
  );
  if (known) return known.others;
  const others = keys.filter(
    (key) => !TEXT_FIELD_NAMES.has(key) && !OBJECT_FIELDS.has(key) && !BINDING_FIELDS.has(key),
  );
  if (sets.length < FIELD_NAME_SETS_KEPT) sets.push({ keys, others });
  return others;
}

/**
 * A text naming everything `query.getQuery()` writes its SQL text from, so that two builders of the
 * same data source with the same shape write the same text; parameter values are not part of it
 * (they are bound to the text afterwards). Null when the builder holds anything the shape does not
 * know (a common table expression, a field of a later TypeORM): such a builder is not cached.
 */
export function queryShape(query: SelectQueryBuilder<ObjectLiteral>): string | null {
  const map = query.expressionMap;
  const fields = map as unknown as Fields;
  const dataSource = query.connection;
  let fresh = freshMaps.get(dataSource);
  if (!fresh) {
    fresh = dataSource.createQueryBuilder().expressionMap as unknown as Fields;
    freshMaps.set(dataSource, fresh);
  }
  for (const key of otherFields(dataSource, Object.keys(fields))) {
    if (!isDefault(fields[key], fresh[key])) return null;
  }
  const joins: unknown[] = [];
  for (const join of map.joinAttributes) {
    if (Object.keys(join).some((key) => !JOIN_FIELDS.has(key))) return null;
    joins.push([
      join.direction,
      objectKey(join.entityOrProperty),
      aliasKey(join.alias as AliasFields),
      join.condition,
      join.mapToProperty,
      (join as { mapAsEntity?: unknown }).mapAsEntity,
      join.isMappingMany,
    ]);
  }
  // TypeORM keeps these fields as data (conditions, orderings and selections as text): JSON tells them apart.
  return JSON.stringify([
    identity(dataSource),
    aliasKey(map.mainAlias as AliasFields | undefined),
    map.aliases.map((alias) => aliasKey(alias as AliasFields)),
    joins,
    textFieldValues(map as unknown as TextFields),
  ]);
}
