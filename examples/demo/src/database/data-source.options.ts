import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSourceOptions } from 'typeorm';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** How long a request waits for a connection before it fails (a 503) while the server is unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The embedded SQLite file (data/demo.sqlite, or another file: `sqlite:/path/to/file.sqlite`), or the
 * PostgreSQL / MySQL / MariaDB server of `DATABASE_URL`.
 */
export function demoDatabaseOptions(databaseUrl = process.env.DATABASE_URL): DataSourceOptions {
  if (!databaseUrl) {
    return { type: 'better-sqlite3', database: resolve(demoRoot, 'data/demo.sqlite') };
  }
  const protocol = new URL(databaseUrl).protocol.replace(/:$/, '');
  switch (protocol) {
    case 'sqlite':
      return { type: 'better-sqlite3', database: resolve(decodeURIComponent(new URL(databaseUrl).pathname)) };
    case 'postgres':
    case 'postgresql':
      return { type: 'postgres', url: databaseUrl, extra: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS } };
    case 'mysql':
      return { type: 'mysql', url: databaseUrl, charset: 'utf8mb4_unicode_ci', connectTimeout: CONNECT_TIMEOUT_MS };
    case 'mariadb':
      return {
        type: 'mariadb',
        url: databaseUrl.replace(/^mariadb:/, 'mysql:'),
        charset: 'utf8mb4_unicode_ci',
        connectTimeout: CONNECT_TIMEOUT_MS,
      };
    default:
      throw new Error(`DATABASE_URL must be a sqlite:, postgres://, mysql:// or mariadb:// URL, got "${protocol}://"`);
  }
}
