import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailableError } from './database-unavailable.exception.js';

function driverError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'driver error')), fields);
}

function failedQuery(fields: Record<string, unknown>): QueryFailedError {
  return new QueryFailedError('SELECT 1', [], driverError(fields));
}

describe('isDatabaseUnavailableError', () => {
  it.each<[string, unknown]>([
    ['a refused connection', driverError({ code: 'ECONNREFUSED' })],
    ['a reset connection inside TypeORM', failedQuery({ code: 'ECONNRESET' })],
    ['PostgreSQL terminating the session', failedQuery({ code: '57P01' })],
    ['PostgreSQL starting up', driverError({ code: '57P03' })],
    ['a PostgreSQL connection exception', failedQuery({ code: '08006' })],
    ['MariaDB killing the connection', failedQuery({ code: 'ER_CONNECTION_KILLED' })],
    ['mysql2 losing the connection', driverError({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true })],
    [
      'mysql2 on a closed connection',
      driverError({ message: "Can't add new command when connection is in closed state", fatal: true }),
    ],
    ['node-postgres ending the connection', driverError({ message: 'Connection terminated unexpectedly' })],
    ['the node-postgres pool giving up', driverError({ message: 'timeout exceeded when trying to connect' })],
    ['a query runner TypeORM released when its connection broke', new QueryRunnerAlreadyReleasedError()],
    ['knex putting the statement first', driverError({ message: 'select 1 - Connection terminated unexpectedly' })],
    ['a cause chain', new Error('outer', { cause: driverError({ code: 'ECONNREFUSED' }) })],
  ])('is true for %s', (_title, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', failedQuery({ code: '23505' })],
    ['a MySQL duplicate key', failedQuery({ code: 'ER_DUP_ENTRY', fatal: false })],
    ['a syntax error', failedQuery({ code: '42601' })],
    ['a statement cancelled by its timeout', failedQuery({ code: '57014' })],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s', (_title, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});
