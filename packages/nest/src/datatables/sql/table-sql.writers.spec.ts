import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ConditionWriter } from './condition.writer.js';
import { resolveFieldPath, type ResolvedPath } from './field-path.reader.js';
import { SortKeyWriter } from './sort-keys.writer.js';
import { postgresDialect } from '../../dialect/index.js';
import { TableSql } from './table-sql.writer.js';

const PATHS = ['name', 'year', 'sales', 'artist__name', 'artist__country', 'genres__name', 'genres__id'];

describe('the SQL writers of a request (PostgreSQL text)', () => {
  let dataSource: DataSource;
  let base: SelectQueryBuilder<Album>;
  let sql: TableSql<Album>;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
  });

  beforeEach(() => {
    base = dataSource.getRepository(Album).createQueryBuilder('album');
    const metadata = dataSource.getMetadata(Album);
    const paths = new Map<string, ResolvedPath>(PATHS.map((path) => [path, resolveFieldPath(metadata, path)]));
    sql = new TableSql(base, paths, postgresDialect, 0);
  });

  describe('ConditionWriter', () => {
    it('binds every value and escapes every identifier from metadata', () => {
      const condition = new ConditionWriter(sql).filter({
        path: 'year',
        predicate: { kind: 'between', lower: { value: 1990, inclusive: true }, upper: null },
      });
      expect(condition).toBe('("album"."year" >= :wl_p0)');
      expect(sql.parameters).toMatchObject({ wl_p0: 1990 });
    });

    it('matches text ignoring case with a pattern whose %, _ and ! are literal', () => {
      const condition = new ConditionWriter(sql).filter({
        path: 'name',
        predicate: { kind: 'contains', text: '50%_off!' },
      });
      expect(condition).toBe(
        `lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!'`,
      );
      expect(sql.parameters.wl_p0).toBe('%50!%!_off!!%');
    });

    it('writes a to-one path as foreign key IN (subquery), and = ANY(ARRAY()) as a branch of an OR', () => {
      const writer = new ConditionWriter(sql);
      const condition = writer.filter({ path: 'artist__name', predicate: { kind: 'equals', value: 'Björk' } });
      expect(condition).toMatch(
        /^"album"\."artistId" IN \(SELECT "wl_e0"\."id" FROM "fx_artist" "wl_e0" WHERE "wl_e0"\."name" = :wl_p0\)$/,
      );
      expect(writer.search(['x'], ['name', 'artist__name'])).toContain('"album"."artistId" = ANY(ARRAY(SELECT');
    });

    it('writes a to-many path as EXISTS over the join table, NOT EXISTS for isnull true', () => {
      const writer = new ConditionWriter(sql);
      const some = writer.filter({ path: 'genres__id', predicate: { kind: 'oneOf', values: [1, 2] } });
      expect(some).toMatch(/^EXISTS \(SELECT 1 FROM "fx_genre" "wl_e0" INNER JOIN "fx_album_genres" "wl_e0_link"/);
      expect(some).toContain('"wl_e0"."id" IN (:...wl_p0)');
      expect(some).toContain('"wl_e0_link"."fxAlbumId" = "album"."id"');
      expect(writer.filter({ path: 'genres__name', predicate: { kind: 'isNull', isNull: true } })).toMatch(
        /^NOT EXISTS \(/,
      );
    });

    it('requires every search term to match one field: terms ANDed, fields ORed', () => {
      const search = new ConditionWriter(sql).search(['a', 'b'], ['name']);
      expect(search).toBe(
        `(lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!') AND (lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p1 AS text))) ESCAPE '!')`,
      );
      expect(new ConditionWriter(sql).search(['a'], [])).toBe('1 = 0');
      expect(new ConditionWriter(sql).search([], ['name'])).toBeNull();
    });

    it('counts a lone to-many filter from the join table only when a declared foreign key guards it', () => {
      const count = new ConditionWriter(sql).relatedCount({
        path: 'genres__name',
        predicate: { kind: 'equals', value: 'Jazz' },
      });
      expect(count?.getQuery()).toMatch(
        /^SELECT COUNT\(DISTINCT "wl_e0_link"\."fxAlbumId"\) AS "wl_count" FROM "fx_genre"/,
      );
      expect(
        new ConditionWriter(sql).relatedCount({ path: 'artist__name', predicate: { kind: 'equals', value: 'x' } }),
      ).toBeNull();
    });
  });

  describe('SortKeyWriter', () => {
    it('orders text by its natural collation then by code point, nulls first, joining relations once', () => {
      const query = base.clone();
      const keys = new SortKeyWriter(sql).sortKeys(
        query,
        [
          { path: 'artist__name', descending: true },
          { path: 'artist__country', descending: false },
          { path: 'sales', descending: false },
        ],
        null,
      ).keys;
      expect(keys).toEqual([
        { expression: 'CASE WHEN "wl_j0"."name" IS NULL THEN 0 ELSE 1 END', descending: true },
        { expression: 'CAST("wl_j0"."name" AS text) COLLATE "und-x-icu"', descending: true },
        { expression: '("wl_j0"."name") COLLATE "C"', descending: true },
        { expression: 'CASE WHEN "wl_j0"."country" IS NULL THEN 0 ELSE 1 END', descending: false },
        { expression: 'CAST("wl_j0"."country" AS text) COLLATE "und-x-icu"', descending: false },
        { expression: '("wl_j0"."country") COLLATE "C"', descending: false },
        { expression: 'CASE WHEN "album"."sales" IS NULL THEN 0 ELSE 1 END', descending: false },
        { expression: '"album"."sales"', descending: false },
      ]);
      expect(query.expressionMap.joinAttributes.map((join) => join.alias.name)).toEqual(['wl_j0']);
    });

    it('orders by the rank among the related rows when nothing filters', () => {
      const query = base.clone();
      const ordering = [{ path: 'artist__name', descending: false }];
      const { keys, firstIsRank } = new SortKeyWriter(sql).sortKeys(query, ordering, base.clone());
      expect(firstIsRank).toBe(true);
      expect(keys).toEqual([{ expression: 'COALESCE("wl_r0"."wl_rank", 0)', descending: false }]);
      expect(query.getQuery()).toContain(
        'DENSE_RANK() OVER (ORDER BY CASE WHEN "wl_r0_0"."name" IS NULL THEN 0 ELSE 1 END',
      );
    });

    it('splits a first rank key into the rows walked in rank order and the rows without the related row', () => {
      const ordering = [{ path: 'artist__name', descending: false }];
      const matched = base.clone();
      const [walked] = new SortKeyWriter(sql).sortKeys(matched, ordering, base.clone(), 'matched').keys;
      expect(walked).toEqual({ expression: '"wl_r0"."wl_rank"', descending: false });
      expect(matched.getQuery()).toMatch(/INNER JOIN \(SELECT .* ORDER BY "wl_rank" ASC\) "wl_r0"/);
      const missing = base.clone();
      const [none] = new SortKeyWriter(sql).sortKeys(missing, ordering, base.clone(), 'missing').keys;
      expect(none).toEqual({ expression: '0', descending: false });
      expect(missing.getQuery()).toContain('"album"."artistId" IS NULL');
    });
  });
});
