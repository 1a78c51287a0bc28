import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from '../../common/typeorm-metadata.types.js';
import type { ResolvedPath } from './field-path.reader.js';
import { containsPattern, foldedContains } from '../../dialect/index.js';
import { joinPairs, type TableSql } from './table-sql.writer.js';
import {
  isConditionGroup,
  type ColumnFilter,
  type ConditionNode,
  type FieldCondition,
  type Predicate,
} from '../model/index.js';

/** A pair of columns linking a related row to a listed row. */
export interface LinkKey {
  related: string;
  listed: string;
}

export interface RelatedRows {
  query: SelectQueryBuilder<ObjectLiteral>;
  /** The path's column in `query`. */
  column: string;
  keys: LinkKey[];
  /** Whether the first relation is to-one (its keys are the listed entity's foreign key). */
  toOne: boolean;
  /** Whether a foreign key declared in metadata makes every related key name a listed row. */
  enforced: boolean;
}

function sameColumns(a: readonly { databaseName: string }[], b: readonly { databaseName: string }[]): boolean {
  return a.length === b.length && a.every((column, index) => column.databaseName === b[index]!.databaseName);
}

/** Writes the conditions of a request's filters and search, and the counts that depend on them. */
export class ConditionWriter<T extends ObjectLiteral> {
  private subqueryCount = 0;

  constructor(private readonly sql: TableSql<T>) {}

  /**
   * `expression` (the path's column) as `=` and `IN` compare it: exactly for text (case, accents and
   * trailing spaces significant), by code point where the column has a collation of its own.
   */
  equated(expression: string, resolved: ResolvedPath): string {
    if (!this.sql.isText(resolved)) return expression;
    return resolved.column.collation ? this.sql.dialect.binary(expression) : this.sql.dialect.exact(expression);
  }

  private predicate(expression: string, resolved: ResolvedPath, predicate: Predicate): string {
    const text = this.sql.isText(resolved);
    // A collation declared on the column could make `=` or ILIKE ignore case or accents.
    const ownCollation = !!resolved.column.collation;
    const ordered = text ? this.sql.dialect.binary(expression) : expression;
    const equated = this.equated(expression, resolved);
    switch (predicate.kind) {
      case 'equals':
        return `${equated} = ${this.sql.parameter(this.sql.stored(resolved, predicate.value))}`;
      case 'contains': {
        const anchor = predicate.anchor ?? 'anywhere';
        const bind = (value: string) => this.sql.parameter(value);
        if (ownCollation)
          return foldedContains(this.sql.dialect, expression, bind(containsPattern(predicate.text, anchor)));
        return resolved.binaryCollation
          ? this.sql.dialect.containsIgnoringCase(expression, predicate.text, anchor, bind)
          : this.sql.dialect.containsIgnoringAccents(expression, predicate.text, anchor, bind);
      }
      case 'between': {
        const parts: string[] = [];
        if (predicate.lower) {
          const operator = predicate.lower.inclusive ? '>=' : '>';
          parts.push(`${ordered} ${operator} ${this.sql.parameter(this.sql.stored(resolved, predicate.lower.value))}`);
        }
        if (predicate.upper) {
          const operator = predicate.upper.inclusive ? '<=' : '<';
          parts.push(`${ordered} ${operator} ${this.sql.parameter(this.sql.stored(resolved, predicate.upper.value))}`);
        }
        return `(${parts.join(' AND ')})`;
      }
      case 'oneOf': {
        return `${equated} IN (${this.sql.listParameter(predicate.values.map((value) => this.sql.stored(resolved, value)))})`;
      }
      case 'isNull':
        return `${expression} ${predicate.isNull ? 'IS NULL' : 'IS NOT NULL'}`;
      case 'empty':
        return text ? `(${expression} IS NULL OR ${equated} = '')` : `${expression} IS NULL`;
    }
  }

  /** The rows where `predicate` is not true: those without a value too (where it is unknown). */
  private negatedPredicate(expression: string, resolved: ResolvedPath, predicate: Predicate): string {
    const condition = this.predicate(expression, resolved, predicate);
    const twoValued = predicate.kind === 'isNull' || predicate.kind === 'empty';
    return twoValued ? `NOT ${condition}` : `(${expression} IS NULL OR NOT ${condition})`;
  }

  /**
   * The rows related to the listed entity through a path that meet `condition` on the path's
   * column: a query from the first related table outwards (with the join table of a many-to-many),
   * and the key pairs that link them to the listed row (`related` in that query, `listed` a column
   * of the listed entity). It never goes through a second copy of the listed entity's table.
   */
  relatedRows(resolved: ResolvedPath, condition: (expression: string) => string): RelatedRows {
    const [first, ...rest] = resolved.relations as [RelationMetadata, ...RelationMetadata[]];
    const root = `wl_e${this.subqueryCount++}`;
    const query = this.sql.base.connection.createQueryBuilder().from(first.inverseEntityMetadata.target, root);
    let parent = root;
    rest.forEach((relation, index) => {
      const alias = `${root}_${index}`;
      query.innerJoin(`${parent}.${relation.propertyPath}`, alias);
      parent = alias;
    });
    const column = this.sql.column(parent, resolved.column.databaseName);
    query.where(condition(column));

    if (first.isManyToMany) {
      const junction = first.junctionEntityMetadata!;
      const ownColumns = first.isOwning ? first.joinColumns : first.inverseRelation!.inverseJoinColumns;
      const relatedColumns = first.isOwning ? first.inverseJoinColumns : first.inverseRelation!.joinColumns;
      const link = `${root}_link`;
      query.innerJoin(
        junction.tablePath,
        link,
        relatedColumns
          .map(
            (column) =>
              `${this.sql.column(link, column.databaseName)} = ${this.sql.column(root, column.referencedColumn!.databaseName)}`,
          )
          .join(' AND '),
      );
      const enforced = junction.foreignKeys.some(
        (key) => key.referencedEntityMetadata === this.sql.metadata && sameColumns(key.columns, ownColumns),
      );
      const keys = ownColumns.map((column) => ({
        related: this.sql.column(link, column.databaseName),
        listed: this.sql.column(this.sql.base.alias, column.referencedColumn!.databaseName),
      }));
      return { query, column, keys, toOne: false, enforced };
    }
    const pairs = joinPairs(first);
    if (!pairs) throw new Error(`data table path ${resolved.path}: relation ${first.propertyPath} has no join columns`);
    const toOne = first.isManyToOne || first.isOneToOneOwner;
    const keys = pairs.map((pair) => ({
      related: this.sql.column(root, pair.other),
      listed: this.sql.column(this.sql.base.alias, pair.owner),
    }));
    const enforced =
      !toOne && !!first.inverseRelation?.foreignKeys.some((key) => key.referencedEntityMetadata === this.sql.metadata);
    return { query, column, keys, toOne, enforced };
  }

  /**
   * A path's condition over its related rows: correlated on the listed row (`EXISTS`), so that a
   * to-many relation never repeats a row and the planner can make it a semi-join. A path of a to-one
   * first relation that is not negated becomes `foreign key IN (uncorrelated subquery)` instead
   * (`DatabaseDialect.inSubquery`): a semi-join, or under an OR a form the planner can combine with
   * the other branches' indexes.
   */
  private related(
    resolved: ResolvedPath,
    condition: (expression: string) => string,
    negated: boolean,
    branchOfOr: boolean,
  ): string {
    const { query, keys, toOne } = this.relatedRows(resolved, condition);
    if (toOne && !negated && keys.length === 1) {
      const [key] = keys as [LinkKey];
      return this.sql.dialect.inSubquery(key.listed, query.select(key.related).getQuery(), branchOfOr);
    }
    for (const key of keys) query.andWhere(`${key.related} = ${key.listed}`);
    return `EXISTS (${query.select('1').getQuery()})`;
  }

  /**
   * The statement counting the listed rows that `filter` (across a to-many relation) keeps, counted
   * in the related rows alone: the distinct listed keys among the join table's (or the child
   * table's) rows that meet it, without reading the listed entity's table. Only right when every
   * row of the listed table is counted and every key in the related rows names one of them, so
   * null unless the relation's foreign key is declared (the database then enforces it) and links on
   * one column, and the filter is not negated.
   */
  relatedCount(filter: Pick<ColumnFilter, 'path' | 'predicate'>): SelectQueryBuilder<ObjectLiteral> | null {
    const resolved = this.sql.resolved(filter.path);
    const [first] = resolved.relations;
    if (!first || !(first.isManyToMany || first.isOneToMany)) return null;
    const { condition, negated } = this.relatedCondition(resolved, filter.predicate);
    if (negated) return null;
    const { query, keys, enforced } = this.relatedRows(resolved, condition);
    if (!enforced || keys.length !== 1) return null;
    const [key] = keys as [LinkKey];
    return query.select(`COUNT(DISTINCT ${key.related})`, 'wl_count').setParameters(this.sql.parameters);
  }

  /**
   * What a filter across relations asks of the related rows: `condition` on the path's column, and
   * whether the listed row must have none that meet it (`isnull` true: no related value).
   */
  private relatedCondition(
    resolved: ResolvedPath,
    predicate: Predicate,
  ): { condition: (expression: string) => string; negated: boolean } {
    if (predicate.kind === 'isNull') {
      return { condition: (expression) => `${expression} IS NOT NULL`, negated: predicate.isNull };
    }
    if (predicate.kind === 'empty') {
      // No related row holds a value that is not empty.
      return { condition: (expression) => `NOT ${this.predicate(expression, resolved, predicate)}`, negated: true };
    }
    return { condition: (expression) => this.predicate(expression, resolved, predicate), negated: false };
  }

  /**
   * The condition of one filter, or of its negation; `branchOfOr` when it is one branch of an OR
   * (one of the fields a search term may match, a member of an OR group).
   */
  filter(filter: Pick<FieldCondition, 'path' | 'predicate'> & { negated?: boolean }, branchOfOr = false): string {
    const resolved = this.sql.resolved(filter.path);
    const { predicate } = filter;
    if (resolved.relations.length === 0) {
      const column = this.sql.column(this.sql.base.alias, resolved.column.databaseName);
      return filter.negated
        ? this.negatedPredicate(column, resolved, predicate)
        : this.predicate(column, resolved, predicate);
    }
    const relatedCondition = this.relatedCondition(resolved, predicate);
    const negated = relatedCondition.negated !== !!filter.negated;
    const related = this.related(resolved, relatedCondition.condition, negated, branchOfOr);
    return negated ? `NOT ${related}` : related;
  }

  /**
   * For a filter's range of dates or date-times on the listed entity's own column, the same range
   * compared through the dialect's `temporalPrefilter`, to test first where a
   * statement walks rows one by one; null for any other filter.
   */
  temporalPrefilter(filter: ColumnFilter): string | null {
    const resolved = this.sql.resolved(filter.path);
    const { predicate } = filter;
    const { kind } = resolved.field;
    if (predicate.kind !== 'between' || resolved.relations.length > 0) return null;
    if (kind !== 'date' && kind !== 'datetime') return null;
    const { dialect } = this.sql;
    const prefilter = dialect.temporalPrefilter(this.sql.column(this.sql.base.alias, resolved.column.databaseName));
    if (prefilter === null) return null;
    const bounds: Predicate[] = [];
    if (predicate.lower) bounds.push({ ...predicate, upper: null });
    if (predicate.upper) bounds.push({ ...predicate, lower: null });
    if (bounds.length === 0) return null;
    const comparisons = bounds.map((bound) => dialect.prefilterComparison(this.predicate(prefilter, resolved, bound)));
    return `(${comparisons.join(' AND ')})`;
  }

  /** The condition of a SearchBuilder tree, a ColumnControl search or a pane's selection; null when it keeps every row. */
  condition(node: ConditionNode, branchOfOr = false): string | null {
    if (!isConditionGroup(node)) return this.filter(node, branchOfOr);
    const members = node.members
      .map((member) => this.condition(member, node.logic === 'or' && node.members.length > 1))
      .filter((member): member is string => member !== null);
    if (members.length === 0) return null;
    return `(${members.join(node.logic === 'or' ? ' OR ' : ' AND ')})`;
  }

  /** Every term must match at least one field. */
  search(terms: readonly string[], fields: readonly string[]): string | null {
    if (terms.length === 0) return null;
    if (fields.length === 0) return '1 = 0';
    const termConditions = terms.map((text) => {
      const matches = fields.map((path) =>
        this.filter({ path, predicate: { kind: 'contains', text } }, fields.length > 1),
      );
      return `(${matches.join(' OR ')})`;
    });
    return termConditions.join(' AND ');
  }

  /**
   * The server's row estimate of the listed table when it is at least `threshold`, otherwise the
   * exact count of `scope` (the bare listed table); null where the database keeps no usable estimate.
   */
  estimatedCount(scope: SelectQueryBuilder<T>, threshold: number): SelectQueryBuilder<ObjectLiteral> | null {
    const exactCount = scope.clone().select('COUNT(*)').getQuery();
    const table = { qualifiedName: ':wl_table', schema: ':wl_schema', name: ':wl_table_name' };
    const statement = this.sql.dialect.estimatedCount(table, ':wl_threshold', exactCount);
    if (!statement) return null;
    const { schema, database, tableName } = this.sql.metadata;
    return scope
      .createQueryBuilder()
      .select(`${this.sql.escape('wl_estimate')}.${this.sql.escape('wl_count')}`, 'wl_count')
      .addSelect(`${this.sql.escape('wl_estimate')}.${this.sql.escape('wl_estimated')}`, 'wl_estimated')
      .from(`(${statement})`, 'wl_estimate')
      .setParameters({
        wl_table: this.sql.table(this.sql.metadata),
        wl_schema: schema ?? database ?? null,
        wl_table_name: tableName,
        wl_threshold: threshold,
      });
  }
}
