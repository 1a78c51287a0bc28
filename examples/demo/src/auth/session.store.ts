import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { SessionData } from 'express-session';
import knex, { type Knex } from 'knex';
import type { DataSourceOptions } from 'typeorm';
import { CONNECT_TIMEOUT_MS } from '../database/data-source.options.js';

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
      return {
        client,
        connection: database.url,
        pool: { min: 0, max: 4 },
        // knex waits a minute for a connection by default: while the server is down, a request would too.
        acquireConnectionTimeout: CONNECT_TIMEOUT_MS,
      };
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

  /**
   * Extends the session's expiry. express-session touches at the end of a response, after the
   * headers went out: a failure there (the database gone for a moment) could only be logged, and
   * costs nothing but an expiry counted from an earlier request, so it is not reported.
   */
  override touch(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
    return super.touch(sid, session).then(
      () => callback?.(),
      () => callback?.(),
    );
  }

  async close(): Promise<void> {
    clearTimeout(this.nextDbCleanup);
    await this.options.knex.destroy();
  }
}
