import type { DataSource, QueryRunner } from 'typeorm';
import type { DatabaseDialect } from './database-dialect.types.js';
import { dialectFamily } from './dialect-family.registry.js';

/**
 * The dialect of the server behind `dataSource`: the family from the driver type, the server within
 * it (MySQL or MariaDB) asked of the server itself, once per data source: through `runner` when
 * given, whose open transaction may hold the pool's last connection.
 */
export function databaseDialect(dataSource: DataSource, runner?: QueryRunner): Promise<DatabaseDialect> {
  return dialectFamily(dataSource.options.type).dialectOf(dataSource, runner);
}
