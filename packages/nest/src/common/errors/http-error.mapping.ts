import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  type HttpException,
  NotFoundException,
  PayloadTooLargeException,
  PreconditionFailedException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { WidgetLibError, type WidgetLibFailure } from './widgetlib.errors.js';

type HttpExceptionClass = new (body: object, options: { cause: unknown }) => HttpException;

/** Nest's own exception for each failure, so that a host catching `BadRequestException` and the like still does. */
const EXCEPTIONS: Record<WidgetLibFailure, [HttpExceptionClass, number, string]> = {
  invalid: [BadRequestException, 400, 'Bad Request'],
  forbidden: [ForbiddenException, 403, 'Forbidden'],
  'not-found': [NotFoundException, 404, 'Not Found'],
  conflict: [ConflictException, 409, 'Conflict'],
  'precondition-failed': [PreconditionFailedException, 412, 'Precondition Failed'],
  'too-large': [PayloadTooLargeException, 413, 'Payload Too Large'],
  unavailable: [ServiceUnavailableException, 503, 'Service Unavailable'],
};

/** The one mapping from the library's errors to HTTP: Nest's usual body, with the error's details beside `message`. */
export function httpExceptionOf(error: WidgetLibError): HttpException {
  const [Exception, statusCode, reason] = EXCEPTIONS[error.failure];
  return new Exception({ statusCode, error: reason, message: error.answer, ...error.details }, { cause: error });
}

/** `error` as the library answers it: a library error becomes its HTTP exception, anything else is left as it is. */
export function asHttpError(error: unknown): unknown {
  return error instanceof WidgetLibError ? httpExceptionOf(error) : error;
}
