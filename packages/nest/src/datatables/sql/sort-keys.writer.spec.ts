import type { DataSource } from 'typeorm';
import { Album } from '../../../test/fixtures/album.entities.js';
import { LABEL_ENTITIES, Release, Review } from '../../../test/fixtures/label.entities.js';
import { Track, WRITER_ENTITIES, writerDataSource, writerSql } from '../../../test/fixtures/table-sql.fixture.js';
import { mysqlDialects, postgresDialect } from '../../dialect/index.js';
import { SortKeyWriter } from './sort-keys.writer.js';

describe('SortKeyWriter', () => {
  let postgres: DataSource;
  let mariadb: DataSource;
  let labels: DataSource;

  beforeAll(async () => {
    postgres = await writerDataSource('postgres', WRITER_ENTITIES);
    mariadb = await writerDataSource('mariadb', WRITER_ENTITIES);
    labels = await writerDataSource('postgres', LABEL_ENTITIES);
  });

  const albums = (dataSource = postgres, server: 'postgres' | 'mariadb' = 'postgres') =>
    writerSql(dataSource, server === 'postgres' ? postgresDialect : mysqlDialects.mariadb, Album, 'album', [
      'name',
      'year',
      'sales',
      'artist__name',
      'genres__name',
    ]);

  it('orders a number by itself, after a nulls-first key only where it can be null', () => {
    const sql = albums();
    const query = sql.base.clone();
    const { keys, columns, firstIsRank } = new SortKeyWriter(sql).sortKeys(
      query,
      [
        { path: 'year', descending: true },
        { path: 'sales', descending: false },
      ],
      null,
    );
    expect(keys).toEqual([
      { expression: '"album"."year"', descending: true },
      { expression: 'CASE WHEN "album"."sales" IS NULL THEN 0 ELSE 1 END', descending: false },
      { expression: '"album"."sales"', descending: false },
    ]);
    expect(columns).toEqual(['"album"."year"', '"album"."sales"']);
    expect(firstIsRank).toBe(false);
    expect(query.expressionMap.joinAttributes).toEqual([]);
  });

  it('orders text by its natural collation then by code point in the dialect of the database', () => {
    const sql = albums(mariadb, 'mariadb');
    const { keys } = new SortKeyWriter(sql).sortKeys(sql.base.clone(), [{ path: 'name', descending: false }], null);
    expect(keys.map((key) => key.expression)).toEqual([
      'WEIGHT_STRING(CONVERT(`album`.`name` USING utf8mb4) COLLATE utf8mb4_uca1400_nopad_as_cs)',
      'CONVERT(`album`.`name` USING utf8mb4) COLLATE utf8mb4_nopad_bin',
    ]);
  });

  it("orders text by the collation of the table's language, then by code point", () => {
    const sql = albums(mariadb, 'mariadb');
    sql.resolved('name').collationLanguage = 'sv';
    const { keys } = new SortKeyWriter(sql).sortKeys(sql.base.clone(), [{ path: 'name', descending: false }], null);
    expect(keys.map((key) => key.expression)).toEqual([
      'WEIGHT_STRING(CONVERT(`album`.`name` USING utf8mb4) COLLATE utf8mb4_uca1400_swedish_nopad_as_cs)',
      'CONVERT(`album`.`name` USING utf8mb4) COLLATE utf8mb4_nopad_bin',
    ]);
  });

  it('orders a binaryCollation path case-folded, then by code point', () => {
    const sql = albums(mariadb, 'mariadb');
    sql.resolved('name').binaryCollation = true;
    const { keys } = new SortKeyWriter(sql).sortKeys(sql.base.clone(), [{ path: 'name', descending: false }], null);
    expect(keys.map((key) => key.expression)).toEqual([
      'CONVERT(LOWER(CONVERT(`album`.`name` USING utf8mb4)) USING utf8mb4) COLLATE utf8mb4_nopad_bin',
      'CONVERT(`album`.`name` USING utf8mb4) COLLATE utf8mb4_nopad_bin',
    ]);
  });

  it('orders an enum as its stored value, not as text', () => {
    const sql = writerSql(postgres, postgresDialect, Track, 'track', ['status']);
    const { keys } = new SortKeyWriter(sql).sortKeys(sql.base.clone(), [{ path: 'status', descending: false }], null);
    expect(keys).toEqual([{ expression: '"track"."status"', descending: false }]);
  });

  it('orders a to-many path by its value over a LEFT join even without filters (no single join column)', () => {
    const sql = albums();
    const query = sql.base.clone();
    const { keys, firstIsRank, columns } = new SortKeyWriter(sql).sortKeys(
      query,
      [{ path: 'genres__name', descending: false }],
      sql.base.clone(),
    );
    expect(firstIsRank).toBe(false);
    expect(columns).toEqual(['"wl_j0"."name"']);
    expect(keys[0]).toEqual({ expression: 'CASE WHEN "wl_j0"."name" IS NULL THEN 0 ELSE 1 END', descending: false });
    expect(query.getQuery()).toContain('LEFT JOIN "fx_album_genres"');
  });

  it('ranks every path after the first with a LEFT join, nulls ranked 0', () => {
    const sql = albums();
    const query = sql.base.clone();
    const { keys, firstIsRank, columns } = new SortKeyWriter(sql).sortKeys(
      query,
      [
        { path: 'year', descending: false },
        { path: 'artist__name', descending: true },
      ],
      sql.base.clone(),
      'matched',
    );
    expect(firstIsRank).toBe(false);
    expect(columns).toEqual(['"album"."year"', null]);
    expect(keys[1]).toEqual({ expression: 'COALESCE("wl_r1"."wl_rank", 0)', descending: true });
    expect(query.getQuery()).toContain(
      'LEFT JOIN (SELECT "wl_r1_0"."id" AS "wl_key", CASE WHEN "wl_r1_0"."name" IS NULL THEN 0 ELSE DENSE_RANK() OVER',
    );
    expect(query.getQuery()).toContain(
      'WHERE EXISTS (SELECT 1 FROM "fx_album" "album" WHERE "album"."artistId" = "wl_r1_0"."id")) "wl_r1" ON "wl_r1"."wl_key" = "album"."artistId"',
    );
  });

  it('finds the rows missing the related row by a null key where a foreign key is declared', () => {
    const sql = writerSql(labels, postgresDialect, Release, 'release', ['label__name']);
    const missing = sql.base.clone();
    const ordering = [{ path: 'label__name', descending: false }];
    const { keys } = new SortKeyWriter(sql).sortKeys(missing, ordering, sql.base.clone(), 'missing');
    expect(keys).toEqual([{ expression: '0', descending: false }]);
    expect(missing.getQuery()).toBe(
      'SELECT "release"."id" AS "release_id", "release"."title" AS "release_title", "release"."labelId" AS "release_labelId" FROM "fx_release" "release" WHERE "release"."labelId" IS NULL',
    );
  });

  it('finds them also by a key naming no row where none is declared', () => {
    const sql = writerSql(labels, postgresDialect, Review, 'review', ['release__title']);
    const missing = sql.base.clone();
    const ordering = [{ path: 'release__title', descending: false }];
    new SortKeyWriter(sql).sortKeys(missing, ordering, sql.base.clone(), 'missing');
    expect(missing.getQuery()).toContain(
      'WHERE ("review"."releaseId" IS NULL OR NOT EXISTS (SELECT 1 FROM "fx_release" "wl_missing" WHERE "wl_missing"."id" = "review"."releaseId"))',
    );
  });
});
