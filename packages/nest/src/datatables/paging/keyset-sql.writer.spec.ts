import type { DataSource } from 'typeorm';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { postgresDialect } from '../../dialect/index.js';
import { resolveFieldPath, type ResolvedPath, TableSql } from '../sql/index.js';
import { KeysetWriter } from './keyset-sql.writer.js';
import { planKeysetAfter } from './keyset-plan.writer.js';

const PATHS = ['name', 'sales', 'recorded_at', 'artist__name'];

describe('KeysetWriter (PostgreSQL text)', () => {
  let dataSource: DataSource;
  let sql: TableSql<Album>;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
  });

  beforeEach(() => {
    const base = dataSource.getRepository(Album).createQueryBuilder('album');
    const metadata = dataSource.getMetadata(Album);
    const paths = new Map<string, ResolvedPath>(PATHS.map((path) => [path, resolveFieldPath(metadata, path)]));
    sql = new TableSql(base, paths, postgresDialect, 0);
  });

  it('knows each key from the metadata: text, nullable, the primary key last', () => {
    const keys = new KeysetWriter(sql).keys([
      { path: 'name', descending: false },
      { path: 'artist__name', descending: true },
    ]);
    expect(keys).toEqual([
      { path: 'name', descending: false, nullable: false, text: true },
      { path: 'artist__name', descending: true, nullable: true, text: true },
      { path: null, descending: false, nullable: false, text: false },
    ]);
  });

  it('writes the plan with identifiers escaped and every value bound, text collated as the ORDER BY', () => {
    const writer = new KeysetWriter(sql);
    const ordering = [
      { path: 'sales', descending: true },
      { path: 'name', descending: false },
    ];
    const condition = writer.after(
      planKeysetAfter(writer.keys(ordering), [400, "O'Brien", 9]),
      ['"album"."sales"', '"album"."name"', '"album"."id"'],
      ordering,
    );
    expect(condition).toBe(
      '(("album"."sales" IS NULL) OR ("album"."sales" < :wl_p0) OR ' +
        '("album"."sales" = :wl_p0 AND CAST("album"."name" AS text) COLLATE "und-x-icu" > CAST(:wl_p1 AS text) COLLATE "und-x-icu") OR ' +
        '("album"."sales" = :wl_p0 AND CAST("album"."name" AS text) COLLATE "und-x-icu" = CAST(:wl_p1 AS text) COLLATE "und-x-icu" AND ("album"."name") COLLATE "C" > :wl_p1) OR ' +
        '("album"."sales" = :wl_p0 AND ("album"."name") COLLATE "C" = :wl_p1 AND "album"."id" > :wl_p2))',
    );
    expect(sql.parameters).toMatchObject({ wl_p0: 400, wl_p1: "O'Brien", wl_p2: 9 });
    expect(condition).not.toContain('400');
  });

  it("compares text by the collation of the table's language, as its ORDER BY", () => {
    sql.resolved('name').collationLanguage = 'es';
    const writer = new KeysetWriter(sql);
    const ordering = [{ path: 'name', descending: false }];
    expect(writer.after(planKeysetAfter(writer.keys(ordering), ['Ñu', 1]), ['"n"', '"id"'], ordering)).toContain(
      'CAST("n" AS text) COLLATE "es-x-icu" > CAST(:wl_p0 AS text) COLLATE "es-x-icu"',
    );
  });

  it('compares a binaryCollation path case-folded, as its ORDER BY', () => {
    sql.resolved('name').binaryCollation = true;
    const writer = new KeysetWriter(sql);
    const ordering = [{ path: 'name', descending: false }];
    expect(writer.after(planKeysetAfter(writer.keys(ordering), ['Abba', 1]), ['"n"', '"id"'], ordering)).toContain(
      '(lower(CAST("n" AS text))) COLLATE "C" > (lower(CAST(:wl_p0 AS text))) COLLATE "C"',
    );
  });

  it('bounds the first key ahead of the OR when every row after meets it', () => {
    const writer = new KeysetWriter(sql);
    const ordering = [{ path: 'recorded_at', descending: false }];
    expect(
      writer.after(planKeysetAfter(writer.keys(ordering), ['2001-01-01 00:00:00', 3]), ['"r"', '"id"'], ordering),
    ).toBe('("r" >= :wl_p0 AND (("r" > :wl_p0) OR ("r" = :wl_p0 AND "id" > :wl_p1)))');
  });

  it('selects dates and date-times as the database text of them', () => {
    const writer = new KeysetWriter(sql);
    expect(writer.selected('"album"."recorded_at"', sql.resolved('recorded_at'))).toBe(
      'CAST("album"."recorded_at" AS text)',
    );
    expect(writer.selected('"album"."sales"', sql.resolved('sales'))).toBe('"album"."sales"');
  });
});
