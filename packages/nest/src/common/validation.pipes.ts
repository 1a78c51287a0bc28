import { ValidationPipe, type Type } from '@nestjs/common';

/**
 * Validates a request body with class-validator: unknown fields are refused, values transformed to
 * the DTO's types, one message per field. `expectedType` names the DTO where the handler's own
 * parameter type says nothing at run time (a generic handler).
 */
export function bodyValidationPipe(expectedType?: Type): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    ...(expectedType ? { expectedType } : {}),
  });
}

/** Validates query parameters: unrelated ones (a cache-buster, say) are dropped rather than refused. */
export function queryValidationPipe(): ValidationPipe {
  return new ValidationPipe({ whitelist: true, transform: true, stopAtFirstError: true });
}
