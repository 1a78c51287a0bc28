import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { postgresUrl } from './data/postgres.seed.js';

export interface MachineInfo {
  cpus: string;
  memory: string;
  postgres: string;
  node: string;
  sqlite: string;
}

export async function describeMachine(database: string, sqliteVersion: string): Promise<MachineInfo> {
  const client = new pg.Client({ connectionString: postgresUrl(database) });
  await client.connect();
  const settings = await client.query(
    `SELECT version() AS version, current_setting('shared_buffers') AS shared_buffers,
            current_setting('work_mem') AS work_mem, current_setting('max_parallel_workers_per_gather') AS parallel`,
  );
  await client.end();
  const { version, shared_buffers, work_mem, parallel } = settings.rows[0];
  const processors = execFileSync('nproc', { encoding: 'utf8' }).trim();
  return {
    cpus: `${processors} (nproc), ${cpus()[0]?.model ?? 'unknown model'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    postgres:
      `${version.split(' on ')[0]} (shared_buffers ${shared_buffers}, work_mem ${work_mem}, ` +
      `max_parallel_workers_per_gather ${parallel}; server settings untouched)`,
    node: process.version,
    sqlite: `SQLite ${sqliteVersion} (better-sqlite3)`,
  };
}
