import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  type HttpException,
  HttpStatus,
  NotFoundException,
  PayloadTooLargeException,
  PreconditionFailedException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { databaseUnavailableException, isDatabaseUnavailableError } from '../database-unavailable.exception.js';
import { WidgetLibError, type WidgetLibFailure } from './widgetlib.errors.js';

type ExceptionType = new (body: object, options: { cause: unknown }) => HttpException;

/** Nest's exception of each failure, so that a host's filter catches the class it caught before. */
const EXCEPTION: Record<WidgetLibFailure, { type: ExceptionType; statusCode: HttpStatus; error: string }> = {
  invalid: { type: BadRequestException, statusCode: HttpStatus.BAD_REQUEST, error: 'Bad Request' },
  forbidden: { type: ForbiddenException, statusCode: HttpStatus.FORBIDDEN, error: 'Forbidden' },
  'not-found': { type: NotFoundException, statusCode: HttpStatus.NOT_FOUND, error: 'Not Found' },
  conflict: { type: ConflictException, statusCode: HttpStatus.CONFLICT, error: 'Conflict' },
  'precondition-failed': {
    type: PreconditionFailedException,
    statusCode: HttpStatus.PRECONDITION_FAILED,
    error: 'Precondition Failed',
  },
  'too-large': { type: PayloadTooLargeException, statusCode: HttpStatus.PAYLOAD_TOO_LARGE, error: 'Payload Too Large' },
  unavailable: {
    type: ServiceUnavailableException,
    statusCode: HttpStatus.SERVICE_UNAVAILABLE,
    error: 'Service Unavailable',
  },
};

/** The one mapping from the library's errors to HTTP: Nest's usual body, with the error's details beside `message`. */
export function httpExceptionOf(error: WidgetLibError): HttpException {
  const { type, statusCode, error: reason } = EXCEPTION[error.failure];
  return new type({ statusCode, error: reason, message: error.answer, ...error.details }, { cause: error });
}

/**
 * `error` as the library answers it: a library error becomes its HTTP exception, a database that
 * cannot be reached the 503 of {@link databaseUnavailableException} (with `details`: a list's
 * `draw`); anything else is left as it is.
 */
export function asHttpError(error: unknown, details: Readonly<Record<string, unknown>> = {}): unknown {
  if (error instanceof WidgetLibError) return httpExceptionOf(error);
  return isDatabaseUnavailableError(error) ? databaseUnavailableException({ ...details }) : error;
}
