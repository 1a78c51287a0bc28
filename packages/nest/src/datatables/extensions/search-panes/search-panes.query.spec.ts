import type { DataSource } from 'typeorm';
import { Album } from '../../../../test/fixtures/album.entities.js';
import { writerDataSource, writerSql } from '../../../../test/fixtures/table-sql.fixture.js';
import { postgresDialect } from '../../../dialect/index.js';
import { ConditionWriter, type TableSql } from '../../sql/index.js';
import { PaneOptionsQuery } from './search-panes.query.js';

const PATHS = ['name', 'year', 'artist__name', 'genres__name'];

describe('PaneOptionsQuery (PostgreSQL text)', () => {
  let dataSource: DataSource;
  let sql: TableSql<Album>;
  let writer: ConditionWriter<Album>;

  beforeAll(async () => {
    dataSource = await writerDataSource('postgres');
  });

  beforeEach(() => {
    sql = writerSql(dataSource, postgresDialect, Album, 'album', PATHS);
    writer = new ConditionWriter(sql);
  });

  const panes = (repeatsRows = false) => new PaneOptionsQuery(sql, writer, sql.base.clone(), repeatsRows);

  const byValue = (ordered: string) =>
    `CASE WHEN "wl_options"."wl_value" IS NULL THEN 0 ELSE 1 END ASC, ${ordered} ASC`;
  /** The statement around the grouped one: the limit + 1 values with the most rows, in value order. */
  const answer = (grouped: string, ordered: string, limit: number) =>
    `SELECT * FROM (SELECT * FROM (${grouped}) "wl_options" ORDER BY "wl_options"."wl_total" DESC, ${byValue(ordered)} LIMIT ${limit}) "wl_options" ORDER BY ${byValue(ordered)}`;
  const year = (value: number) => ({ parameter: 'year', path: 'year', predicate: { kind: 'equals' as const, value } });

  it('groups a text column by its value, empty text as null, counting every row when nothing filters', () => {
    expect(panes().statement('name', null, 10).getQuery()).toBe(
      answer(
        `SELECT NULLIF("album"."name", '') AS "wl_value", COUNT("album"."id") AS "wl_total", COUNT("album"."id") AS "wl_count" FROM "fx_album" "album" GROUP BY NULLIF("album"."name", '')`,
        '("wl_options"."wl_value") COLLATE "C"',
        11,
      ),
    );
  });

  it('counts the rows meeting the condition in a CASE, and binds its parameters', () => {
    const statement = panes().statement('year', writer.filter(year(1999)), 4);
    expect(statement.getQuery()).toBe(
      answer(
        `SELECT "album"."year" AS "wl_value", COUNT("album"."id") AS "wl_total", COUNT(CASE WHEN "album"."year" = :wl_p0 THEN "album"."id" END) AS "wl_count" FROM "fx_album" "album" GROUP BY "album"."year"`,
        '"wl_options"."wl_value"',
        5,
      ),
    );
    expect(statement.getParameters()).toEqual({ wl_deadline: 0n, wl_p0: 1999 });
  });

  it('counts distinct keys where the scope repeats rows', () => {
    const grouped = panes(true).statement('year', null, 10).getQuery();
    expect(grouped).toContain('COUNT(DISTINCT "album"."id") AS "wl_total", COUNT(DISTINCT "album"."id") AS "wl_count"');
  });

  it('reads a to-one path from a derived table of the related values, joined on the foreign key', () => {
    const grouped = panes().statement('artist__name', null, 10).getQuery();
    expect(grouped).toContain(
      `FROM "fx_album" "album" LEFT JOIN (SELECT DISTINCT NULLIF("wl_e0"."name", '') AS "wl_value", "wl_e0"."id" AS "wl_k0" FROM "fx_artist" "wl_e0" WHERE "wl_e0"."name" IS NOT NULL AND "wl_e0"."name" <> '') "wl_pane" ON "wl_pane"."wl_k0" = "album"."artistId" GROUP BY "wl_pane"."wl_value"`,
    );
    expect(grouped).toContain('COUNT("album"."id") AS "wl_total"');
  });

  it('counts distinct listed rows for a to-many path, joined through the join table', () => {
    const grouped = panes().statement('genres__name', null, 10).getQuery();
    expect(grouped).toContain(
      `LEFT JOIN (SELECT DISTINCT NULLIF("wl_e0"."name", '') AS "wl_value", "wl_e0_link"."fxAlbumId" AS "wl_k0" FROM "fx_genre" "wl_e0" INNER JOIN "fx_album_genres" "wl_e0_link" ON "wl_e0_link"."fxGenreId" = "wl_e0"."id" WHERE "wl_e0"."name" IS NOT NULL AND "wl_e0"."name" <> '') "wl_pane" ON "wl_pane"."wl_k0" = "album"."id"`,
    );
    expect(grouped).toContain('COUNT(DISTINCT "album"."id") AS "wl_total"');
  });

  it("counts a pane under the request's conditions and the other panes' selections, never its own", () => {
    const query = panes();
    const search = writer.search(['kid'], ['name'])!;
    const selections = [
      { path: 'year', condition: writer.condition({ logic: 'or', members: [{ ...year(1999), negated: false }] }) },
      { path: 'name', condition: writer.filter({ path: 'name', predicate: { kind: 'equals', value: 'Kid A' } }) },
      { path: 'artist__name', condition: null },
    ];
    expect(query.condition('year', [search], selections)).toBe(
      `((lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!')) AND ("album"."name" = :wl_p2)`,
    );
    expect(query.condition('name', [search], selections)).toBe(
      `((lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!')) AND (("album"."year" = :wl_p1))`,
    );
    expect(query.condition('artist__name', [], selections)).toBe(
      '(("album"."year" = :wl_p1)) AND ("album"."name" = :wl_p2)',
    );
    expect(query.condition('year', [], selections.slice(0, 1))).toBeNull();
    const statement = query.statement('year', query.condition('year', [search], selections), 10);
    expect(statement.getQuery()).toContain(
      `COUNT(CASE WHEN ((lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!')) AND ("album"."name" = :wl_p2) THEN "album"."id" END) AS "wl_count"`,
    );
    expect(statement.getParameters()).toMatchObject({ wl_p0: '%kid%', wl_p2: 'Kid A' });
  });

  it('reads the options, dropping the value with the fewest rows (the last of them) past the limit', () => {
    const rows = [
      { wl_value: null, wl_total: '3', wl_count: '1' },
      { wl_value: 1990, wl_total: 2, wl_count: 0 },
      { wl_value: 1991, wl_total: '2', wl_count: '2' },
    ];
    expect(panes().read('year', rows, 2)).toEqual({
      path: 'year',
      options: [
        { value: null, total: 3, count: 1 },
        { value: 1990, total: 2, count: 0 },
      ],
      truncated: true,
    });
    expect(panes().read('year', rows, 3).truncated).toBe(false);
  });
});
