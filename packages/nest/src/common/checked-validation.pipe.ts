import { ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import { INPUT_BOUNDS, refuseUnreadableInput } from './checked-input.pipe.js';

/** Nest's ValidationPipe, after the library's input rule (see {@link refuseUnreadableInput}). */
export class CheckedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    refuseUnreadableInput(value, metadata, INPUT_BOUNDS);
    return (await super.transform(value, metadata)) as unknown;
  }
}

/**
 * Validates a request body with class-validator: unknown fields are refused, values transformed to
 * the DTO's types, one message per field. `expectedType` names the DTO where the handler's own
 * parameter type says nothing at run time (a generic handler).
 */
export function bodyValidationPipe(expectedType?: Type): ValidationPipe {
  return new CheckedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    ...(expectedType ? { expectedType } : {}),
  });
}

/** Validates query parameters: unrelated ones (a cache-buster, say) are dropped rather than refused. */
export function queryValidationPipe(): ValidationPipe {
  return new CheckedValidationPipe({ whitelist: true, transform: true, stopAtFirstError: true });
}
