import type { EntityMetadata } from 'typeorm';
import { AGGREGATE_FUNCTIONS, type AggregateFunction, type DataTableAggregates } from '../model/index.js';
import { resolveFieldPath, type ResolvedPath } from '../sql/index.js';

/** How a column's aggregates are computed and written: a number's kind, a date's, or `other`. */
export type AggregateNumber = 'integer' | 'decimal' | 'float' | 'date' | 'datetime' | 'other';

/** One declared path with what is asked of it. */
export interface AggregateColumn {
  path: string;
  resolved: ResolvedPath;
  functions: readonly AggregateFunction[];
  number: AggregateNumber;
  /** Decimal places of a decimal column (0 for the others). */
  scale: number;
  /** The prefix of its selections in the statements (`wl_a<index>`). */
  alias: string;
}

/** A table's aggregates and row group, checked against the entity. */
export interface PreparedAggregates {
  /** Columns of the listed entity or across to-one relations: one value per matching row. */
  own: AggregateColumn[];
  /** Columns across a to-many relation, by the relations crossed: the distinct related rows. */
  toMany: AggregateColumn[][];
  /** The `rowGroup` path, or null. */
  group: ResolvedPath | null;
}

function numberOf(resolved: ResolvedPath): AggregateNumber {
  const { field } = resolved;
  if (field.kind === 'integer') return 'integer';
  if (field.kind === 'date' || field.kind === 'datetime') return field.choices ? 'other' : field.kind;
  if (field.kind !== 'number' || field.choices) return 'other';
  return field.float ? 'float' : 'decimal';
}

function relationKey(resolved: ResolvedPath): string {
  return resolved.relations.map((relation) => relation.propertyPath).join('__');
}

/**
 * The `aggregates` and `rowGroup` of a table over `metadata`, or the mistakes in them: a path that
 * is not a field, an unknown function, `sum`/`avg` of a column that holds no number (`min`/`max`
 * of a number, a date or a date-time), a
 * decimal without a declared scale, a to-many path whose entity has no single primary key, a group
 * across a to-many relation or of a date.
 */
export function parseAggregates(
  aggregates: DataTableAggregates | undefined,
  rowGroup: string | undefined,
  metadata: EntityMetadata,
): { prepared: PreparedAggregates | null; problems: string[] } {
  const problems: string[] = [];
  if (!aggregates && rowGroup === undefined) return { prepared: null, problems };
  const own: AggregateColumn[] = [];
  const toMany = new Map<string, AggregateColumn[]>();
  for (const [index, [path, functions]] of Object.entries(aggregates ?? {}).entries()) {
    let resolved: ResolvedPath;
    try {
      resolved = resolveFieldPath(metadata, path);
    } catch (error) {
      problems.push(`aggregates.${path}: ${(error as Error).message}`);
      continue;
    }
    if (!Array.isArray(functions) || functions.length === 0) {
      problems.push(`aggregates.${path} must list at least one of ${AGGREGATE_FUNCTIONS.join(', ')}`);
      continue;
    }
    const unknown = functions.filter((name) => !AGGREGATE_FUNCTIONS.includes(name));
    if (unknown.length > 0) {
      problems.push(`aggregates.${path}: ${unknown.join(', ')} is none of ${AGGREGATE_FUNCTIONS.join(', ')}`);
      continue;
    }
    const number = numberOf(resolved);
    const temporal = number === 'date' || number === 'datetime';
    const numeric = functions.filter((name) => name !== 'count' && !(temporal && (name === 'min' || name === 'max')));
    if ((number === 'other' || temporal) && numeric.length > 0) {
      const allowed = temporal ? '; a date takes min, max and count' : '';
      problems.push(
        `aggregates.${path}: ${numeric.join(', ')} needs a number column, ${path} is a ${resolved.field.kind}${allowed}`,
      );
      continue;
    }
    const scale = number === 'decimal' ? resolved.column.scale : 0;
    if (scale === undefined || scale < 0 || scale > 30) {
      problems.push(`aggregates.${path}: declare the decimal column's scale, which its values are written with`);
      continue;
    }
    if (resolved.hidden) {
      problems.push(
        `aggregates.${path} reaches a hidden column (select: false or @Exclude): its totals would reveal it`,
      );
      continue;
    }
    const column: AggregateColumn = { path, resolved, functions, number, scale, alias: `wl_a${index}` };
    if (!resolved.toMany) {
      own.push(column);
      continue;
    }
    const owner = resolved.relations.at(-1)!.inverseEntityMetadata;
    if (owner.primaryColumns.length !== 1) {
      problems.push(`aggregates.${path}: ${owner.name} needs a single primary key to count each related row once`);
      continue;
    }
    const key = relationKey(resolved);
    toMany.set(key, [...(toMany.get(key) ?? []), column]);
  }
  let group: ResolvedPath | null = null;
  if (rowGroup !== undefined) {
    try {
      group = resolveFieldPath(metadata, rowGroup);
      if (group.toMany) problems.push(`rowGroup ${rowGroup} crosses a to-many relation`);
      else if (group.hidden) problems.push(`rowGroup ${rowGroup} reaches a hidden column`);
    } catch (error) {
      problems.push(`rowGroup: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) return { prepared: null, problems };
  return { prepared: { own, toMany: [...toMany.values()], group }, problems };
}
