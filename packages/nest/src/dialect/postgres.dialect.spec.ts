import type { DataSource, QueryRunner } from 'typeorm';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ALBUM_ENTITIES, Album } from '../../test/fixtures/album.entities.js';
import { postgresDialect, postgresDialectOf, postgresFamily, type PostgresFeatures } from './postgres.dialect.js';

const bind = (value: string) => `[${value}]`;
const table = { qualifiedName: ':qualified', schema: ':schema', name: ':name' };

describe('postgresDialect', () => {
  it('folds, compares by code point and writes dates as text', () => {
    expect(postgresDialect.fold('t.a')).toBe('lower(CAST(t.a AS text))');
    expect(postgresDialect.binary('t.a')).toBe('(t.a) COLLATE "C"');
    expect(postgresDialect.exact('t.a')).toBe('t.a');
    expect(postgresDialect.temporalText('t.a')).toBe('CAST(t.a AS text)');
  });

  it('searches with ILIKE, the pattern bound', () => {
    expect(postgresDialect.containsIgnoringCase('t.a', '5%', 'start', bind)).toBe(
      `CAST(t.a AS text) ILIKE [5!%%] ESCAPE '!'`,
    );
  });

  it('tests a subquery with IN, or under an OR with = ANY(ARRAY(...))', () => {
    expect(postgresDialect.inSubquery('t.id', 'SELECT 1', false)).toBe('t.id IN (SELECT 1)');
    expect(postgresDialect.inSubquery('t.id', 'SELECT 1', true)).toBe('t.id = ANY(ARRAY(SELECT 1))');
  });

  it('reads the estimate from pg_class', () => {
    expect(postgresDialect.estimatedCount(table, ':min', 'SELECT COUNT(*)')).toBe(
      'SELECT CASE WHEN reltuples >= :min THEN CAST(reltuples AS bigint) ELSE (SELECT COUNT(*)) END AS "wl_count", ' +
        'reltuples >= :min AS "wl_estimated" FROM pg_catalog.pg_class WHERE oid = CAST(:qualified AS regclass)',
    );
  });

  it('bounds a statement by cancelling it, and a transaction with SET LOCAL', async () => {
    expect(postgresDialect.statementBound(250).kind).toBe('cancel');
    const statements: string[] = [];
    const runner = { query: (sql: string) => Promise.resolve(statements.push(sql)) } as unknown as QueryRunner;
    await (
      await postgresDialect.boundTransactionStatements(runner, 250)
    )();
    expect(statements).toEqual(['SET LOCAL statement_timeout = 250']);
  });

  it('locks only the listed row', async () => {
    const dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    const query = dataSource.getRepository(Album).createQueryBuilder('album');
    expect(postgresDialect.lockForUpdate(query).getQuery()).toMatch(/ FOR UPDATE OF "album"$/);
  });

  it('numbers its placeholders and increments on conflict', () => {
    expect([0, 1].map((index) => postgresDialect.placeholder(index))).toEqual(['$1', '$2']);
    expect(postgresDialect.onConflictIncrement('"c"', ['"a"', '"b"'], '"n"')).toBe(
      'ON CONFLICT ("a", "b") DO UPDATE SET "n" = "c"."n" + 1',
    );
    expect(postgresDialect.readCommitted).toBe('READ COMMITTED');
    expect(postgresDialect.sharesOneConnection).toBe(false);
  });
});

describe('postgresFamily', () => {
  it('tells its errors by SQLSTATE and node-postgres message', () => {
    expect(postgresFamily.isUniqueViolation({ code: '23505' })).toBe(true);
    expect(postgresFamily.isValueTooLong({ code: '22001' })).toBe(true);
    expect(postgresFamily.isStatementTimeout({ code: '57014' })).toBe(true);
    expect(postgresFamily.isConnectionLost({ code: '57P01' })).toBe(true);
    expect(postgresFamily.isConnectionLost({ code: '08006' })).toBe(true);
    expect(postgresFamily.isConnectionLost({ message: 'select 1 - Connection terminated unexpectedly' })).toBe(true);
    expect(postgresFamily.isConnectionLost({ code: '42P01' })).toBe(false);
  });
});

/** The ICU collations of a PostgreSQL server built with ICU (initdb creates one per locale). */
const ALL_ICU = ['und-x-icu', 'es-x-icu', 'sv-x-icu'];

describe('postgresDialectOf', () => {
  it('searches without accents through the wrapper, unaccent or translate(), as the server has them', () => {
    const search = (features: PostgresFeatures) =>
      postgresDialectOf(features).containsIgnoringAccents('t.a', 'x', 'anywhere', bind);
    expect(search({ search: 'wrapper', icu: ALL_ICU })).toBe(
      `lower(widgetlib_unaccent(CAST(t.a AS text))) LIKE lower(widgetlib_unaccent(CAST([%x%] AS text))) ESCAPE '!'`,
    );
    expect(search({ search: 'unaccent', icu: ALL_ICU })).toBe(
      `lower(unaccent(CAST(t.a AS text))) LIKE lower(unaccent(CAST([%x%] AS text))) ESCAPE '!'`,
    );
    expect(search({ search: 'translate', icu: ALL_ICU })).toMatch(
      /^translate\(lower\(CAST\(t\.a AS text\)\), '[^']*Å[^']*', '[^']*a[^']*'\) LIKE translate\(lower\(CAST\(\[%x%\] AS text\)\), /,
    );
  });

  it('takes the final sigma for σ on both sides when the term has a sigma, and only then', () => {
    const dialect = postgresDialectOf({ search: 'wrapper', icu: ALL_ICU });
    expect(dialect.containsIgnoringAccents('t.a', 'Σ', 'end', bind)).toBe(
      `translate(lower(widgetlib_unaccent(CAST(t.a AS text))), 'ς', 'σ') LIKE ` +
        `translate(lower(widgetlib_unaccent(CAST([%Σ] AS text))), 'ς', 'σ') ESCAPE '!'`,
    );
    expect(dialect.containsIgnoringAccents('t.a', 'ος', 'end', bind)).toContain(`translate(lower(`);
    expect(dialect.containsIgnoringAccents('t.a', 'ίλ', 'end', bind)).not.toContain('translate');
  });

  it('orders by the ICU collation of the language, else the root one, or case-folded by code point without ICU', () => {
    const dialect = postgresDialectOf({ search: 'wrapper', icu: ALL_ICU });
    expect(dialect.natural('t.a', 'root')).toBe('CAST(t.a AS text) COLLATE "und-x-icu"');
    expect(dialect.natural('t.a', 'fr')).toBe('CAST(t.a AS text) COLLATE "und-x-icu"');
    expect(dialect.natural('t.a', 'es')).toBe('CAST(t.a AS text) COLLATE "es-x-icu"');
    expect(dialect.natural('t.a', 'sv')).toBe('CAST(t.a AS text) COLLATE "sv-x-icu"');
    const rootOnly = postgresDialectOf({ search: 'wrapper', icu: ['und-x-icu'] });
    expect(rootOnly.natural('t.a', 'sv')).toBe('CAST(t.a AS text) COLLATE "und-x-icu"');
    for (const language of ['root', 'es'] as const) {
      expect(postgresDialectOf({ search: 'wrapper', icu: [] }).natural('t.a', language)).toBe(
        'lower(CAST(t.a AS text)) COLLATE "C"',
      );
    }
  });

  it('asks the server its features once per data source', async () => {
    let asked = 0;
    const dataSource = {
      options: { type: 'postgres' },
      query: () => {
        asked += 1;
        return Promise.resolve([{ wrapper: false, unaccent: true, icu: [] }]);
      },
    } as unknown as DataSource;
    const dialect = await postgresFamily.dialectOf(dataSource);
    expect(await postgresFamily.dialectOf(dataSource)).toBe(dialect);
    expect(asked).toBe(1);
    expect(dialect.natural('t.a', 'root')).toBe('lower(CAST(t.a AS text)) COLLATE "C"');
    expect(dialect.containsIgnoringAccents('t.a', 'x', 'whole', bind)).toContain('lower(unaccent(');
  });
});
