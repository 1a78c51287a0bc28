import type { DataSource } from 'typeorm';
import type { DatabaseDialect } from './database-dialect.types.js';
import { dialectFamily } from './dialect-family.registry.js';

/**
 * The dialect of the server behind `dataSource`: the family from the driver type, the server within
 * it (MySQL or MariaDB) asked of the server itself, once per data source.
 */
export function databaseDialect(dataSource: DataSource): Promise<DatabaseDialect> {
  return dialectFamily(dataSource.options.type).dialectOf(dataSource);
}
