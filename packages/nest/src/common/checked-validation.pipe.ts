import { ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { INPUT_BOUNDS, refuseUnreadableInput } from './checked-input.pipe.js';
import { httpExceptionOf } from './errors/http-error.mapping.js';
import { WidgetLibError } from './errors/widgetlib.errors.js';
import { userMessageTexts, validationErrorMessages } from './messages/index.js';

/**
 * Nest's ValidationPipe, after the library's input rule (see {@link refuseUnreadableInput}); its
 * 400 lists the same messages, class-validator's own and the library's coded so that
 * `UserMessagesInterceptor` writes them in the reader's language.
 */
export class CheckedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    refuseUnreadableInput(value, metadata, INPUT_BOUNDS);
    return (await super.transform(value, metadata)) as unknown;
  }

  override createExceptionFactory(): (errors?: ValidationError[]) => unknown {
    const nests = super.createExceptionFactory();
    return (errors: ValidationError[] = []) => {
      const messages = validationErrorMessages(errors);
      const english = this.flattenValidationErrors(errors);
      // Nest's list when it differs (its limit on the length of the messages left some out).
      const same =
        english.length === messages.length &&
        userMessageTexts(messages).every((text, index) => text === english[index]);
      return same ? httpExceptionOf(new WidgetLibError('invalid', messages)) : nests(errors);
    };
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
