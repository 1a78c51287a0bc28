import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Album } from '../../../test/fixtures/album.entities.js';
import { writerDataSource, writerSql } from '../../../test/fixtures/table-sql.fixture.js';
import { DEADLINE_PARAMETER, postgresDialect } from '../../dialect/index.js';
import { and, ConditionWriter, type TableQuerySetup } from '../sql/index.js';
import type { ColumnFilter } from '../model/index.js';
import { DataTableCounts } from './datatable-counts.service.js';
import { TableCountsQuery, type TableCountSettings } from './table-counts.query.js';

const PATHS = ['name', 'year', 'genres__name', 'artist__name'];

/** What a stubbed database answers a counting statement. */
type CountRow = { wl_count: number | string; wl_estimated?: boolean | number | string } | undefined;

describe('TableCountsQuery (PostgreSQL text)', () => {
  let dataSource: DataSource;
  /** The statements run, in order. */
  let ran: string[];

  beforeAll(async () => {
    dataSource = await writerDataSource('postgres');
  });

  beforeEach(() => {
    ran = [];
  });

  /**
   * The counts of a request with `filters`, over a scope with `where` of its own, as `setUpTableQuery`
   * sets them up; each statement run answers `answer(sql)`.
   */
  function counts(
    filters: Omit<ColumnFilter, 'parameter'>[],
    settings: TableCountSettings = {},
    {
      where,
      repeatsRows = false,
      answer = () => ({ wl_count: 7 }),
      deadline = 0,
    }: { where?: string; repeatsRows?: boolean; answer?: (sql: string) => CountRow; deadline?: number } = {},
  ): TableCountsQuery<Album> {
    const sql = writerSql(dataSource, postgresDialect, Album, 'album', PATHS);
    sql.parameters[DEADLINE_PARAMETER] = deadline;
    const writer = new ConditionWriter(sql);
    const scope = sql.base.clone();
    if (where) scope.where(where);
    const requestConditions = filters.map((filter) => writer.filter(filter));
    const setup: TableQuerySetup<Album> = {
      base: sql.base,
      scope,
      repeatsRows,
      sql,
      writer,
      requestConditions,
      selections: [],
      condition: and(requestConditions),
      walkPrefilter: null,
      run: (statement, read) => {
        const query = statement.getQuery();
        ran.push(query);
        const stub = { getRawOne: () => Promise.resolve(answer(query)) };
        return read(stub as unknown as SelectQueryBuilder<ObjectLiteral>);
      },
    };
    const request = { filters: filters.map((filter) => ({ ...filter, parameter: filter.path })) };
    const paths = new Map(PATHS.map((path) => [path, sql.resolved(path)]));
    return new TableCountsQuery(setup, request, paths, settings);
  }

  const year = (value: number) => ({ path: 'year', predicate: { kind: 'equals' as const, value } });
  const genre = { path: 'genres__name', predicate: { kind: 'equals' as const, value: 'Jazz' } };

  describe('exact', () => {
    it('counts the whole scope once when nothing filters, both counts the same', async () => {
      const query = counts([]);
      const { total, filtered } = query.statements();
      expect(total.statement.getQuery()).toBe('SELECT COUNT(*) AS "wl_count" FROM "fx_album" "album"');
      expect(total.cap).toBeNull();
      expect(filtered).toBeNull();
      expect(await query.read()).toEqual({
        recordsTotal: { value: 7, kind: 'exact' },
        recordsFiltered: { value: 7, kind: 'exact' },
      });
      expect(ran).toHaveLength(1);
    });

    it('counts the filtered rows with the conditions in WHERE, binding their values', async () => {
      const query = counts([year(1999)], {}, { answer: (sql) => ({ wl_count: sql.includes('WHERE') ? '3' : '7' }) });
      const { total, filtered } = query.statements();
      expect(total.statement.getQuery()).toBe('SELECT COUNT(*) AS "wl_count" FROM "fx_album" "album"');
      expect(filtered!.statement.getQuery()).toBe(
        'SELECT COUNT(*) AS "wl_count" FROM "fx_album" "album" WHERE ("album"."year" = :wl_p0)',
      );
      expect(filtered!.statement.getParameters()).toMatchObject({ wl_p0: 1999 });
      expect(await query.read()).toEqual({
        recordsTotal: { value: 7, kind: 'exact' },
        recordsFiltered: { value: 3, kind: 'exact' },
      });
    });

    it('counts distinct keys where the scope repeats rows', () => {
      const { total } = counts([], {}, { repeatsRows: true }).statements();
      expect(total.statement.getQuery()).toBe(
        'SELECT COUNT(DISTINCT "album"."id") AS "wl_count" FROM "fx_album" "album"',
      );
    });

    it('counts a lone to-many filter over the whole table from the join table alone', () => {
      const { filtered } = counts([genre]).statements();
      expect(filtered!.statement.getQuery()).toMatch(
        /^SELECT COUNT\(DISTINCT "wl_e1_link"\."fxAlbumId"\) AS "wl_count" FROM "fx_genre" "wl_e1" INNER JOIN "fx_album_genres"/,
      );
      expect(filtered!.statement.getQuery()).not.toContain('"fx_album" ');
    });

    it('counts the listed rows when the scope has conditions of its own or the filter is not alone', () => {
      const scoped = counts([genre], {}, { where: '"album"."year" > 0' }).statements();
      expect(scoped.filtered!.statement.getQuery()).toMatch(
        /^SELECT COUNT\(\*\) AS "wl_count" FROM "fx_album" "album" WHERE/,
      );
      const two = counts([genre, year(1)]).statements();
      expect(two.filtered!.statement.getQuery()).toMatch(
        /^SELECT COUNT\(\*\) AS "wl_count" FROM "fx_album" "album" WHERE/,
      );
    });

    it('reads no row as 0', async () => {
      expect((await counts([], {}, { answer: () => undefined }).read()).recordsTotal).toEqual({
        value: 0,
        kind: 'exact',
      });
    });
  });

  describe('capped', () => {
    it('counts at most cap + 1 keys in a derived table, never from the join table alone', () => {
      const { total, filtered } = counts([genre], { countCap: 100 }).statements();
      expect(total).toEqual({ statement: expect.anything(), cap: 100 });
      expect(total.statement.getQuery()).toBe(
        'SELECT COUNT(*) AS "wl_count" FROM (SELECT "album"."id" AS "wl_pk" FROM "fx_album" "album" LIMIT 101) "wl_capped"',
      );
      expect(filtered!.cap).toBe(100);
      expect(filtered!.statement.getQuery()).toMatch(
        /^SELECT COUNT\(\*\) AS "wl_count" FROM \(SELECT "album"\."id" AS "wl_pk" FROM "fx_album" "album" WHERE \(EXISTS \(.*\)\) LIMIT 101\) "wl_capped"$/,
      );
      expect(filtered!.statement.getParameters()).toMatchObject({ wl_p0: 'Jazz' });
    });

    it('reads distinct keys where the scope repeats rows', () => {
      const { total } = counts([], { countCap: 5 }, { repeatsRows: true }).statements();
      expect(total.statement.getQuery()).toContain('(SELECT DISTINCT "album"."id" AS "wl_pk"');
    });

    it('answers the cap, capped, when the statement found more rows', async () => {
      const over = counts(
        [year(1)],
        { countCap: 100 },
        { answer: (sql) => ({ wl_count: sql.includes('WHERE') ? 100 : 101 }) },
      );
      expect(await over.read()).toEqual({
        recordsTotal: { value: 100, kind: 'capped' },
        recordsFiltered: { value: 100, kind: 'exact' },
      });
    });
  });

  describe('estimated', () => {
    const estimate =
      /^SELECT "wl_estimate"\."wl_count" AS "wl_count", "wl_estimate"\."wl_estimated" AS "wl_estimated" FROM \(SELECT CASE WHEN reltuples >= :wl_threshold/;

    it("answers the total of every request from the planner's estimate with count: 'estimated'", async () => {
      const query = counts([], { estimateAbove: 1000 }, { answer: () => ({ wl_count: '5000', wl_estimated: true }) });
      const { total, filtered } = query.statements();
      expect(total.statement.getQuery()).toMatch(estimate);
      expect(total.statement.getParameters()).toMatchObject({ wl_threshold: 1000, wl_table: '"fx_album"' });
      expect(filtered).toBeNull();
      expect(await query.read()).toEqual({
        recordsTotal: { value: 5000, kind: 'estimated' },
        recordsFiltered: { value: 5000, kind: 'estimated' },
      });
    });

    it('reads an estimate flagged 1 (MariaDB) as estimated and 0 as exact', async () => {
      const flagged = (wl_estimated: number | string) =>
        counts([], { estimateAbove: 10 }, { answer: () => ({ wl_count: 20, wl_estimated }) }).read();
      expect((await flagged(1)).recordsTotal.kind).toBe('estimated');
      expect((await flagged('0')).recordsTotal.kind).toBe('exact');
    });

    it('answers the total of a filtered request only from estimatedTotalAbove, never capped', () => {
      expect(counts([], { estimatedTotalAbove: 10 }).statements().total.statement.getQuery()).not.toMatch(estimate);
      const { total, filtered } = counts([year(1)], { estimatedTotalAbove: 10, countCap: 3 }).statements();
      expect(total.statement.getQuery()).toMatch(estimate);
      expect(total.cap).toBeNull();
      expect(filtered!.cap).toBe(3);
    });

    it('counts exactly where the scope has conditions of its own', () => {
      const { total } = counts([], { estimateAbove: 10 }, { where: '"album"."year" > 0' }).statements();
      expect(total.statement.getQuery()).toBe(
        'SELECT COUNT(*) AS "wl_count" FROM "fx_album" "album" WHERE "album"."year" > 0',
      );
    });
  });

  describe('cached', () => {
    it('reads a count kept for the same statement, parameters and data source until its table is written', async () => {
      const cache = { counts: new DataTableCounts(), ttl: 60_000 };
      expect(await counts([year(1)], { countCache: cache }).read()).toEqual({
        recordsTotal: { value: 7, kind: 'exact' },
        recordsFiltered: { value: 7, kind: 'exact' },
      });
      expect(ran).toHaveLength(2);
      const again = counts([year(1)], { countCache: cache }, { answer: () => ({ wl_count: 8 }) });
      expect((await again.read()).recordsFiltered.value).toBe(7);
      expect(ran).toHaveLength(2);
      await counts([year(2)], { countCache: cache }).read();
      expect(ran).toHaveLength(3);
      await cache.counts.invalidate(dataSource.getMetadata(Album));
      await counts([year(1)], { countCache: cache }).read();
      expect(ran).toHaveLength(5);
    });

    it("keys a count without the request's deadline", async () => {
      const cache = { counts: new DataTableCounts(), ttl: 60_000 };
      await counts([year(1)], { countCache: cache }).read();
      const later = counts([year(1)], { countCache: cache }, { deadline: Date.now() + 1000 });
      expect(later.statements().filtered!.statement.getParameters()).toHaveProperty(DEADLINE_PARAMETER);
      await later.read();
      expect(ran).toHaveLength(2);
    });

    it('forgets the counts of a table read only through a declared path when that table is written', async () => {
      const cache = { counts: new DataTableCounts(), ttl: 60_000 };
      await counts([], { countCache: cache }).read();
      await cache.counts.invalidate(dataSource.getMetadata('fx_genre'));
      await counts([], { countCache: cache }).read();
      expect(ran).toHaveLength(2);
    });
  });

  describe('cached-total', () => {
    const totalCache = () => ({ counts: new DataTableCounts(), ttl: 60_000, totalOnly: true });
    /** Answers 3 to the filtered count (it binds the filters' values) and `total` to the count of the whole scope. */
    const answering = (total: number) => ({
      answer: (sql: string) => ({ wl_count: sql.includes(':wl_p') ? 3 : total }),
    });

    it('counts the filtered rows on every request and reads the total of the same scope from the cache', async () => {
      const countCache = totalCache();
      await counts([year(1)], { countCache }, answering(7)).read();
      expect(ran).toHaveLength(2);
      for (const filters of [[year(1)], [year(2)], [genre, year(3)]]) {
        expect(await counts(filters, { countCache }, answering(8)).read()).toEqual({
          recordsTotal: { value: 7, kind: 'exact' },
          recordsFiltered: { value: 3, kind: 'exact' },
        });
      }
      expect(ran).toHaveLength(5);
      expect(ran.slice(2).every((sql) => sql.includes(':wl_p'))).toBe(true);
    });

    it('counts an unfiltered request every time and keeps its count as the total', async () => {
      const countCache = totalCache();
      await counts([year(1)], { countCache }, answering(7)).read();
      expect((await counts([], { countCache }, answering(9)).read()).recordsTotal.value).toBe(9);
      expect((await counts([], { countCache }, answering(10)).read()).recordsTotal.value).toBe(10);
      expect(ran).toHaveLength(4);
      expect((await counts([year(1)], { countCache }, answering(11)).read()).recordsTotal.value).toBe(10);
      expect(ran).toHaveLength(5);
    });

    it('counts the total again once a table it reads is written, and never for another scope', async () => {
      const countCache = totalCache();
      await counts([year(1)], { countCache }, answering(7)).read();
      await countCache.counts.invalidate(dataSource.getMetadata('fx_genre'));
      expect((await counts([year(1)], { countCache }, answering(8)).read()).recordsTotal.value).toBe(8);
      expect(ran).toHaveLength(4);
      const scoped = counts([year(1)], { countCache }, { ...answering(2), where: '"album"."year" > 0' });
      expect((await scoped.read()).recordsTotal.value).toBe(2);
      expect(ran).toHaveLength(6);
    });
  });
});
