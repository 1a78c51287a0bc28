import { randomBytes } from 'node:crypto';
import { DataSource, type DataSourceOptions } from 'typeorm';

/**
 * The databases tests run on. `mariadb` and `mysql` are both the MariaDB server of
 * `WIDGETLIB_MYSQL_URL`, reached with TypeORM's `mariadb` and `mysql` driver types: a host with a
 * `mysql://` URL gets the second, and nothing may depend on which one.
 */
export type DatabaseKind = 'sqlite' | 'postgres' | 'mariadb' | 'mysql';

const KINDS: readonly DatabaseKind[] = ['sqlite', 'postgres', 'mariadb', 'mysql'];

/** Whether the kind is the MySQL/MariaDB server, through either driver type. */
export function isMysqlFamily(kind: DatabaseKind): kind is 'mariadb' | 'mysql' {
  return kind === 'mariadb' || kind === 'mysql';
}
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_MYSQL_URL = 'mysql://root@127.0.0.1:3306/test';

/** The databases every database test runs on: `WIDGETLIB_TEST_DATABASES` (default `sqlite`). */
export function testDatabaseKinds(): DatabaseKind[] {
  const listed = (process.env.WIDGETLIB_TEST_DATABASES ?? 'sqlite')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = listed.filter((name) => !KINDS.includes(name as DatabaseKind));
  if (unknown.length > 0) {
    throw new Error(
      `WIDGETLIB_TEST_DATABASES lists unknown database(s) ${unknown.join(', ')}; use any of ${KINDS.join(', ')}`,
    );
  }
  return [...new Set(listed)] as DatabaseKind[];
}

/** A database created for one test suite; `drop()` removes it. */
export interface TestDatabase {
  kind: DatabaseKind;
  /** Connection options without entities, migrations or synchronize. */
  options: DataSourceOptions;
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `widgetlib_t_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function withAdminConnection<T>(
  kind: 'postgres' | 'mariadb' | 'mysql',
  url: string,
  action: (admin: DataSource) => Promise<T>,
): Promise<T> {
  const admin = new DataSource({ type: kind, url } as DataSourceOptions);
  try {
    await admin.initialize();
  } catch (error) {
    const variable = kind === 'postgres' ? 'WIDGETLIB_PG_URL' : 'WIDGETLIB_MYSQL_URL';
    throw new Error(
      `${kind} is listed in WIDGETLIB_TEST_DATABASES but cannot be reached at ${url} ` +
        `(set ${variable} to change it): ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    return await action(admin);
  } finally {
    await admin.destroy();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    return { kind, options: { type: 'better-sqlite3', database: ':memory:' }, drop: async () => {} };
  }
  const name = uniqueName();
  if (kind === 'postgres') {
    const url = process.env.WIDGETLIB_PG_URL || DEFAULT_PG_URL;
    await withAdminConnection('postgres', url, (admin) => admin.query(`CREATE DATABASE "${name}"`));
    return {
      kind,
      options: { type: 'postgres', url: withDatabase(url, name) },
      drop: () =>
        withAdminConnection('postgres', url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
    };
  }
  const url = process.env.WIDGETLIB_MYSQL_URL || DEFAULT_MYSQL_URL;
  await withAdminConnection(kind, url, (admin) =>
    admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`),
  );
  return {
    kind,
    options: { type: kind, url: withDatabase(url, name), charset: 'utf8mb4_unicode_ci' },
    drop: () => withAdminConnection(kind, url, (admin) => admin.query(`DROP DATABASE IF EXISTS \`${name}\``)),
  };
}

/** Runs `suite` once for each database of `testDatabaseKinds()`, titled with the database's name. */
export function describeEachDatabase(title: string, suite: (kind: DatabaseKind) => void): void {
  describe.each(testDatabaseKinds())(`${title} [%s]`, (kind) => suite(kind));
}

/**
 * The server a MySQL-family connection reaches. Asked here rather than through the library's own
 * detection, so that a test of the library's schema does not lean on the code it tests.
 */
async function mysqlFamilyServer(dataSource: DataSource): Promise<'mysql' | 'mariadb'> {
  const [row] = (await dataSource.query('SELECT VERSION() AS version')) as Array<{ version: string }>;
  return /mariadb/i.test(row!.version) ? 'mariadb' : 'mysql';
}

/**
 * The statements TypeORM's schema builder would run to make the database match the entities: none
 * when the migrations made exactly their schema. TypeORM reads MySQL's and MariaDB's
 * information_schema by its driver type (through the `mysql` type it takes a MariaDB nullable
 * column's `DEFAULT NULL` for a default to change), so the schema is read through the driver type
 * that names the server itself.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const type = dataSource.options.type;
  const server = type === 'mysql' || type === 'mariadb' ? await mysqlFamilyServer(dataSource) : type;
  if (server === type) {
    return (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((query) => query.query);
  }
  const inspector = new DataSource({
    ...dataSource.options,
    type: server,
    synchronize: false,
    migrationsRun: false,
  } as DataSourceOptions);
  await inspector.initialize();
  try {
    return (await inspector.driver.createSchemaBuilder().log()).upQueries.map((query) => query.query);
  } finally {
    await inspector.destroy();
  }
}
