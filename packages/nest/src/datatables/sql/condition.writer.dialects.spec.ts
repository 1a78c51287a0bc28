import fc from 'fast-check';
import type { DatabaseServer } from '../../dialect/index.js';
import { Album } from '../../../test/fixtures/album.entities.js';
import { boundValues as bound, WriterContexts } from '../../../test/fixtures/table-sql.fixture.js';
import { ConditionWriter } from './condition.writer.js';

const contexts = new WriterContexts();
beforeAll(() => contexts.open());
afterAll(() => contexts.close());

const albums = (server?: DatabaseServer) => contexts.albums(server);
const tracks = (server?: DatabaseServer) => contexts.tracks(server);

describe('ConditionWriter per dialect', () => {
  it('compares text exactly on MySQL and MariaDB by their binary collations, and searches by their UCA ones', () => {
    for (const [server, collation, search] of [
      ['mysql', 'utf8mb4_0900_bin', 'utf8mb4_0900_ai_ci'],
      ['mariadb', 'utf8mb4_nopad_bin', 'utf8mb4_uca1400_ai_ci'],
    ] as const) {
      const { writer } = albums(server);
      expect(writer.filter({ path: 'name', predicate: { kind: 'equals', value: 'x' } })).toBe(
        `CONVERT(\`album\`.\`name\` USING utf8mb4) COLLATE ${collation} = :wl_p0`,
      );
      expect(writer.filter({ path: 'name', predicate: { kind: 'contains', text: 'x' } })).toBe(
        `CONVERT(\`album\`.\`name\` USING utf8mb4) COLLATE ${search} LIKE CONVERT(:wl_p1 USING utf8mb4) COLLATE ${search} ESCAPE '!'`,
      );
    }
  });

  it("tests a range of dates first without the column's affinity on SQLite, where a walk reads rows one by one, as a test the planner does not weigh", () => {
    const range = {
      kind: 'between',
      lower: { value: '1980-01-01', inclusive: true },
      upper: { value: '1990-01-01', inclusive: false },
    } as const;
    const sqlite = contexts.sql('sqlite', Album, 'album', ['released', 'year', 'artist__name']);
    expect(
      new ConditionWriter(sqlite).temporalPrefilter({ parameter: 'released', path: 'released', predicate: range }),
    ).toBe('(likelihood((+"album"."released" >= :wl_p0), 1.0) AND likelihood((+"album"."released" < :wl_p1), 1.0))');
    expect(bound(sqlite)).toEqual({ wl_p0: '1980-01-01', wl_p1: '1990-01-01' });
    const year = { kind: 'between', lower: { value: 1980, inclusive: true }, upper: null } as const;
    expect(
      new ConditionWriter(sqlite).temporalPrefilter({ parameter: 'year', path: 'year', predicate: year }),
    ).toBeNull();
    const postgres = contexts.sql('postgres', Album, 'album', ['released']);
    expect(
      new ConditionWriter(postgres).temporalPrefilter({ parameter: 'released', path: 'released', predicate: range }),
    ).toBeNull();
  });

  it('compares text exactly on SQLite with BINARY', () => {
    const { writer } = albums('sqlite');
    expect(writer.filter({ path: 'name', predicate: { kind: 'oneOf', values: ['a'] } })).toBe(
      '("album"."name") COLLATE BINARY IN (:...wl_p0)',
    );
  });

  it('matches a term without accents on SQLite by LIKE, folding only the texts LIKE may miss', () => {
    const { sql, writer } = albums('sqlite');
    expect(writer.filter({ path: 'name', predicate: { kind: 'contains', text: 'Pİ%' } })).toBe(
      `("album"."name" LIKE :wl_p0 ESCAPE '!' OR ((NOT 'a' LIKE 'A' OR length("album"."name") <> octet_length("album"."name")) ` +
        `AND widgetlib_search_fold("album"."name", :wl_deadline) LIKE :wl_p0 ESCAPE '!'))`,
    );
    expect(bound(sql)).toEqual({ wl_p0: '%pi!%%' });
  });

  it('folds a term that keeps a letter outside ASCII on SQLite with its own function, under the request deadline', () => {
    const { sql, writer } = albums('sqlite');
    expect(writer.filter({ path: 'name', predicate: { kind: 'contains', text: 'ÖΣ' } })).toBe(
      `widgetlib_search_fold("album"."name", :wl_deadline) LIKE :wl_p0 ESCAPE '!'`,
    );
    expect(bound(sql)).toEqual({ wl_p0: '%oσ%' });
  });

  it('compares a column with a collation of its own by code point, folding both sides to match text', () => {
    const { writer } = tracks();
    expect(writer.filter({ path: 'code', predicate: { kind: 'equals', value: 'x' } })).toBe(
      '("track"."code") COLLATE "C" = :wl_p0',
    );
    expect(writer.filter({ path: 'code', predicate: { kind: 'contains', text: 'x' } })).toBe(
      `(lower(CAST("track"."code" AS text))) COLLATE "C" LIKE lower(CAST(:wl_p1 AS text)) ESCAPE '!'`,
    );
  });

  it('compares an enum as it is, and its empty value as null only', () => {
    const { writer } = tracks();
    expect(writer.filter({ path: 'status', predicate: { kind: 'equals', value: 'draft' } })).toBe(
      '"track"."status" = :wl_p0',
    );
    expect(writer.filter({ path: 'status', predicate: { kind: 'empty' } })).toBe('"track"."status" IS NULL');
  });
});

describe('ConditionWriter LIKE escaping', () => {
  /** What a LIKE pattern escaped with `!` matches, case-sensitively: the reference model. */
  function likeMatches(pattern: string, text: string): boolean {
    let source = '';
    for (let index = 0; index < pattern.length; index += 1) {
      const character = pattern[index]!;
      if (character === '!') source += escapeRegExp(pattern[++index]!);
      else if (character === '%') source += '[\\s\\S]*';
      else if (character === '_') source += '[\\s\\S]';
      else source += escapeRegExp(character);
    }
    return new RegExp(`^${source}$`, 'u').test(text);
  }
  const escapeRegExp = (character: string) => character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  const text = fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '!', '\\', "'") });

  it('binds a pattern that matches exactly the values containing the term, wildcards literal (property)', () => {
    fc.assert(
      fc.property(text, text, (term, value) => {
        const { sql, writer } = albums();
        writer.filter({ path: 'name', predicate: { kind: 'contains', text: term } });
        const pattern = sql.parameters.wl_p0 as string;
        expect(likeMatches(pattern, value)).toBe(value.includes(term));
        expect(likeMatches(pattern, `${value}${term}${value}`)).toBe(true);
      }),
    );
  });

  it('binds patterns anchored at the start, the end or both (property)', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom('start' as const, 'end' as const, 'whole' as const),
        (term, value, anchor) => {
          const { sql, writer } = albums();
          writer.filter({ path: 'name', predicate: { kind: 'contains', text: term, anchor } });
          const expected = { start: value.startsWith(term), end: value.endsWith(term), whole: value === term }[anchor];
          expect(likeMatches(sql.parameters.wl_p0 as string, value)).toBe(expected);
        },
      ),
    );
  });
});

describe('ConditionWriter estimated counts', () => {
  it('reads the estimate from pg_class on PostgreSQL and TABLE_ROWS on MariaDB, binding the table and threshold', () => {
    const postgres = albums();
    const statement = postgres.writer.estimatedCount(postgres.sql.base.clone(), 5000)!;
    expect(statement.getQuery()).toContain('FROM pg_catalog.pg_class WHERE oid = CAST(:wl_table AS regclass)');
    expect(statement.getQuery()).toContain('ELSE (SELECT COUNT(*) FROM "fx_album" "album")');
    expect(statement.getParameters()).toMatchObject({
      wl_table: '"fx_album"',
      wl_threshold: 5000,
      wl_table_name: 'fx_album',
    });
    const mariadb = albums('mariadb');
    const estimate = mariadb.writer.estimatedCount(mariadb.sql.base.clone(), 10)!;
    expect(estimate.getQuery()).toContain(
      'FROM information_schema.TABLES WHERE TABLE_SCHEMA = COALESCE(:wl_schema, DATABASE())',
    );
  });

  it('has none on MySQL and SQLite', () => {
    for (const server of ['mysql', 'sqlite'] as const) {
      const { sql, writer } = albums(server);
      expect(writer.estimatedCount(sql.base.clone(), 10)).toBeNull();
    }
  });
});
