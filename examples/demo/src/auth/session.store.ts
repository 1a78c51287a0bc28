import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { SessionData } from 'express-session';
import knex, { type Knex } from 'knex';
import type { DataSourceOptions } from 'typeorm';

/** Where the sessions are kept: the demo's own database, so that every instance of the app shares them. */
export function sessionDatabase(database: DataSourceOptions): Knex.Config {
  switch (database.type) {
    case 'better-sqlite3':
      return { client: 'better-sqlite3', connection: { filename: database.database }, useNullAsDefault: true };
    case 'postgres':
    case 'mysql':
    case 'mariadb': {
      if (!database.url) throw new Error(`The demo's session store needs the ${database.type} database as a URL`);
      const client = database.type === 'postgres' ? 'pg' : 'mysql2';
      return { client, connection: database.url, pool: { min: 0, max: 4 } };
    }
    default:
      throw new Error(`The demo keeps no sessions on a ${database.type} database`);
  }
}

/**
 * connect-session-knex's store, with its faults reported through express-session's callbacks only:
 * the original also rejects the promises that express-session never awaits (an unhandled rejection
 * ends the process) and leaves `touch` unanswered when the database fails (the response never ends).
 */
export class SessionStore extends ConnectSessionKnexStore {
  constructor(database: DataSourceOptions, cleanupIntervalMs: number) {
    super({ knex: knex(sessionDatabase(database)), tableName: 'sessions', cleanupInterval: cleanupIntervalMs });
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void) {
    return super.get(sid, callback).catch(() => null);
  }

  override set(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
    return super.set(sid, session, callback).catch(() => undefined);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void) {
    return super.destroy(sid, callback).catch(() => 0);
  }

  override touch(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
    return super.touch(sid, session).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  async close(): Promise<void> {
    clearTimeout(this.nextDbCleanup);
    await this.options.knex.destroy();
  }
}
