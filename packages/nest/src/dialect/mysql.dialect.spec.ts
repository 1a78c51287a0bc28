import type { DataSource, QueryRunner } from 'typeorm';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ALBUM_ENTITIES, Album } from '../../test/fixtures/album.entities.js';
import type { DatabaseDialect } from './database-dialect.types.js';
import { exactCollation, mysqlCollationsOf, mysqlFamily, mysqlServerOfVersion } from './mysql.dialect.js';

const bind = (value: string) => `[${value}]`;
const table = { qualifiedName: ':qualified', schema: ':schema', name: ':name' };

/** What a server of `version` with the `collations` answers the family's two questions. */
function answering(version: string, collations: string[]) {
  return (sql: string) =>
    Promise.resolve(sql.includes('VERSION()') ? [{ version }] : collations.map((name) => ({ name })));
}

/** The dialect of a data source whose server answers `version` and has the collations of its kind. */
function dialectAnswering(version: string): Promise<DatabaseDialect> {
  const collations = /mariadb/i.test(version)
    ? // MariaDB lists its UCA 14 collations without the character set.
      ['uca1400_ai_ci', 'uca1400_nopad_as_cs', 'uca1400_spanish_nopad_as_cs', 'utf8mb4_unicode_520_ci']
    : ['utf8mb4_0900_ai_ci', 'utf8mb4_0900_as_cs', 'utf8mb4_sv_0900_as_cs', 'utf8mb4_unicode_520_ci'];
  const dataSource = { query: answering(version, collations) } as unknown as DataSource;
  return mysqlFamily.dialectOf(dataSource);
}

describe('mysqlCollationsOf', () => {
  it('takes the newest UCA collations the server has', () => {
    expect(
      mysqlCollationsOf(new Set(['utf8mb4_uca1400_ai_ci', 'utf8mb4_uca1400_nopad_as_cs', 'utf8mb4_unicode_ci'])),
    ).toEqual({
      search: 'utf8mb4_uca1400_ai_ci',
      natural: {
        root: 'utf8mb4_uca1400_nopad_as_cs',
        es: 'utf8mb4_uca1400_nopad_as_cs',
        sv: 'utf8mb4_uca1400_nopad_as_cs',
      },
    });
    expect(mysqlCollationsOf(new Set(['utf8mb4_unicode_520_ci', 'utf8mb4_unicode_ci']))).toEqual({
      search: 'utf8mb4_unicode_520_ci',
      natural: { root: 'utf8mb4_unicode_520_ci', es: 'utf8mb4_unicode_520_ci', sv: 'utf8mb4_unicode_520_ci' },
    });
  });

  it("takes each language's own collation where the server has one", () => {
    const mariadb = mysqlCollationsOf(
      new Set([
        'utf8mb4_uca1400_nopad_as_cs',
        'utf8mb4_uca1400_spanish_nopad_as_cs',
        'utf8mb4_uca1400_swedish_nopad_as_cs',
        'utf8mb4_spanish_ci',
      ]),
    );
    expect(mariadb.natural).toEqual({
      root: 'utf8mb4_uca1400_nopad_as_cs',
      es: 'utf8mb4_uca1400_spanish_nopad_as_cs',
      sv: 'utf8mb4_uca1400_swedish_nopad_as_cs',
    });
    const mysql = mysqlCollationsOf(new Set(['utf8mb4_0900_as_cs', 'utf8mb4_es_0900_as_cs', 'utf8mb4_sv_0900_as_cs']));
    expect(mysql.natural).toEqual({
      root: 'utf8mb4_0900_as_cs',
      es: 'utf8mb4_es_0900_as_cs',
      sv: 'utf8mb4_sv_0900_as_cs',
    });
    const older = mysqlCollationsOf(new Set(['utf8mb4_unicode_520_ci', 'utf8mb4_spanish_ci']));
    expect(older.natural).toEqual({
      root: 'utf8mb4_unicode_520_ci',
      es: 'utf8mb4_spanish_ci',
      sv: 'utf8mb4_unicode_520_ci',
    });
  });
});

describe('mysqlServerOfVersion', () => {
  it.each([
    ['10.11.6-MariaDB-0+deb12u1', 'mariadb'],
    ['11.4.2-MariaDB', 'mariadb'],
    ['5.5.5-10.11.6-MariaDB', 'mariadb'],
    ['8.4.3', 'mysql'],
    ['8.0.36-standard', 'mysql'],
  ])('tells %s as %s', (version, server) => {
    expect(mysqlServerOfVersion(version)).toBe(server);
  });
});

describe('mysqlFamily.dialectOf', () => {
  it('asks the server once per data source (its version, then its collations), again after a failed question', async () => {
    let asked = 0;
    const answer = answering('8.4.3', []);
    const dataSource = {
      query: (sql: string) => (++asked === 1 ? Promise.reject(new Error('gone')) : answer(sql)),
    } as unknown as DataSource;
    await expect(mysqlFamily.dialectOf(dataSource)).rejects.toThrow('gone');
    expect((await mysqlFamily.dialectOf(dataSource)).server).toBe('mysql');
    expect((await mysqlFamily.dialectOf(dataSource)).server).toBe('mysql');
    expect(asked).toBe(3);
  });

  it('asks through the runner given, whose transaction may hold the last connection', async () => {
    const dataSource = { query: () => Promise.reject(new Error('no connection left')) } as unknown as DataSource;
    const runner = { query: answering('11.4.2-MariaDB', ['utf8mb4_uca1400_ai_ci']) } as unknown as QueryRunner;
    const dialect = await mysqlFamily.dialectOf(dataSource, runner);
    expect(dialect.server).toBe('mariadb');
    expect(dialect.containsIgnoringAccents('t.a', 'x', 'anywhere', bind)).toContain('COLLATE utf8mb4_uca1400_ai_ci');
  });
});

describe.each([
  ['mariadb', '10.11.6-MariaDB', 'utf8mb4_nopad_bin'],
  ['mysql', '8.4.3', 'utf8mb4_0900_bin'],
] as const)('the %s dialect', (server, version, collation) => {
  let dialect: DatabaseDialect;

  beforeAll(async () => {
    dialect = await dialectAnswering(version);
  });

  it('compares exactly in its own collation', () => {
    expect(dialect.server).toBe(server);
    expect(exactCollation(server)).toBe(collation);
    expect(dialect.binary('t.a')).toBe(`CONVERT(t.a USING utf8mb4) COLLATE ${collation}`);
    expect(dialect.exact('t.a')).toBe(dialect.binary('t.a'));
    expect(dialect.fold('t.a')).toBe('LOWER(CONVERT(t.a USING utf8mb4))');
    expect(dialect.temporalText('t.a')).toBe('CAST(t.a AS CHAR)');
  });

  it('searches by its accent-insensitive collation, and orders by its full one', () => {
    const [search, natural] =
      server === 'mariadb' ? ['uca1400_ai_ci', 'uca1400_nopad_as_cs'] : ['0900_ai_ci', '0900_as_cs'];
    expect(dialect.containsIgnoringAccents('t.a', 'x', 'start', bind)).toBe(
      `CONVERT(t.a USING utf8mb4) COLLATE utf8mb4_${search} LIKE CONVERT([x%] USING utf8mb4) COLLATE utf8mb4_${search} ESCAPE '!'`,
    );
    expect(dialect.natural('t.a', 'root')).toBe(`WEIGHT_STRING(CONVERT(t.a USING utf8mb4) COLLATE utf8mb4_${natural})`);
    expect(dialect.natural('t.a', 'de')).toBe(dialect.natural('t.a', 'root'));
  });

  it("orders a language's text by its own collation where the server has it, else by the root one", () => {
    const [spanish, swedish] =
      server === 'mariadb' ? ['uca1400_spanish_nopad_as_cs', 'uca1400_nopad_as_cs'] : ['0900_as_cs', 'sv_0900_as_cs'];
    expect(dialect.natural('t.a', 'es')).toBe(`WEIGHT_STRING(CONVERT(t.a USING utf8mb4) COLLATE utf8mb4_${spanish})`);
    expect(dialect.natural('t.a', 'sv')).toBe(`WEIGHT_STRING(CONVERT(t.a USING utf8mb4) COLLATE utf8mb4_${swedish})`);
  });

  it('searches a binaryCollation column both sides folded', () => {
    expect(dialect.containsIgnoringCase('t.a', 'x', 'anywhere', bind)).toBe(
      `CONVERT(LOWER(CONVERT(t.a USING utf8mb4)) USING utf8mb4) COLLATE ${collation} ` +
        `LIKE LOWER(CONVERT([%x%] USING utf8mb4)) ESCAPE '!'`,
    );
    expect(dialect.inSubquery('t.id', 'SELECT 1', true)).toBe('t.id IN (SELECT 1)');
  });

  it('locks the rows read, increments on a duplicate key', async () => {
    // A query of any data source: the lock is what the query builder keeps, not its text.
    const dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    const { expressionMap } = dialect.lockForUpdate(dataSource.getRepository(Album).createQueryBuilder('album'));
    expect([expressionMap.lockMode, expressionMap.lockTables]).toEqual(['pessimistic_write', undefined]);
    expect(dialect.placeholder(3)).toBe('?');
    expect(dialect.onConflictIncrement('`c`', ['`a`'], '`n`')).toBe('ON DUPLICATE KEY UPDATE `n` = `n` + 1');
  });
});

describe('the MariaDB and MySQL differences', () => {
  it('estimates from TABLE_ROWS on MariaDB only', async () => {
    expect((await dialectAnswering('10.11.6-MariaDB')).estimatedCount(table, ':min', 'SELECT COUNT(*)')).toBe(
      'SELECT CASE WHEN TABLE_ROWS >= :min THEN TABLE_ROWS ELSE (SELECT COUNT(*)) END AS wl_count, ' +
        'TABLE_ROWS >= :min AS wl_estimated FROM information_schema.TABLES ' +
        'WHERE TABLE_SCHEMA = COALESCE(:schema, DATABASE()) AND TABLE_NAME = :name',
    );
    expect((await dialectAnswering('8.4.3')).estimatedCount(table, ':min', 'SELECT COUNT(*)')).toBeNull();
  });

  it('bounds statements with SET STATEMENT on MariaDB, the optimizer hint on MySQL', async () => {
    const mariadb = (await dialectAnswering('10.11.6-MariaDB')).statementBound(1500);
    const mysql = (await dialectAnswering('8.4.3')).statementBound(1500);
    if (mariadb.kind !== 'rewrite' || mysql.kind !== 'rewrite') throw new Error('a rewrite expected');
    expect(mariadb.rewrite('SELECT 1')).toBe('SET STATEMENT max_statement_time = 1.5 FOR SELECT 1');
    expect(mysql.rewrite(' select 1')).toBe('SELECT /*+ MAX_EXECUTION_TIME(1500) */ 1');
  });

  it('bounds a transaction with a session setting it sets back', async () => {
    for (const [version, setting, value] of [
      ['10.11.6-MariaDB', 'max_statement_time', 1.5],
      ['8.4.3', 'max_execution_time', 1500],
    ] as const) {
      const statements: string[] = [];
      const runner = {
        query: (sql: string) => {
          statements.push(sql);
          return Promise.resolve([{ previous: 7 }]);
        },
      } as unknown as QueryRunner;
      await (
        await (await dialectAnswering(version)).boundTransactionStatements(runner, 1500)
      )();
      expect(statements).toEqual([
        `SELECT @@SESSION.${setting} AS previous`,
        `SET SESSION ${setting} = ${value}`,
        `SET SESSION ${setting} = 7`,
      ]);
    }
  });
});

describe('mysqlFamily', () => {
  it('tells its errors by code, errno and mysql2 message', () => {
    expect(mysqlFamily.isUniqueViolation({ code: 'ER_DUP_ENTRY' })).toBe(true);
    expect(mysqlFamily.isValueTooLong({ code: 'ER_DATA_TOO_LONG' })).toBe(true);
    expect(mysqlFamily.isStatementTimeout({ errno: 1969 })).toBe(true);
    expect(mysqlFamily.isStatementTimeout({ errno: 3024 })).toBe(true);
    expect(mysqlFamily.isConnectionLost({ code: 'PROTOCOL_CONNECTION_LOST' })).toBe(true);
    expect(mysqlFamily.isConnectionLost({ code: 'ER_PARSE_ERROR', fatal: true })).toBe(true);
    expect(mysqlFamily.isConnectionLost({ message: 'Pool is closed.' })).toBe(true);
    expect(mysqlFamily.isConnectionLost({ code: 'ER_NO_SUCH_TABLE' })).toBe(false);
    expect(mysqlFamily.textColumnByteCapacity).toBe(65_535);
  });
});
