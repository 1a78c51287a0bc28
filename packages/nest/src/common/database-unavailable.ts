import { ServiceUnavailableException } from '@nestjs/common';
import { QueryRunnerAlreadyReleasedError } from 'typeorm';

/** Socket errors of a server that is down, restarting, or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** MySQL/MariaDB client and server errors of a lost or refused connection. */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
]);

/** PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, too many connections. */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and mysql2 errors that carry no code but mean the connection is gone. */
const GONE_MESSAGES = [
  // Query builders such as knex put the statement before the driver's message.
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Can't add new command when connection is in closed state/,
  /^Pool is closed/,
];

interface DriverErrorShape {
  code?: unknown;
  fatal?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

function isGone(error: DriverErrorShape): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || MYSQL_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
  // SQLSTATE class 08: connection exception.
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  // mysql2 marks every error after which the connection cannot be used.
  if (error.fatal === true) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return GONE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` (a driver's error, or TypeORM's wrapping of one) says the database cannot be
 * reached right now rather than that a statement was wrong: what a request should answer with 503.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  // TypeORM releases a query runner whose connection the driver reported broken (the server ended
  // the session), and the transaction or statement that still holds it gets this instead.
  if (error instanceof QueryRunnerAlreadyReleasedError) return true;
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const shape = current as DriverErrorShape;
    if (isGone(shape)) return true;
    current = shape.driverError ?? shape.cause;
  }
  return false;
}

/** The 503 a request answers while the database cannot be reached (`extra`: the list's `draw`). */
export function databaseUnavailableException(extra: Record<string, unknown> = {}): ServiceUnavailableException {
  return new ServiceUnavailableException({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database cannot be reached at the moment; try again shortly',
    ...extra,
  });
}
