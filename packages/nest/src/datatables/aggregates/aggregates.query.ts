import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DEADLINE_PARAMETER } from '../../dialect/index.js';
import { dataSourceIdentity, tablesReadBy, type Count, type TableCountSettings } from '../counting/index.js';
import type { DataTableAggregateValues, DataTableGroupTotals } from '../model/index.js';
import type { RowDateFields } from '../rows/index.js';
import { aliasMetadata, type ResolvedPath, type TableQuerySetup, withCachedText } from '../sql/index.js';
import type { AggregateColumn, PreparedAggregates } from './aggregate-declaration.parser.js';
import { AggregateSqlWriter, GROUP_SELECTION } from './aggregate-sql.writer.js';
import { aggregateValues, type TemporalHydrator } from './aggregate-value.format.js';
import { groupKey } from './row-group.ordering.js';

type Row = Record<string, unknown>;

/**
 * A request's aggregates (`DataTableOptions.aggregates`) and its page's group subtotals
 * (`rowGroup`) over every row matching its conditions. The own and to-one columns come with the
 * `recordsFiltered` count where that statement can carry them ({@link aggregation}); otherwise, and
 * for each to-many relation, from statements of their own, run concurrently and kept in the count
 * cache under `count: 'cached'` as counts are.
 */
export class AggregatesQuery<T extends ObjectLiteral> {
  private readonly writer: AggregateSqlWriter<T>;
  private readonly hydrate: TemporalHydrator;

  constructor(
    private readonly setup: TableQuerySetup<T>,
    private readonly aggregates: PreparedAggregates,
    private readonly paths: ReadonlyMap<string, ResolvedPath>,
    private readonly settings: Pick<TableCountSettings, 'countCache'> & { dates?: RowDateFields } = {},
  ) {
    this.writer = new AggregateSqlWriter(setup, aggregates);
    const { driver } = setup.base.connection;
    this.hydrate = (stored, column) => driver.prepareHydratedValue(stored, column.resolved.column);
  }

  /** For `TableCountSettings.aggregation`: the own columns' aggregates in the filtered count. */
  readonly aggregation = (counted: SelectQueryBuilder<ObjectLiteral>) => this.writer.withOwnAggregates(counted);

  /** The answer's `aggregates`, from the filtered count's row when it carries them. */
  async read(recordsFiltered: Promise<Count>): Promise<Record<string, DataTableAggregateValues>> {
    const { own, toMany } = this.aggregates;
    const ownRow = async (): Promise<Row> => {
      if (own.length === 0) return {};
      const counted = (await recordsFiltered).rows?.[0];
      return counted ?? (await this.rows(this.writer.ownStatement()))[0] ?? {};
    };
    const rows = await Promise.all([
      ownRow(),
      ...toMany.map((columns) => this.rows(this.writer.toManyStatement(columns)).then((answer) => answer[0] ?? {})),
    ]);
    const answer: Record<string, DataTableAggregateValues> = {};
    const write = (columns: readonly AggregateColumn[], row: Row) => {
      for (const column of columns) answer[column.path] = aggregateValues(column, row, this.hydrate);
    };
    write(own, rows[0]!);
    toMany.forEach((columns, index) => write(columns, rows[index + 1]!));
    return answer;
  }

  /** The answer's `groups`: for each group value of the page's rows (by primary key), its count and aggregates. */
  async groups(pageKeys: readonly unknown[]): Promise<Record<string, DataTableGroupTotals>> {
    if (pageKeys.length === 0) return {};
    const values = (
      await this.setup.run(this.writer.pageGroupsStatement(pageKeys), (query) => query.getRawMany<Row>())
    ).map((row) => row[GROUP_SELECTION] ?? null);
    const { own, toMany } = this.aggregates;
    const [ownRows, ...toManyRows] = await Promise.all([
      this.rows(this.writer.ownStatement(values)),
      ...toMany.map((columns) => this.rows(this.writer.toManyStatement(columns, values))),
    ]);
    const answer: Record<string, DataTableGroupTotals> = {};
    for (const row of ownRows!) {
      const totals: DataTableGroupTotals = { count: Number(row.wl_count) };
      for (const column of own) totals[column.path] = aggregateValues(column, row, this.hydrate);
      answer[this.groupKey(row[GROUP_SELECTION])] = totals;
    }
    toMany.forEach((columns, index) => {
      const byGroup = new Map(toManyRows[index]!.map((row) => [this.groupKey(row[GROUP_SELECTION]), row]));
      for (const [key, totals] of Object.entries(answer)) {
        for (const column of columns)
          totals[column.path] = aggregateValues(column, byGroup.get(key) ?? {}, this.hydrate);
      }
    });
    return answer;
  }

  /** A group's key from its selected value (a date's stored text hydrated as the entity's column is). */
  private groupKey(raw: unknown): string {
    const group = this.aggregates.group!;
    const temporal = group.field.kind === 'date' || group.field.kind === 'datetime';
    const value =
      temporal && raw !== null ? this.setup.base.connection.driver.prepareHydratedValue(raw, group.column) : raw;
    return groupKey(value, group.field, this.settings.dates!);
  }

  /** The statement's rows, kept in the count cache under `count: 'cached'`. */
  private rows(statement: SelectQueryBuilder<ObjectLiteral>): Promise<Row[]> {
    const compute = () => this.setup.run(statement, (query) => query.getRawMany<Row>());
    const cache = this.settings.countCache;
    if (!cache || cache.totalOnly) return compute();
    const { [DEADLINE_PARAMETER]: _deadline, ...parameters } = statement.getParameters();
    const key = {
      sql: withCachedText(statement).getQuery(),
      parameters,
      source: dataSourceIdentity(this.setup.base.connection),
    };
    const tables = tablesReadBy(aliasMetadata(this.setup.scope), this.paths);
    return cache.counts
      .remember(key, tables, cache.ttl, () => compute().then((rows) => ({ value: rows.length, kind: 'exact', rows })))
      .then((kept) => kept.rows ?? []);
  }
}
