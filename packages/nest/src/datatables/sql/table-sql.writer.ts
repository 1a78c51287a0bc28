import type { EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import type { ResolvedPath } from './field-path.reader.js';
import { DEADLINE_PARAMETER, deadlineValue, type DatabaseDialect } from '../../dialect/index.js';
import type { FilterValue } from '../model/index.js';

/**
 * What every SQL writer of one request shares: the base query, its resolved paths and dialect, the
 * escaped identifiers, and the request's bound parameters. Every identifier comes from entity
 * metadata (through the resolved paths) and is escaped by the driver; every value is a parameter.
 */
export class TableSql<T extends ObjectLiteral> {
  readonly parameters: Record<string, unknown> = {};
  private parameterCount = 0;
  readonly primaryKey: string;

  constructor(
    readonly base: SelectQueryBuilder<T>,
    private readonly paths: ReadonlyMap<string, ResolvedPath>,
    readonly dialect: DatabaseDialect,
    /** When the request's statements must stop (milliseconds since the epoch), 0 for never. */
    deadline: number,
  ) {
    this.primaryKey = this.column(base.alias, this.primaryColumn.databaseName);
    this.parameters[DEADLINE_PARAMETER] = deadlineValue(deadline);
  }

  get metadata(): EntityMetadata {
    return this.base.expressionMap.mainAlias!.metadata;
  }

  get primaryColumn(): EntityMetadata['primaryColumns'][number] {
    return this.metadata.primaryColumns[0]!;
  }

  escape(name: string): string {
    return this.base.connection.driver.escape(name);
  }

  /** The escaped, schema-qualified table name of `metadata`. */
  table(metadata: EntityMetadata): string {
    return [metadata.schema, metadata.tableName]
      .filter((part): part is string => !!part)
      .map((part) => this.escape(part))
      .join('.');
  }

  column(alias: string, column: string): string {
    return `${this.escape(alias)}.${this.escape(column)}`;
  }

  /** Binds a value; answers its placeholder. */
  parameter(value: unknown): string {
    const name = `wl_p${this.parameterCount++}`;
    this.parameters[name] = value;
    return `:${name}`;
  }

  /** Binds a list of values; answers its placeholder, which expands to one per value. */
  listParameter(values: unknown[]): string {
    const name = `wl_p${this.parameterCount++}`;
    this.parameters[name] = values;
    return `:...${name}`;
  }

  resolved(path: string): ResolvedPath {
    const resolved = this.paths.get(path);
    if (!resolved) throw new Error(`data table path ${path} was not resolved`);
    return resolved;
  }

  /** A filter value as the column stores it (TypeORM's transformers and driver conversions applied). */
  stored(resolved: ResolvedPath, value: FilterValue): unknown {
    return this.base.connection.driver.preparePersistentValue(value, resolved.column);
  }

  /**
   * The keys that order the text of `expression` (the path's column), each comparable with `<`,
   * `=` and `>` to the same of a bound value: naturally (the dialect's collation of the table's
   * `collationLanguage`), or case-folded under `binaryCollation`; then by code point, which makes
   * texts equal only when identical.
   */
  textKeys(expression: string, resolved: ResolvedPath): [string, string] {
    const first = resolved.binaryCollation
      ? this.dialect.binary(this.dialect.fold(expression))
      : this.dialect.natural(expression, resolved.collationLanguage ?? 'root');
    return [first, this.dialect.binary(expression)];
  }

  /** Whether the path's column holds free text (not an enum), compared and ordered as text. */
  isText(resolved: ResolvedPath): boolean {
    return resolved.field.kind === 'string' && !resolved.field.choices;
  }
}

/**
 * The columns that link a row to a row of a to-one or one-to-many `relation`: `owner` on the
 * row's side, `other` on the related table; null when the relation has no join columns.
 */
export function joinPairs(relation: RelationMetadata): { owner: string; other: string }[] | null {
  const columns =
    relation.isManyToOne || relation.isOneToOneOwner ? relation.joinColumns : relation.inverseRelation?.joinColumns;
  if (!columns || columns.length === 0 || columns.some((column) => !column.referencedColumn)) return null;
  return relation.isManyToOne || relation.isOneToOneOwner
    ? columns.map((column) => ({ owner: column.databaseName, other: column.referencedColumn!.databaseName }))
    : columns.map((column) => ({ owner: column.referencedColumn!.databaseName, other: column.databaseName }));
}
