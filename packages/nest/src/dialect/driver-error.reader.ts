import { QueryFailedError } from 'typeorm';
import type { DialectFamily, DriverErrorShape } from './database-dialect.types.js';
import { DIALECT_FAMILIES } from './dialect-family.registry.js';

/** Whether a failed statement's driver error is, in any supported family's codes, what `test` looks for. */
function failedWith(error: unknown, test: (family: DialectFamily, driverError: DriverErrorShape) => boolean): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = (error.driverError ?? {}) as DriverErrorShape;
  return DIALECT_FAMILIES.some((family) => test(family, driverError));
}

/** Whether a failed statement broke a unique constraint, on PostgreSQL, MySQL/MariaDB or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  return failedWith(error, (family, driverError) => family.isUniqueViolation(driverError));
}

/** Whether a failed statement gave a column a longer value than it holds (PostgreSQL, MySQL/MariaDB). */
export function isValueTooLong(error: unknown): boolean {
  return failedWith(error, (family, driverError) => family.isValueTooLong(driverError));
}

/** Whether a failed statement was stopped by the timeout (PostgreSQL 57014, MariaDB 1969, MySQL 3024, SQLite's deadline). */
export function stoppedByTimeout(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError: unknown = error.driverError;
  return DIALECT_FAMILIES.some((family) => family.isStatementTimeout(driverError));
}

/** Whether a driver's error (not its wrapping) says, in any supported family's codes, the connection is gone. */
export function isConnectionLost(error: DriverErrorShape): boolean {
  return DIALECT_FAMILIES.some((family) => family.isConnectionLost(error));
}
