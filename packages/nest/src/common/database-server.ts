import type { DataSource } from 'typeorm';

/** The database servers widgetlib writes SQL for. */
export type DatabaseServer = 'postgres' | 'mysql' | 'mariadb' | 'sqlite';

/** MySQL or MariaDB: one protocol, either TypeORM driver type, different collations and features. */
export type MysqlServer = 'mysql' | 'mariadb';

const mysqlServers = new WeakMap<DataSource, Promise<MysqlServer>>();

/** Whether a `SELECT VERSION()` answer is MariaDB's (`10.11.6-MariaDB-0+deb12u1`) rather than MySQL's (`8.4.3`). */
export function mysqlServerOfVersion(version: string): MysqlServer {
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

async function askMysqlServer(dataSource: DataSource): Promise<MysqlServer> {
  const [row] = (await dataSource.query('SELECT VERSION() AS version')) as Array<{ version: string }>;
  return mysqlServerOfVersion(row!.version);
}

/**
 * The server behind a connection. MySQL and MariaDB are told apart by the server's own version,
 * asked once per connection, never by the driver type: a `mysql://` URL reaches MariaDB through
 * TypeORM's `mysql` driver, and the `mariadb` driver can reach MySQL.
 */
export async function databaseServer(dataSource: DataSource): Promise<DatabaseServer> {
  const type = dataSource.options.type;
  switch (type) {
    case 'postgres':
      return 'postgres';
    case 'better-sqlite3':
    case 'sqljs':
      return 'sqlite';
    case 'mysql':
    case 'mariadb': {
      let server = mysqlServers.get(dataSource);
      if (!server) {
        server = askMysqlServer(dataSource);
        mysqlServers.set(dataSource, server);
        // A failed question (the server unreachable for a moment) is asked again next time.
        server.catch(() => mysqlServers.delete(dataSource));
      }
      return server;
    }
    default:
      throw new Error(
        `widgetlib supports postgres, mysql, mariadb, better-sqlite3 and sqljs, not the "${type}" driver`,
      );
  }
}

/**
 * The utf8mb4 collation that compares exactly: by code point, case, accents and trailing spaces
 * significant (NO PAD). MariaDB's `utf8mb4_bin` and MySQL's `utf8mb4_bin` ignore trailing spaces;
 * MariaDB has no `utf8mb4_0900_*` collations, MySQL (8.0 and later) no `*_nopad_*` ones.
 */
export function exactCollation(server: MysqlServer): string {
  return server === 'mariadb' ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin';
}
