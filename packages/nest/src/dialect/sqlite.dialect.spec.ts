import { DataSource, type QueryRunner, type SelectQueryBuilder } from 'typeorm';
import {
  asciiContainsGlob,
  DEADLINE_PARAMETER,
  deadlineValue,
  SqliteDeadlineError,
  sqliteDialect,
  sqliteFamily,
} from './sqlite.dialect.js';

const bind = (value: string) => `[${value}]`;

describe('asciiContainsGlob', () => {
  it('lists each letter with its upper case, and İ or the Kelvin sign where they fold to it', () => {
    expect(asciiContainsGlob('Sik')).toBe('*[sS][iI\u0130][kK\u212a]*');
  });

  it('quotes GLOB wildcards and leaves other characters alone', () => {
    expect(asciiContainsGlob('a*?[]^%_!\\ 1')).toBe('*[aA][*][?][[]]^%_!\\ 1*');
  });

  it('takes İ and the Kelvin sign in the term for the letters they fold to', () => {
    expect(asciiContainsGlob('\u0130\u212a')).toBe('*[iI\u0130][kK\u212a]*');
  });

  it('is null when the folded term is not all ASCII', () => {
    expect(asciiContainsGlob('Ö')).toBeNull();
    expect(asciiContainsGlob('abc é')).toBeNull();
  });
});

describe('sqliteDialect', () => {
  it('folds in its own function, bounded by the deadline parameter', () => {
    expect(sqliteDialect.fold('t.a')).toBe('widgetlib_fold(t.a, :wl_deadline)');
    expect(sqliteDialect.binary('t.a')).toBe('(t.a) COLLATE BINARY');
    expect(sqliteDialect.exact('t.a')).toBe('(t.a) COLLATE BINARY');
    expect(sqliteDialect.temporalText('t.a')).toBe('t.a');
  });

  it('searches an ASCII term with LIKE, or GLOB where LIKE cannot decide', () => {
    expect(sqliteDialect.containsIgnoringCase('t.a', 'Ki', 'start', bind)).toBe(
      `(('a' LIKE 'A' AND t.a LIKE [ki%] ESCAPE '!') OR ((NOT 'a' LIKE 'A' OR instr(t.a, [\u0130]) > 0 OR ` +
        `instr(t.a, [\u212a]) > 0) AND t.a GLOB [[kK\u212a][iI\u0130]*]))`,
    );
  });

  it('searches any other term folded', () => {
    expect(sqliteDialect.containsIgnoringCase('t.a', 'Ö', 'anywhere', bind)).toBe(
      `(widgetlib_fold(t.a, :wl_deadline)) COLLATE BINARY LIKE widgetlib_fold([%Ö%], :wl_deadline) ESCAPE '!'`,
    );
  });

  it("orders by the sort key of the table's language, named in the statement when tailored", () => {
    expect(sqliteDialect.natural('t.a', 'root')).toBe('widgetlib_sort_key(t.a, :wl_deadline)');
    expect(sqliteDialect.natural('t.a', 'de')).toBe('widgetlib_sort_key(t.a, :wl_deadline)');
    expect(sqliteDialect.natural('t.a', 'es')).toBe(`widgetlib_sort_key(t.a, :wl_deadline, 'es')`);
    expect(sqliteDialect.natural('t.a', 'sv')).toBe(`widgetlib_sort_key(t.a, :wl_deadline, 'sv')`);
  });

  it('keeps no estimate, cannot stop a statement and locks nothing', async () => {
    expect(sqliteDialect.estimatedCount({ qualifiedName: ':q', schema: ':s', name: ':n' }, ':min', 'x')).toBeNull();
    expect(sqliteDialect.statementBound(100)).toEqual({ kind: 'parameter' });
    const runner = {} as QueryRunner;
    await expect((await sqliteDialect.boundTransactionStatements(runner, 100))()).resolves.toBeUndefined();
    const query = {} as SelectQueryBuilder<object>;
    expect(sqliteDialect.lockForUpdate(query)).toBe(query);
    expect(sqliteDialect.readCommitted).toBeUndefined();
    expect(sqliteDialect.sharesOneConnection).toBe(true);
    expect(sqliteDialect.onConflictIncrement('"c"', ['"a"'], '"n"')).toBe(
      'ON CONFLICT ("a") DO UPDATE SET "n" = "c"."n" + 1',
    );
  });
});

describe('sqliteFamily', () => {
  it('registers its functions once per connection, each refusing to go on past the deadline', async () => {
    const registered: Array<(value: unknown, deadline: unknown, language?: unknown) => unknown> = [];
    const names: string[] = [];
    const connection = {
      prepare: () => ({}),
      function: (name: string, _options: object, fold: (typeof registered)[number]) => {
        names.push(name);
        registered.push(fold);
      },
    };
    const dataSource = {
      options: { type: 'better-sqlite3' },
      driver: { databaseConnection: connection },
    } as unknown as DataSource;
    expect(await sqliteFamily.dialectOf(dataSource)).toBe(sqliteDialect);
    await sqliteFamily.dialectOf(dataSource);
    expect(names).toEqual(['widgetlib_fold', 'widgetlib_search_fold', 'widgetlib_sort_key']);
    expect(registered[0]!('ÅB', 0)).toBe('åb');
    expect(registered[1]!('ÅB', 0)).toBe('ab');
    expect(registered[2]!(null, 0)).toBeNull();
    // The sort key in the language the statement names: ñ after every n in Spanish only.
    const spanish = [registered[2]!('ñ', 0, 'es'), registered[2]!('nz', 0, 'es')] as string[];
    expect(spanish[0]! > spanish[1]!).toBe(true);
    const root = [registered[2]!('ñ', 0), registered[2]!('nz', 0)] as string[];
    expect(root[0]! < root[1]!).toBe(true);
    for (const each of registered) expect(() => each('a', Date.now() - 1)).toThrow(SqliteDeadlineError);
    for (const each of registered) expect(() => each('a', BigInt(Date.now() - 1))).toThrow(SqliteDeadlineError);
    expect(registered[0]!('A', BigInt(Date.now() + 60_000))).toBe('a');
    expect(sqliteFamily.isStatementTimeout(new SqliteDeadlineError())).toBe(true);
  });

  it('refuses a connection whose SQLite has no octet_length() (before 3.43), which the search needs', async () => {
    const connection = {
      prepare: (sql: string) => {
        throw new Error(`no such function: octet_length in ${sql}`);
      },
      function: () => undefined,
    };
    const dataSource = {
      options: { type: 'better-sqlite3' },
      driver: { databaseConnection: connection },
    } as unknown as DataSource;
    await expect(async () => sqliteFamily.dialectOf(dataSource)).rejects.toThrow('SQLite 3.43 or later');
  });

  it('holds tables through sql.js, but cannot fold there', async () => {
    const dialect = await sqliteFamily.dialectOf({ options: { type: 'sqljs' } } as unknown as DataSource);
    expect(dialect.server).toBe('sqlite');
    expect(() => dialect.fold('t.a')).toThrow('not the "sqljs" driver');
    expect(() => dialect.natural('t.a', 'root')).toThrow('not the "sqljs" driver');
  });
});

describe('deadlineValue', () => {
  it('is bound by TypeORM on SQLite, so that every request runs the same statement text', async () => {
    const dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await dataSource.initialize();
    try {
      const texts = [1_000, 2_000].map((deadline) => {
        const query = dataSource
          .createQueryBuilder()
          .select(sqliteDialect.fold("'A'"), 'folded')
          .from('(SELECT 1)', 'one')
          .setParameters({ [DEADLINE_PARAMETER]: deadlineValue(Date.now() + deadline) });
        const [sql, parameters] = query.getQueryAndParameters();
        expect(parameters).toHaveLength(1);
        return sql;
      });
      expect(texts[0]).toBe(texts[1]);
      await sqliteFamily.dialectOf(dataSource);
      const [sql, parameters] = dataSource
        .createQueryBuilder()
        .select(sqliteDialect.fold("'A'"), 'folded')
        .from('(SELECT 1)', 'one')
        .setParameters({ [DEADLINE_PARAMETER]: deadlineValue(Date.now() + 60_000) })
        .getQueryAndParameters();
      expect(await dataSource.query(sql, parameters)).toEqual([{ folded: 'a' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
