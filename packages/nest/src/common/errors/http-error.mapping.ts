import { HttpException, HttpStatus } from '@nestjs/common';
import { WidgetLibError, type WidgetLibFailure } from './widgetlib.errors.js';

const STATUS: Record<WidgetLibFailure, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  'precondition-failed': HttpStatus.PRECONDITION_FAILED,
  'too-large': HttpStatus.PAYLOAD_TOO_LARGE,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

const REASON: Record<WidgetLibFailure, string> = {
  invalid: 'Bad Request',
  forbidden: 'Forbidden',
  'not-found': 'Not Found',
  conflict: 'Conflict',
  'precondition-failed': 'Precondition Failed',
  'too-large': 'Payload Too Large',
  unavailable: 'Service Unavailable',
};

/** The one mapping from the library's errors to HTTP: Nest's usual body, with the error's details beside `message`. */
export function httpExceptionOf(error: WidgetLibError): HttpException {
  const statusCode = STATUS[error.failure];
  return new HttpException(
    { statusCode, error: REASON[error.failure], message: error.answer, ...error.details },
    statusCode,
    { cause: error },
  );
}

/** `error` as the library answers it: a library error becomes its HTTP exception, anything else is left as it is. */
export function asHttpError(error: unknown): unknown {
  return error instanceof WidgetLibError ? httpExceptionOf(error) : error;
}
