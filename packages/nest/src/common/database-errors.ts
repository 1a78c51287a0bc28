import { QueryFailedError } from 'typeorm';

/** Whether a failed statement broke a unique constraint, on PostgreSQL, MySQL/MariaDB or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const { code } = error.driverError as { code?: string };
  return code === '23505' || code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Whether a failed statement gave a column a longer value than it holds (PostgreSQL, MySQL/MariaDB). */
export function isValueTooLong(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const { code } = error.driverError as { code?: string };
  return code === '22001' || code === 'ER_DATA_TOO_LONG';
}

/** Largest number of bytes a `text` column holds on MySQL/MariaDB; other databases have no such limit. */
export function textColumnByteCapacity(databaseType: string): number | null {
  return databaseType === 'mysql' || databaseType === 'mariadb' ? 65_535 : null;
}
