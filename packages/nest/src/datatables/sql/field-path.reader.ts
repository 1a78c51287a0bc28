import { instanceToPlain } from 'class-transformer';
import type { EntityMetadata } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import type { CollationLanguage } from '../../dialect/index.js';
import type { FloatPrecision, FieldSpec } from '../model/index.js';

type ColumnMetadata = EntityMetadata['columns'][number];

/** Inclusive bounds of a 32-bit integer column. */
export const INT32_RANGE: readonly [number, number] = [-2_147_483_648, 2_147_483_647];

/** A `__` path of an endpoint's options, resolved through entity metadata (never through input). */
export interface ResolvedPath {
  path: string;
  /** The relations crossed, from the listed entity outwards. */
  relations: RelationMetadata[];
  column: ColumnMetadata;
  /** Whether a relation crossed is one-to-many or many-to-many. */
  toMany: boolean;
  /** Whether the value can be missing: a nullable column, or one reached through a relation. */
  nullable: boolean;
  /**
   * Whether a row never shows the value: the column is `select: false`, or the column or a relation
   * on the way is left out of the entity's representation (`@Exclude`, or not `@Expose`d under an
   * excluding class).
   */
  hidden: boolean;
  field: FieldSpec;
  /**
   * Whether its text is compared by code point (`DataTableOptions.binaryCollation`) instead of
   * naturally: ordered case-folded then by code point, searched ignoring case but not accents.
   */
  binaryCollation?: boolean;
  /** The language whose collation orders its text naturally (`DataTableOptions.collationLanguage`; default `root`). */
  collationLanguage?: CollationLanguage;
}

const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  tinyint: [-128, 127],
  smallint: [-32_768, 32_767],
  int2: [-32_768, 32_767],
  mediumint: [-8_388_608, 8_388_607],
  int: INT32_RANGE,
  integer: INT32_RANGE,
  int4: INT32_RANGE,
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int8: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};
const NUMBER_TYPES = new Set(['decimal', 'numeric', 'dec', 'fixed']);
/** Floating-point types: `real` is single precision on PostgreSQL (a double on MySQL, which is within it). */
const FLOAT_TYPES: Record<string, FloatPrecision> = {
  real: 'single',
  float4: 'single',
  float: 'double',
  double: 'double',
  'double precision': 'double',
  float8: 'double',
};
const DATETIME_TYPES = new Set([
  'datetime',
  'timestamp',
  'timestamp without time zone',
  'timestamp with time zone',
  'timestamptz',
  'datetime2',
  'datetimeoffset',
  'smalldatetime',
]);

function unsignedRange(range: readonly [number, number]): readonly [number, number] {
  return [0, Math.min(Number.MAX_SAFE_INTEGER, range[1] * 2 + 1)];
}

/** How the values of a column are read and compared, from its TypeORM type. */
export function fieldSpecOf(column: ColumnMetadata): FieldSpec {
  const choices = column.enum?.length ? { choices: column.enum } : {};
  const type = column.type;
  if (type === Number) return { kind: 'integer', integerRange: INT32_RANGE, ...choices };
  if (type === Boolean) return { kind: 'boolean' };
  if (type === Date) return { kind: 'datetime' };
  if (typeof type !== 'string') return { kind: 'string', ...choices };
  const name = type.toLowerCase();
  const range = INTEGER_RANGES[name];
  if (range) return { kind: 'integer', integerRange: column.unsigned ? unsignedRange(range) : range, ...choices };
  if (NUMBER_TYPES.has(name)) return { kind: 'number', ...choices };
  const float = FLOAT_TYPES[name];
  if (float) return { kind: 'number', float, ...choices };
  if (name === 'boolean' || name === 'bool') return { kind: 'boolean' };
  if (name === 'date') return { kind: 'date' };
  if (DATETIME_TYPES.has(name)) return { kind: 'datetime' };
  if (name === 'uuid') return { kind: 'uuid' };
  return { kind: 'string', ...choices };
}

/**
 * Whether the entity's representation (class-transformer's `instanceToPlain`, as rows are
 * serialised) keeps the property: asked of a probe instance, so that every way of leaving a
 * property out (`@Exclude`, an excluding class strategy without `@Expose`, a parent class's) counts.
 */
function isRepresented(metadata: EntityMetadata, propertyName: string): boolean {
  const target = metadata.target;
  if (typeof target !== 'function') return true;
  const probe = Object.create(target.prototype as object) as Record<string, unknown>;
  probe[propertyName] = 'probe';
  return Object.hasOwn(instanceToPlain(probe) as object, propertyName);
}

/**
 * Resolves `artist__name` or `genres__id` through entity metadata. A path ending at a relation
 * stands for the related entity's primary key (`artist` = `artist__id`).
 */
export function resolveFieldPath(root: EntityMetadata, path: string): ResolvedPath {
  const relations: RelationMetadata[] = [];
  let metadata = root;
  const segments = path.split('__');
  for (const [index, segment] of segments.entries()) {
    const relation = metadata.relations.find((each) => each.propertyPath === segment);
    const column = relation
      ? undefined
      : metadata.columns.find((each) => each.propertyPath === segment && !each.relationMetadata);
    if (column && index === segments.length - 1) {
      return finish(column);
    }
    if (!relation) {
      throw new Error(
        `data table path ${path}: ${metadata.name} has no ${column ? 'relation' : 'column or relation'} ${segment}`,
      );
    }
    relations.push(relation);
    metadata = relation.inverseEntityMetadata;
  }
  const [primary, ...more] = metadata.primaryColumns;
  if (!primary || more.length > 0) {
    throw new Error(`data table path ${path}: ${metadata.name} has no single primary key to stand for it`);
  }
  return finish(primary);

  function finish(column: ColumnMetadata): ResolvedPath {
    let owner = root;
    const represented = relations.every((relation) => {
      const shown = isRepresented(owner, relation.propertyName);
      owner = relation.inverseEntityMetadata;
      return shown;
    });
    return {
      hidden: column.isSelect === false || !represented || !isRepresented(owner, column.propertyName),
      path,
      relations,
      column,
      toMany: relations.some((relation) => relation.isOneToMany || relation.isManyToMany),
      nullable: column.isNullable || relations.length > 0,
      field: fieldSpecOf(column),
    };
  }
}
