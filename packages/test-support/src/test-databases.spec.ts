import { createTestDatabase, testDatabaseKinds } from './test-databases.js';

describe('the test database harness', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('fails, naming the database and the variable, when a listed server cannot be reached', async () => {
    process.env.WIDGETLIB_PG_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    await expect(createTestDatabase('postgres')).rejects.toThrow(
      /^postgres is listed in WIDGETLIB_TEST_DATABASES but cannot be reached at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres \(set WIDGETLIB_PG_URL to change it\)/,
    );
    process.env.WIDGETLIB_MYSQL_URL = 'mysql://root@127.0.0.1:1/test';
    await expect(createTestDatabase('mariadb')).rejects.toThrow(
      /^mariadb is listed .* \(set WIDGETLIB_MYSQL_URL to change it\)/,
    );
    await expect(createTestDatabase('mysql')).rejects.toThrow(
      /^mysql is listed .* \(set WIDGETLIB_MYSQL_URL to change it\)/,
    );
  });

  it('reads the list of databases and refuses unknown names', () => {
    process.env.WIDGETLIB_TEST_DATABASES = ' SQLite, postgres,sqlite ';
    expect(testDatabaseKinds()).toEqual(['sqlite', 'postgres']);
    delete process.env.WIDGETLIB_TEST_DATABASES;
    expect(testDatabaseKinds()).toEqual(['sqlite']);
    process.env.WIDGETLIB_TEST_DATABASES = 'sqlite,oracle';
    expect(() => testDatabaseKinds()).toThrow(
      'WIDGETLIB_TEST_DATABASES lists unknown database(s) oracle; use any of sqlite, postgres, mariadb, mysql',
    );
  });
});
