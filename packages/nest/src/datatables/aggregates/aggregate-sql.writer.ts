import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ResolvedPath, TableQuerySetup } from '../sql/index.js';
import type { AggregateColumn, PreparedAggregates } from './aggregate-declaration.parser.js';
import { selectionNames } from './aggregate-value.format.js';

/** The alias of the listed entity in the statements that read it by key. */
const LISTED = 'wl_l';
/** The alias of a to-many statement's distinct related rows. */
const DISTINCT_ROWS = 'wl_d';
/** The selection of a row's group value. */
export const GROUP_SELECTION = 'wl_g';

/** The group values a statement is restricted to (`rowGroup`), null standing for no value. */
export type GroupValues = readonly unknown[];

/**
 * Writes the statements of a request's aggregates over the rows matching its conditions: the own
 * and to-one columns in the statement that counts them (or, where joins repeat rows, over the
 * matching keys), each to-many relation's columns over its distinct related rows. Every identifier
 * comes from entity metadata; the group values are bound.
 */
export class AggregateSqlWriter<T extends ObjectLiteral> {
  private joinCount = 0;

  constructor(
    private readonly setup: TableQuerySetup<T>,
    private readonly aggregates: PreparedAggregates,
  ) {}

  /**
   * `counted` (the count of the matching rows, over the base's own alias) with the own columns'
   * aggregates added; null where the base's joins repeat rows (the sums would count them again).
   */
  withOwnAggregates(counted: SelectQueryBuilder<ObjectLiteral>): SelectQueryBuilder<ObjectLiteral> | null {
    if (this.setup.repeatsRows || this.aggregates.own.length === 0) return null;
    return this.selectOwn(counted, this.setup.base.alias);
  }

  /** `COUNT(*)` as `wl_count` and the own columns' aggregates over the matching rows, by group when `groups`. */
  ownStatement(groups?: GroupValues): SelectQueryBuilder<ObjectLiteral> {
    const { query, alias } = this.matching();
    query.select('COUNT(*)', 'wl_count');
    this.selectOwn(query, alias);
    return groups ? this.grouped(query, this.groupExpression(query, alias), groups) : query;
  }

  /** The aggregates of columns across one to-many relation chain, over its distinct related rows. */
  toManyStatement(columns: readonly AggregateColumn[], groups?: GroupValues): SelectQueryBuilder<ObjectLiteral> {
    const { sql, base } = this.setup;
    const [first] = columns as [AggregateColumn];
    const related = base.connection.createQueryBuilder().from(sql.metadata.target, LISTED);
    let parent = LISTED;
    for (const relation of first.resolved.relations) {
      const alias = `wl_m${this.joinCount++}`;
      related.innerJoin(`${parent}.${relation.propertyPath}`, alias);
      parent = alias;
    }
    const owner = first.resolved.relations.at(-1)!.inverseEntityMetadata;
    related.select(sql.column(parent, owner.primaryColumns[0]!.databaseName), 'wl_k');
    for (const column of columns)
      related.addSelect(sql.column(parent, column.resolved.column.databaseName), `${column.alias}_v`);
    if (groups) related.addSelect(this.groupExpression(related, LISTED), GROUP_SELECTION);
    related.distinct(true).where(`${sql.column(LISTED, sql.primaryColumn.databaseName)} IN (${this.matchingKeys()})`);
    const statement = base.connection
      .createQueryBuilder()
      .from(`(${related.getQuery()})`, DISTINCT_ROWS)
      .setParameters(this.parameters());
    statement.select('COUNT(*)', 'wl_rows');
    for (const column of columns)
      this.selectAggregates(statement, column, sql.column(DISTINCT_ROWS, `${column.alias}_v`));
    return groups ? this.grouped(statement, sql.column(DISTINCT_ROWS, GROUP_SELECTION), groups) : statement;
  }

  /** The group values of the rows with the given primary keys (those of a page). */
  pageGroupsStatement(keys: readonly unknown[]): SelectQueryBuilder<ObjectLiteral> {
    const { sql, base } = this.setup;
    const query = base.connection.createQueryBuilder().from(sql.metadata.target, LISTED);
    const expression = this.groupExpression(query, LISTED);
    return query
      .select(expression, GROUP_SELECTION)
      .distinct(true)
      .where(`${sql.column(LISTED, sql.primaryColumn.databaseName)} IN (:...wl_page_keys)`, {
        wl_page_keys: keys,
      });
  }

  /** The matching rows, each once, and the alias of the listed entity in them. */
  private matching(): { query: SelectQueryBuilder<ObjectLiteral>; alias: string } {
    const { scope, repeatsRows, condition, sql, base } = this.setup;
    if (!repeatsRows) {
      const query = scope.clone() as unknown as SelectQueryBuilder<ObjectLiteral>;
      if (condition) query.andWhere(condition, sql.parameters);
      return { query, alias: base.alias };
    }
    const query = base.connection
      .createQueryBuilder()
      .from(sql.metadata.target, LISTED)
      .where(`${sql.column(LISTED, sql.primaryColumn.databaseName)} IN (${this.matchingKeys()})`)
      .setParameters(this.parameters());
    return { query, alias: LISTED };
  }

  /** The statement text selecting the primary key of every matching row (repeated where joins repeat them). */
  private matchingKeys(): string {
    const { scope, condition, sql } = this.setup;
    const keys = scope.clone();
    if (condition) keys.andWhere(condition);
    return keys.select(sql.primaryKey).getQuery();
  }

  private parameters(): ObjectLiteral {
    return { ...this.setup.scope.getParameters(), ...this.setup.sql.parameters };
  }

  private selectOwn(query: SelectQueryBuilder<ObjectLiteral>, alias: string): SelectQueryBuilder<ObjectLiteral> {
    for (const column of this.aggregates.own)
      this.selectAggregates(query, column, this.expression(query, alias, column.resolved));
    return query;
  }

  private selectAggregates(
    query: SelectQueryBuilder<ObjectLiteral>,
    column: AggregateColumn,
    expression: string,
  ): void {
    const { dialect } = this.setup.sql;
    const names = selectionNames(column.alias);
    const exact = column.number === 'integer' || column.number === 'decimal';
    const temporal = column.number === 'date' || column.number === 'datetime';
    // A date's bound as the text the database stores it in: the same through the count cache's JSON.
    const aggregate = (name: 'SUM' | 'MIN' | 'MAX') =>
      exact
        ? dialect.exactAggregate(name, expression, column.scale)
        : temporal
          ? dialect.temporalText(`${name}(${expression})`)
          : `${name}(${expression})`;
    const asked = new Set(column.functions);
    query.addSelect(`COUNT(${expression})`, names.count);
    if (asked.has('sum') || asked.has('avg')) query.addSelect(aggregate('SUM'), names.sum);
    if (asked.has('min')) query.addSelect(aggregate('MIN'), names.min);
    if (asked.has('max')) query.addSelect(aggregate('MAX'), names.max);
  }

  /** The column of `resolved` (own or across to-one relations) for the listed entity at `alias`, joining what it needs. */
  private expression(query: SelectQueryBuilder<ObjectLiteral>, alias: string, resolved: ResolvedPath): string {
    let parent = alias;
    for (const relation of resolved.relations) {
      const joined = `wl_o${this.joinCount++}`;
      query.leftJoin(`${parent}.${relation.propertyPath}`, joined);
      parent = joined;
    }
    return this.setup.sql.column(parent, resolved.column.databaseName);
  }

  /**
   * The group's column; a date or date-time as the text the database stores it in, which the
   * restriction to the page's groups binds back unchanged (a driver's Date could move it to another zone).
   */
  private groupExpression(query: SelectQueryBuilder<ObjectLiteral>, alias: string): string {
    const group = this.aggregates.group!;
    const expression = this.expression(query, alias, group);
    const temporal = group.field.kind === 'date' || group.field.kind === 'datetime';
    return temporal ? this.setup.sql.dialect.temporalText(expression) : expression;
  }

  /** `query` by group, restricted to `groups` (null: the rows without a value). */
  private grouped(
    query: SelectQueryBuilder<ObjectLiteral>,
    expression: string,
    groups: GroupValues,
  ): SelectQueryBuilder<ObjectLiteral> {
    const present = groups.filter((value) => value !== null && value !== undefined);
    const parts = present.length > 0 ? [`${expression} IN (:...wl_group_values)`] : [];
    if (present.length < groups.length) parts.push(`${expression} IS NULL`);
    return query
      .addSelect(expression, GROUP_SELECTION)
      .andWhere(`(${parts.join(' OR ')})`, { wl_group_values: present })
      .groupBy(expression);
  }
}
