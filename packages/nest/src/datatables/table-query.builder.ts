import { Brackets, type ObjectLiteral, type SelectQueryBuilder, type WhereExpressionBuilder } from 'typeorm';
import type { ResolvedPath } from './field-path.resolver.js';
import { containsPattern, LIKE_ESCAPE, sqlDialect, type SqlDialect } from './sql-dialect.js';
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
  private readonly dialect: SqlDialect;
  readonly primaryKey: string;

  constructor(
    private readonly base: SelectQueryBuilder<T>,
    private readonly paths: ReadonlyMap<string, ResolvedPath>,
  ) {
    this.dialect = sqlDialect(base.connection);
    this.primaryKey = this.column(base.alias, this.primaryColumn.databaseName);
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
    const compared = this.isText(resolved) ? this.dialect.binary(expression) : expression;
    switch (predicate.kind) {
      case 'equals':
        return `${compared} = ${this.parameter(this.stored(resolved, predicate.value))}`;
      case 'contains': {
        const pattern = this.dialect.fold(this.parameter(containsPattern(predicate.text)));
        return `${this.dialect.binary(this.dialect.fold(expression))} LIKE ${pattern} ESCAPE '${LIKE_ESCAPE}'`;
      }
      case 'between': {
        const parts: string[] = [];
        if (predicate.lower) {
          const operator = predicate.lower.inclusive ? '>=' : '>';
          parts.push(`${compared} ${operator} ${this.parameter(this.stored(resolved, predicate.lower.value))}`);
        }
        if (predicate.upper) {
          const operator = predicate.upper.inclusive ? '<=' : '<';
          parts.push(`${compared} ${operator} ${this.parameter(this.stored(resolved, predicate.upper.value))}`);
        }
        return `(${parts.join(' AND ')})`;
      }
      case 'oneOf': {
        const name = `wl_p${this.parameterCount++}`;
        this.parameters[name] = predicate.values.map((value) => this.stored(resolved, value));
        return `${compared} IN (:...${name})`;
      }
      case 'isNull':
        return `${expression} ${predicate.isNull ? 'IS NULL' : 'IS NOT NULL'}`;
    }
  }

  /**
   * `EXISTS` over the relations of a path, correlated on the listed entity's primary key, so that a
   * to-many relation never repeats a row.
   */
  private exists(resolved: ResolvedPath, condition: (expression: string) => string): string {
    const root = `wl_e${this.subqueryCount++}`;
    const subquery = this.base.connection.createQueryBuilder().select('1').from(this.metadata.target, root);
    let parent = root;
    resolved.relations.forEach((relation, index) => {
      const alias = `${root}_${index}`;
      subquery.innerJoin(`${parent}.${relation.propertyPath}`, alias);
      parent = alias;
    });
    subquery
      .where(`${this.column(root, this.primaryColumn.databaseName)} = ${this.primaryKey}`)
      .andWhere(condition(this.column(parent, resolved.column.databaseName)));
    return `EXISTS (${subquery.getQuery()})`;
  }

  filter(filter: Pick<ColumnFilter, 'path' | 'predicate'>): string {
    const resolved = this.resolved(filter.path);
    const { predicate } = filter;
    if (resolved.relations.length === 0) {
      return this.predicate(this.column(this.base.alias, resolved.column.databaseName), resolved, predicate);
    }
    if (predicate.kind === 'isNull') {
      const anyValue = this.exists(resolved, (expression) => `${expression} IS NOT NULL`);
      return predicate.isNull ? `NOT ${anyValue}` : anyValue;
    }
    return this.exists(resolved, (expression) => this.predicate(expression, resolved, predicate));
  }

  /** Every term must match at least one field. */
  search(terms: readonly string[], fields: readonly string[]): string | null {
    if (terms.length === 0) return null;
    if (fields.length === 0) return '1 = 0';
    const termConditions = terms.map((text) => {
      const matches = fields.map((path) => this.filter({ path, predicate: { kind: 'contains', text } }));
      return `(${matches.join(' OR ')})`;
    });
    return termConditions.join(' AND ');
  }

  /**
   * The sort keys of an ordering, with the to-one joins they need added to `query`. Nulls sort
   * first ascending on every database; text sorts case-insensitively, then by code point.
   */
  sortKeys(query: SelectQueryBuilder<T>, ordering: readonly OrderKey[]): SortKey[] {
    const joins = new Map<string, string>();
    const keys: SortKey[] = [];
    for (const { path, descending } of ordering) {
      const resolved = this.resolved(path);
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
      if (resolved.nullable) keys.push({ expression: `CASE WHEN ${expression} IS NULL THEN 0 ELSE 1 END`, descending });
      if (this.isText(resolved)) {
        keys.push({ expression: this.dialect.binary(this.dialect.fold(expression)), descending });
        keys.push({ expression: this.dialect.binary(expression), descending });
      } else {
        keys.push({ expression, descending });
      }
    }
    return keys;
  }
}

/**
 * The base query for counting and for finding the page's ids. A LEFT join that no condition and no
 * other join refers to cannot change which rows of the listed entity there are, so it is left out
 * there (the page statement keeps it, to load the relation). Whatever is in doubt is kept.
 */
function withoutUnusedLeftJoins<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const query = base.clone();
  const escape = (name: string) => base.connection.driver.escape(name);
  const probe = base.clone();
  probe.expressionMap.joinAttributes = [];
  const conditions = probe.select('1').getQuery();
  const mentions = (text: string | undefined, alias: string) =>
    !!text && (text.includes(`${alias}.`) || text.includes(`${escape(alias)}.`));
  let joins = query.expressionMap.joinAttributes;
  for (;;) {
    const kept = joins.filter((join) => {
      const alias = join.alias.name;
      return (
        join.direction !== 'LEFT' ||
        mentions(conditions, alias) ||
        joins.some((other) => other !== join && (other.parentAlias === alias || mentions(other.condition, alias)))
      );
    });
    if (kept.length === joins.length) break;
    joins = kept;
  }
  query.expressionMap.joinAttributes = joins;
  return query;
}

/** Whether joins of the base query can repeat a row of the listed entity. */
function hasToManyJoins(query: SelectQueryBuilder<ObjectLiteral>): boolean {
  return query.expressionMap.joinAttributes.some((join) => join.isMany || !join.relation);
}

/** The base query with its own WHERE in brackets, so that conditions added with AND keep its meaning. */
function isolatedBase<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const query = base.clone();
  const own = query.expressionMap.wheres;
  if (own.length > 0) {
    query.expressionMap.wheres = [];
    query.where(
      new Brackets((inner: WhereExpressionBuilder) => {
        (inner as SelectQueryBuilder<T>).expressionMap.wheres = own;
      }),
    );
  }
  return query.orderBy();
}

function checkBase(base: SelectQueryBuilder<ObjectLiteral>): void {
  const { expressionMap } = base;
  const metadata = expressionMap.mainAlias?.hasMetadata ? expressionMap.mainAlias.metadata : undefined;
  if (!metadata) throw new Error('a data table needs a query builder over an entity');
  if (metadata.primaryColumns.length !== 1) {
    throw new Error(`a data table needs an entity with a single-column primary key; ${metadata.name} has ${metadata.primaryColumns.length}`);
  }
  if (
    expressionMap.groupBys.length > 0 ||
    expressionMap.havings.length > 0 ||
    expressionMap.limit !== undefined ||
    expressionMap.offset !== undefined ||
    expressionMap.skip !== undefined ||
    expressionMap.take !== undefined
  ) {
    throw new Error('the base query of a data table must not group, limit, offset, skip or take: the table pages it');
  }
}

/**
 * Runs a request over the handler's base query in two statements, run concurrently:
 * - one count: `recordsTotal` of the base query (its own scope kept) and, when the request filters
 *   or searches, `recordsFiltered` in the same statement;
 * - one page: the base query (its joins and selects) restricted to the ids of the requested page,
 *   found by a derived table that orders and pages the ids alone, without the joins that only load
 *   relations (DISTINCT when a join that scopes the base is to-many), so that the relations are
 *   loaded in that same statement and pages are never short.
 */
export async function runTableQuery<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
): Promise<TablePage<T>> {
  checkBase(baseQuery);
  const base = isolatedBase(baseQuery);
  const escape = (name: string) => base.connection.driver.escape(name);
  const writer = new TableQueryWriter(base, paths);
  const conditions = request.filters.map((filter) => writer.filter(filter));
  const search = writer.search(request.searchTerms, request.searchFields);
  if (search) conditions.push(search);
  const condition = conditions.length > 0 ? conditions.map((each) => `(${each})`).join(' AND ') : null;
  const scope = withoutUnusedLeftJoins(base);
  const repeatsRows = hasToManyJoins(scope);

  const counter = scope.clone().select(repeatsRows ? `COUNT(DISTINCT ${writer.primaryKey})` : 'COUNT(*)', 'wl_total');
  if (condition) {
    counter.addSelect(
      repeatsRows
        ? `COUNT(DISTINCT CASE WHEN ${condition} THEN ${writer.primaryKey} END)`
        : `COUNT(CASE WHEN ${condition} THEN 1 END)`,
      'wl_filtered',
    );
  }
  counter.setParameters(writer.parameters);

  const ids = scope.clone();
  if (condition) ids.andWhere(condition, writer.parameters);
  const keys = writer.sortKeys(ids, request.ordering);
  ids.select(writer.primaryKey, PAGE_KEY).distinct(repeatsRows);
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

  const [counts, entities] = await Promise.all([
    counter.getRawOne<{ wl_total: number | string; wl_filtered?: number | string }>(),
    page.getMany(),
  ]);
  const recordsTotal = Number(counts?.wl_total ?? 0);
  return {
    entities,
    recordsTotal,
    recordsFiltered: condition ? Number(counts?.wl_filtered ?? 0) : recordsTotal,
  };
}
