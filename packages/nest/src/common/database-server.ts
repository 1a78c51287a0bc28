import type { DataSource } from 'typeorm';

/** The database server behind a data source, whatever driver reaches it. */
export type DatabaseServer = 'postgres' | 'mysql' | 'mariadb' | 'sqlite';

const servers = new WeakMap<DataSource, Promise<DatabaseServer>>();

/**
 * Which server a data source talks to, asked once per data source: MariaDB is reached through
 * TypeORM's `mysql` driver as often as through `mariadb`, so only the server's version tells them apart.
 */
export function databaseServer(dataSource: DataSource): Promise<DatabaseServer> {
  let server = servers.get(dataSource);
  if (!server) {
    server = askServer(dataSource);
    servers.set(dataSource, server);
    // A failed question (the database unreachable) is asked again next time.
    server.catch(() => servers.delete(dataSource));
  }
  return server;
}

async function askServer(dataSource: DataSource): Promise<DatabaseServer> {
  const type: string = dataSource.options.type;
  switch (type) {
    case 'postgres':
      return 'postgres';
    case 'better-sqlite3':
    case 'sqlite':
      return 'sqlite';
    case 'mysql':
    case 'mariadb': {
      const [row] = (await dataSource.query('SELECT VERSION() AS version')) as { version: string }[];
      return /mariadb/i.test(row?.version ?? '') ? 'mariadb' : 'mysql';
    }
    default:
      throw new Error(`widgetlib supports PostgreSQL, MySQL, MariaDB and SQLite, not the "${type}" driver`);
  }
}
