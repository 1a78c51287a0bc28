import type { ObjectLiteral, RelationMetadata, SelectQueryBuilder } from 'typeorm';
import { databaseServer } from '../common/database-server.js';
import { checkBase, hasToManyJoins, isolatedBase, readsWholeTable, withoutUnusedLeftJoins } from './base-query.inspection.js';
import type { ResolvedPath } from './field-path.resolver.js';
import { containsPattern, DEADLINE_PARAMETER, foldedContains, sqlDialect, type SqlDialect } from './sql-dialect.js';
import { withStatementTimeout } from './statement-timeout.js';
import type { ColumnFilter, FilterValue, OrderKey, Predicate, TableRequest } from './table-request.types.js';

/** One page of entities with the counts of the data-table envelope. */
export interface TablePage<T> {
  entities: T[];
  recordsTotal: number;
  recordsFiltered: number;
}

interface SortKey {
  expression: string;
  descending: boolean;
}

/** A pair of columns linking a related row to a listed row. */
interface LinkKey {
  related: string;
  listed: string;
}

interface RelatedRows {
  query: SelectQueryBuilder<ObjectLiteral>;
  keys: LinkKey[];
  /** Whether the first relation is to-one (its keys are the listed entity's foreign key). */
  toOne: boolean;
  /** Whether a foreign key declared in metadata makes every related key name a listed row. */
  enforced: boolean;
}

function sameColumns(a: readonly { databaseName: string }[], b: readonly { databaseName: string }[]): boolean {
  return a.length === b.length && a.every((column, index) => column.databaseName === b[index]!.databaseName);
}

const PAGE_ALIAS = 'wl_page';
const PAGE_KEY = 'wl_pk';

/**
 * Writes the SQL of one request over one base query. Every identifier comes from entity metadata
 * (through the resolved paths) and is escaped by the driver; every value is a bound parameter.
 */
class TableQueryWriter<T extends ObjectLiteral> {
  readonly parameters: Record<string, unknown> = {};
  private parameterCount = 0;
  private subqueryCount = 0;
  readonly primaryKey: string;

  constructor(
    private readonly base: SelectQueryBuilder<T>,
    private readonly paths: ReadonlyMap<string, ResolvedPath>,
    private readonly dialect: SqlDialect,
    /** When the request's statements must stop (milliseconds since the epoch), 0 for never. */
    deadline: number,
  ) {
    this.primaryKey = this.column(base.alias, this.primaryColumn.databaseName);
    this.parameters[DEADLINE_PARAMETER] = deadline;
  }

  private get metadata() {
    return this.base.expressionMap.mainAlias!.metadata;
  }

  private get primaryColumn() {
    return this.metadata.primaryColumns[0]!;
  }

  private escape(name: string): string {
    return this.base.connection.driver.escape(name);
  }

  private column(alias: string, column: string): string {
    return `${this.escape(alias)}.${this.escape(column)}`;
  }

  private parameter(value: unknown): string {
    const name = `wl_p${this.parameterCount++}`;
    this.parameters[name] = value;
    return `:${name}`;
  }

  private resolved(path: string): ResolvedPath {
    const resolved = this.paths.get(path);
    if (!resolved) throw new Error(`data table path ${path} was not resolved`);
    return resolved;
  }

  private stored(resolved: ResolvedPath, value: FilterValue): unknown {
    return this.base.connection.driver.preparePersistentValue(value, resolved.column);
  }

  private isText(resolved: ResolvedPath): boolean {
    return resolved.field.kind === 'string' && !resolved.field.choices;
  }

  private predicate(expression: string, resolved: ResolvedPath, predicate: Predicate): string {
    const text = this.isText(resolved);
    // A collation declared on the column could make `=` or ILIKE ignore case or accents.
    const ownCollation = !!resolved.column.collation;
    const ordered = text ? this.dialect.binary(expression) : expression;
    const equated = !text ? expression : ownCollation ? ordered : this.dialect.exact(expression);
    switch (predicate.kind) {
      case 'equals':
        return `${equated} = ${this.parameter(this.stored(resolved, predicate.value))}`;
      case 'contains':
        return ownCollation
          ? foldedContains(this.dialect, expression, this.parameter(containsPattern(predicate.text)))
          : this.dialect.containsIgnoringCase(expression, predicate.text, (value) => this.parameter(value));
      case 'between': {
        const parts: string[] = [];
        if (predicate.lower) {
          const operator = predicate.lower.inclusive ? '>=' : '>';
          parts.push(`${ordered} ${operator} ${this.parameter(this.stored(resolved, predicate.lower.value))}`);
        }
        if (predicate.upper) {
          const operator = predicate.upper.inclusive ? '<=' : '<';
          parts.push(`${ordered} ${operator} ${this.parameter(this.stored(resolved, predicate.upper.value))}`);
        }
        return `(${parts.join(' AND ')})`;
      }
      case 'oneOf': {
        const name = `wl_p${this.parameterCount++}`;
        this.parameters[name] = predicate.values.map((value) => this.stored(resolved, value));
        return `${equated} IN (:...${name})`;
      }
      case 'isNull':
        return `${expression} ${predicate.isNull ? 'IS NULL' : 'IS NOT NULL'}`;
    }
  }

  /**
   * The columns that link a row to a row of a to-one or one-to-many `relation`: `owner` on the
   * row's side, `other` on the related table; null when the relation has no join columns.
   */
  private static joinPairs(relation: RelationMetadata): { owner: string; other: string }[] | null {
    const columns = relation.isManyToOne || relation.isOneToOneOwner ? relation.joinColumns : relation.inverseRelation?.joinColumns;
    if (!columns || columns.length === 0 || columns.some((column) => !column.referencedColumn)) return null;
    return relation.isManyToOne || relation.isOneToOneOwner
      ? columns.map((column) => ({ owner: column.databaseName, other: column.referencedColumn!.databaseName }))
      : columns.map((column) => ({ owner: column.referencedColumn!.databaseName, other: column.databaseName }));
  }

  /**
   * The rows related to the listed entity through a path that meet `condition` on the path's
   * column: a query from the first related table outwards (with the join table of a many-to-many),
   * and the key pairs that link them to the listed row (`related` in that query, `listed` a column
   * of the listed entity). It never goes through a second copy of the listed entity's table.
   */
  private relatedRows(resolved: ResolvedPath, condition: (expression: string) => string): RelatedRows {
    const [first, ...rest] = resolved.relations as [RelationMetadata, ...RelationMetadata[]];
    const root = `wl_e${this.subqueryCount++}`;
    const query = this.base.connection.createQueryBuilder().from(first.inverseEntityMetadata.target, root);
    let parent = root;
    rest.forEach((relation, index) => {
      const alias = `${root}_${index}`;
      query.innerJoin(`${parent}.${relation.propertyPath}`, alias);
      parent = alias;
    });
    query.where(condition(this.column(parent, resolved.column.databaseName)));

    if (first.isManyToMany) {
      const junction = first.junctionEntityMetadata!;
      const ownColumns = first.isOwning ? first.joinColumns : first.inverseRelation!.inverseJoinColumns;
      const relatedColumns = first.isOwning ? first.inverseJoinColumns : first.inverseRelation!.joinColumns;
      const link = `${root}_link`;
      query.innerJoin(
        junction.tablePath,
        link,
        relatedColumns
          .map((column) => `${this.column(link, column.databaseName)} = ${this.column(root, column.referencedColumn!.databaseName)}`)
          .join(' AND '),
      );
      const enforced = junction.foreignKeys.some(
        (key) => key.referencedEntityMetadata === this.metadata && sameColumns(key.columns, ownColumns),
      );
      const keys = ownColumns.map((column) => ({
        related: this.column(link, column.databaseName),
        listed: this.column(this.base.alias, column.referencedColumn!.databaseName),
      }));
      return { query, keys, toOne: false, enforced };
    }
    const pairs = TableQueryWriter.joinPairs(first);
    if (!pairs) throw new Error(`data table path ${resolved.path}: relation ${first.propertyPath} has no join columns`);
    const toOne = first.isManyToOne || first.isOneToOneOwner;
    const keys = pairs.map((pair) => ({
      related: this.column(root, pair.other),
      listed: this.column(this.base.alias, pair.owner),
    }));
    const enforced = !toOne && !!first.inverseRelation?.foreignKeys.some((key) => key.referencedEntityMetadata === this.metadata);
    return { query, keys, toOne, enforced };
  }

  /**
   * A path's condition over its related rows: correlated on the listed row (`EXISTS`), so that a
   * to-many relation never repeats a row and the planner can make it a semi-join. A path of a to-one
   * first relation that is not negated becomes `foreign key IN (uncorrelated subquery)` instead
   * ({@link SqlDialect.inSubquery}): a semi-join, or under an OR a form the planner can combine with
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
      return this.dialect.inSubquery(key.listed, query.select(key.related).getQuery(), branchOfOr);
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
    const resolved = this.resolved(filter.path);
    const [first] = resolved.relations;
    if (!first || !(first.isManyToMany || first.isOneToMany)) return null;
    const { condition, negated } = this.relatedCondition(resolved, filter.predicate);
    if (negated) return null;
    const { query, keys, enforced } = this.relatedRows(resolved, condition);
    if (!enforced || keys.length !== 1) return null;
    const [key] = keys as [LinkKey];
    return query.select(`COUNT(DISTINCT ${key.related})`, 'wl_count').setParameters(this.parameters);
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
    return { condition: (expression) => this.predicate(expression, resolved, predicate), negated: false };
  }

  /** The condition of one filter; `branchOfOr` when it is one of the fields a search term may match. */
  filter(filter: Pick<ColumnFilter, 'path' | 'predicate'>, branchOfOr = false): string {
    const resolved = this.resolved(filter.path);
    const { predicate } = filter;
    if (resolved.relations.length === 0) {
      return this.predicate(this.column(this.base.alias, resolved.column.databaseName), resolved, predicate);
    }
    const { condition, negated } = this.relatedCondition(resolved, predicate);
    const related = this.related(resolved, condition, negated, branchOfOr);
    return negated ? `NOT ${related}` : related;
  }

  /** Every term must match at least one field. */
  search(terms: readonly string[], fields: readonly string[]): string | null {
    if (terms.length === 0) return null;
    if (fields.length === 0) return '1 = 0';
    const termConditions = terms.map((text) => {
      const matches = fields.map((path) => this.filter({ path, predicate: { kind: 'contains', text } }, fields.length > 1));
      return `(${matches.join(' OR ')})`;
    });
    return termConditions.join(' AND ');
  }

  /**
   * The planner's row estimate of the listed table when it is at least `threshold`, otherwise the
   * exact count of `scope` (the bare listed table); null where the database keeps no estimate.
   */
  estimatedCount(scope: SelectQueryBuilder<T>, threshold: number): SelectQueryBuilder<ObjectLiteral> | null {
    const exactCount = scope.clone().select('COUNT(*)').getQuery();
    const statement = this.dialect.estimatedCount(':wl_table', ':wl_threshold', exactCount);
    if (!statement) return null;
    const { schema, tableName } = this.metadata;
    const table = [schema, tableName].filter((part): part is string => !!part).map((part) => this.escape(part)).join('.');
    return scope
      .createQueryBuilder()
      .select(`${this.escape('wl_estimate')}.${this.escape('wl_count')}`, 'wl_count')
      .from(`(${statement})`, 'wl_estimate')
      .setParameters({ wl_table: table, wl_threshold: threshold });
  }

  /** The keys that order the values of `expression` (a column of `resolved`), ascending before any direction. */
  private valueKeys(expression: string, resolved: ResolvedPath): string[] {
    const keys = resolved.nullable ? [`CASE WHEN ${expression} IS NULL THEN 0 ELSE 1 END`] : [];
    if (this.isText(resolved)) keys.push(this.dialect.binary(this.dialect.fold(expression)), this.dialect.binary(expression));
    else keys.push(expression);
    return keys;
  }

  /**
   * The rank of the path's value among the related rows that the rows of `scope` refer to: a derived
   * table of the first related table (with the path's further to-one relations) that numbers its rows
   * with DENSE_RANK over the path's value keys, null values 0, LEFT joined to `query` on the first
   * relation's join column. Ordering by that rank (0 when the relation is missing) orders exactly as
   * the value keys would, with the keys computed once per related row instead of once per listed row.
   * Null when the first relation does not join on a single column.
   */
  private rankKey(query: SelectQueryBuilder<T>, resolved: ResolvedPath, scope: SelectQueryBuilder<T>, index: number): string | null {
    const [first, ...rest] = resolved.relations as [RelationMetadata, ...RelationMetadata[]];
    const pairs = TableQueryWriter.joinPairs(first);
    if (!pairs || pairs.length !== 1) return null;
    const [pair] = pairs as [{ owner: string; other: string }];
    const alias = `wl_r${index}`;
    const related = `${alias}_0`;
    const ranked = this.base.connection.createQueryBuilder().from(first.inverseEntityMetadata.target, related);
    let parent = related;
    rest.forEach((relation, hop) => {
      const next = `${related}_${hop + 1}`;
      ranked.leftJoin(`${parent}.${relation.propertyPath}`, next);
      parent = next;
    });
    const expression = this.column(parent, resolved.column.databaseName);
    const rank = `DENSE_RANK() OVER (ORDER BY ${this.valueKeys(expression, resolved).join(', ')})`;
    const referenced = scope.clone().select(this.column(scope.alias, pair.owner)).getQuery();
    ranked
      .select(this.column(related, pair.other), 'wl_key')
      .addSelect(resolved.nullable ? `CASE WHEN ${expression} IS NULL THEN 0 ELSE ${rank} END` : rank, 'wl_rank')
      .where(`${this.column(related, pair.other)} IN (${referenced})`);
    query.leftJoin(
      `(${ranked.getQuery()})`,
      alias,
      `${this.column(alias, 'wl_key')} = ${this.column(query.alias, pair.owner)}`,
    );
    return `COALESCE(${this.column(alias, 'wl_rank')}, 0)`;
  }

  /**
   * The sort keys of an ordering, with the joins they need added to `query`. Nulls sort first
   * ascending on every database; text sorts case-insensitively, then by code point. With `scope`
   * (a request that does not filter), a path across relations sorts by its rank among the related
   * rows ({@link rankKey}); otherwise by its value keys over a LEFT join per relation, which costs in
   * proportion to the filtered rows rather than to the related table.
   */
  sortKeys(query: SelectQueryBuilder<T>, ordering: readonly OrderKey[], scope: SelectQueryBuilder<T> | null): SortKey[] {
    const joins = new Map<string, string>();
    const keys: SortKey[] = [];
    ordering.forEach(({ path, descending }, index) => {
      const resolved = this.resolved(path);
      const rank = scope && resolved.relations.length > 0 ? this.rankKey(query, resolved, scope, index) : null;
      if (rank) {
        keys.push({ expression: rank, descending });
        return;
      }
      let parent = query.alias;
      let prefix = '';
      for (const relation of resolved.relations) {
        prefix += `__${relation.propertyPath}`;
        let alias = joins.get(prefix);
        if (!alias) {
          alias = `wl_j${joins.size}`;
          query.leftJoin(`${parent}.${relation.propertyPath}`, alias);
          joins.set(prefix, alias);
        }
        parent = alias;
      }
      const expression = this.column(parent, resolved.column.databaseName);
      keys.push(...this.valueKeys(expression, resolved).map((key) => ({ expression: key, descending })));
    });
    return keys;
  }
}

/** The `wl_count` a counting statement answers. */
function countOf(query: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  return query.getRawOne<{ wl_count: number | string }>().then((row) => Number(row?.wl_count ?? 0));
}

/** Choices of one endpoint that change how its counts are made. */
export interface TableQuerySettings {
  /** See `DataTableOptions.estimatedTotalAbove`. */
  estimatedTotalAbove?: number;
  /** Milliseconds each statement may run (0 or absent: no limit); see `DataTableOptions.statementTimeout`. */
  statementTimeout?: number;
}

/**
 * Runs a request over the handler's base query in two statements, or three when the request
 * filters or searches, run concurrently:
 * - the count of the base query (its own scope kept): `recordsTotal`, and `recordsFiltered` too
 *   when nothing filters (for a filtered request over a bare large table, the planner's estimate
 *   when `estimatedTotalAbove` asks for it);
 * - when the request filters or searches, the count with its conditions in WHERE, so that the
 *   planner can use indexes and semi-joins for them (a conditional count in the first statement
 *   would evaluate them on every row); when the only condition is one filter across a to-many
 *   relation of a base that reads the whole table, the count of the related rows' distinct keys
 *   instead ({@link TableQueryWriter.relatedCount}), which does not read the listed table at all;
 * - one page: the base query (its joins and selects) restricted to the ids of the requested page,
 *   found by a derived table that orders and pages the ids alone, without the joins that only load
 *   relations (DISTINCT when a join that scopes the base is to-many), so that the relations are
 *   loaded in that same statement and pages are never short.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: TableQuerySettings = {},
): Promise<TablePage<T>> {
  checkBase(baseQuery);
  const base = isolatedBase(baseQuery);
  const escape = (name: string) => base.connection.driver.escape(name);
  const timeout = settings.statementTimeout ?? 0;
  const dialect = sqlDialect(base.connection, await databaseServer(base.connection));
  const writer = new TableQueryWriter(base, paths, dialect, timeout > 0 ? Date.now() + timeout : 0);
  const run = <R>(statement: SelectQueryBuilder<ObjectLiteral>, read: (query: SelectQueryBuilder<ObjectLiteral>) => Promise<R>) =>
    withStatementTimeout(base.connection, timeout, (runner) => read(runner ? statement.setQueryRunner(runner) : statement));
  const conditions = request.filters.map((filter) => writer.filter(filter));
  const search = writer.search(request.searchTerms, request.searchFields);
  if (search) conditions.push(search);
  const condition = conditions.length > 0 ? conditions.map((each) => `(${each})`).join(' AND ') : null;
  const scope = withoutUnusedLeftJoins(base);
  const repeatsRows = hasToManyJoins(scope);

  const counting = (query: SelectQueryBuilder<T>) =>
    query.select(repeatsRows ? `COUNT(DISTINCT ${writer.primaryKey})` : 'COUNT(*)', 'wl_count');

  const ids = scope.clone();
  if (condition) ids.andWhere(condition, writer.parameters);
  const keys = writer.sortKeys(ids, request.ordering, condition ? null : scope);
  ids.select(writer.primaryKey, PAGE_KEY).distinct(repeatsRows).setParameters(writer.parameters);
  keys.forEach((key, index) => ids.addSelect(key.expression, `wl_o${index}`));
  keys.forEach((key, index) => ids.addOrderBy(escape(`wl_o${index}`), key.descending ? 'DESC' : 'ASC'));
  ids.addOrderBy(escape(PAGE_KEY), 'ASC');
  // MySQL has no OFFSET without LIMIT.
  if (request.offset > 0) ids.offset(request.offset).limit(request.limit ?? Number.MAX_SAFE_INTEGER);
  else if (request.limit !== null) ids.limit(request.limit);

  const page = base
    .clone()
    .innerJoin(`(${ids.getQuery()})`, PAGE_ALIAS, `${escape(PAGE_ALIAS)}.${escape(PAGE_KEY)} = ${writer.primaryKey}`)
    .setParameters(ids.getParameters());
  keys.forEach((key, index) =>
    page.addOrderBy(`${escape(PAGE_ALIAS)}.${escape(`wl_o${index}`)}`, key.descending ? 'DESC' : 'ASC'),
  );
  page.addOrderBy(`${escape(PAGE_ALIAS)}.${escape(PAGE_KEY)}`, 'ASC');

  const wholeTable = readsWholeTable(scope);
  const estimated =
    condition && wholeTable && settings.estimatedTotalAbove !== undefined
      ? writer.estimatedCount(scope, settings.estimatedTotalAbove)
      : null;
  const [onlyFilter] = request.filters;
  const relatedCount =
    wholeTable && onlyFilter && request.filters.length === 1 && !search ? writer.relatedCount(onlyFilter) : null;
  const filteredCount = relatedCount ?? (condition ? counting(scope.clone().andWhere(condition, writer.parameters)) : null);
  const [recordsTotal, recordsFiltered, entities] = await Promise.all([
    run(estimated ?? counting(scope.clone()), countOf),
    filteredCount ? run(filteredCount, countOf) : null,
    run(page, (query) => query.getMany() as Promise<T[]>),
  ]);
  return { entities, recordsTotal, recordsFiltered: recordsFiltered ?? recordsTotal };
}
