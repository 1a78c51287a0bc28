import { ServiceUnavailableException } from '@nestjs/common';
import { QueryRunnerAlreadyReleasedError } from 'typeorm';
import { type DriverErrorShape, isConnectionLost } from '../dialect/index.js';

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

interface ErrorChain extends DriverErrorShape {
  driverError?: unknown;
  cause?: unknown;
}

function isGone(error: ErrorChain): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return NETWORK_CODES.has(code) || isConnectionLost(error);
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
    const shape = current as ErrorChain;
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
