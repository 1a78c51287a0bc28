import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { and, type ConditionWriter, type ResolvedPath, type TableSql } from '../../sql/index.js';

/** One value of a pane, as the entity holds it (null: the empty option), and its row counts. */
export interface PaneOption {
  value: unknown;
  total: number;
  count: number;
}

/** The options of one pane. */
export interface PaneOptions {
  path: string;
  options: PaneOption[];
  /** Whether the pane has more values than the options answered. */
  truncated: boolean;
}

const OPTIONS_ALIAS = 'wl_options';
const PANE_ALIAS = 'wl_pane';

export interface RawOption {
  wl_value: unknown;
  wl_total: number | string;
  wl_count: number | string;
}

/**
 * Writes the statement answering one SearchPanes pane over the request's scope (the base query's
 * own conditions and joins): every value of the pane's path, with `total`, the rows holding it, and
 * `count`, those among them that meet `condition` (the request's search, filters and the other
 * panes' selections). A text's empty value and null are one option (null), as the `empty` selection
 * takes both. A path across relations is read from a derived table of the distinct non-empty
 * values of each listed row, joined to the scope, so that a listed row without one falls in the
 * empty option exactly when the pane's `empty` selection keeps it.
 */
export class PaneOptionsQuery<T extends ObjectLiteral> {
  constructor(
    private readonly sql: TableSql<T>,
    private readonly writer: ConditionWriter<T>,
    private readonly scope: SelectQueryBuilder<T>,
    /** Whether the scope's own joins repeat listed rows. */
    private readonly repeatsRows: boolean,
  ) {}

  /**
   * What a pane counts its rows under: every condition of the request but the pane's own selection,
   * so that its other values keep their counts.
   */
  condition(
    path: string,
    requestConditions: readonly string[],
    selections: readonly { path: string; condition: string | null }[],
  ): string | null {
    const others = selections.filter((selection) => selection.path !== path).map((selection) => selection.condition);
    return and([...requestConditions, ...others]);
  }

  /**
   * The statement: the `limit` + 1 values with the most rows (ties by value), in value order, nulls
   * first; {@link read} keeps `limit` of them.
   */
  statement(path: string, condition: string | null, limit: number): SelectQueryBuilder<ObjectLiteral> {
    const resolved = this.sql.resolved(path);
    const grouped = this.scope.clone();
    let value: string;
    let distinct = this.repeatsRows;
    if (resolved.relations.length === 0) {
      value = this.value(this.sql.column(this.sql.base.alias, resolved.column.databaseName), resolved);
    } else {
      const related = this.relatedValues(resolved);
      grouped.leftJoin(`(${related.query})`, PANE_ALIAS, related.on);
      value = this.sql.column(PANE_ALIAS, 'wl_value');
      distinct ||= resolved.toMany;
    }
    const key = this.sql.primaryKey;
    const counted = (expression: string) => (distinct ? `COUNT(DISTINCT ${expression})` : `COUNT(${expression})`);
    grouped
      .select(value, 'wl_value')
      .addSelect(counted(key), 'wl_total')
      .addSelect(condition ? counted(`CASE WHEN ${condition} THEN ${key} END`) : counted(key), 'wl_count')
      .groupBy(value);
    const column = (name: string) => this.sql.column(OPTIONS_ALIAS, name);
    const ordered = this.sql.isText(resolved) ? this.sql.dialect.binary(column('wl_value')) : column('wl_value');
    const byValue = [`CASE WHEN ${column('wl_value')} IS NULL THEN 0 ELSE 1 END`, ordered];
    const mostRows = this.sql.base
      .createQueryBuilder()
      .select('*')
      .from(`(${grouped.getQuery()})`, OPTIONS_ALIAS)
      .orderBy(column('wl_total'), 'DESC');
    byValue.forEach((expression) => mostRows.addOrderBy(expression, 'ASC'));
    mostRows.limit(limit + 1);
    const answer = this.sql.base.createQueryBuilder().select('*').from(`(${mostRows.getQuery()})`, OPTIONS_ALIAS);
    byValue.forEach((expression) => answer.addOrderBy(expression, 'ASC'));
    return answer.setParameters({ ...grouped.getParameters(), ...this.sql.parameters });
  }

  /** The options the statement's rows give: at most `limit`, dropping the value with the fewest rows. */
  read(path: string, rows: readonly RawOption[], limit: number): PaneOptions {
    const resolved = this.sql.resolved(path);
    const options = rows.map((row) => ({
      value:
        row.wl_value === null
          ? null
          : this.sql.base.connection.driver.prepareHydratedValue(row.wl_value, resolved.column),
      total: Number(row.wl_total),
      count: Number(row.wl_count),
    }));
    const truncated = options.length > limit;
    if (truncated) {
      // The statement's last value by rows (fewest rows, the last in value order among them).
      const fewest = Math.min(...options.map((option) => option.total));
      const dropped = options.map((option) => option.total).lastIndexOf(fewest);
      options.splice(dropped, 1);
    }
    return { path, options, truncated };
  }

  /** The value a pane groups by: the column as `=` compares it, a text's empty value as null. */
  private value(expression: string, resolved: ResolvedPath): string {
    const equated = this.writer.equated(expression, resolved);
    return this.sql.isText(resolved) ? `NULLIF(${equated}, '')` : equated;
  }

  /** The distinct non-empty values of each listed row across the path's relations, and how they join it. */
  private relatedValues(resolved: ResolvedPath): { query: string; on: string } {
    const nonEmpty = (expression: string) => {
      const present = `${expression} IS NOT NULL`;
      return this.sql.isText(resolved) ? `${present} AND ${this.writer.equated(expression, resolved)} <> ''` : present;
    };
    const { query, column, keys } = this.writer.relatedRows(resolved, nonEmpty);
    query.select(this.value(column, resolved), 'wl_value').distinct(true);
    keys.forEach((key, index) => query.addSelect(key.related, `wl_k${index}`));
    const on = keys.map((key, index) => `${this.sql.column(PANE_ALIAS, `wl_k${index}`)} = ${key.listed}`).join(' AND ');
    return { query: query.getQuery(), on };
  }
}
