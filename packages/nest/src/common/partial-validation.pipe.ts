import { type ArgumentMetadata, type Type, type ValidationPipeOptions } from '@nestjs/common';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { CheckedValidationPipe } from './checked-validation.pipe.js';
import { httpExceptionOf } from './errors/http-error.mapping.js';
import { WidgetLibError } from './errors/widgetlib.errors.js';

/** A validation of one body that reports only the problems of the fields it sent (and of unknown ones). */
class SentFieldsValidationPipe extends CheckedValidationPipe {
  constructor(
    private readonly sent: ReadonlySet<string>,
    options: ValidationPipeOptions,
  ) {
    super(options);
  }

  protected override async validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, options);
    return errors.filter((error) => this.sent.has(error.property));
  }
}

/**
 * Validates a partial update (PATCH) against the whole update DTO: each field sent is checked by its
 * rules, fields not sent are not required, unknown fields are refused; one 400 lists every problem.
 * The handler receives only the fields sent (a DTO's defaults for the others are left out, so they
 * cannot overwrite stored values).
 */
export class PartialValidationPipe extends CheckedValidationPipe {
  private readonly options: ValidationPipeOptions;

  constructor(expectedType: Type) {
    const options: ValidationPipeOptions = {
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      expectedType,
    };
    super({ ...options, stopAtFirstError: true });
    this.options = { ...options, stopAtFirstError: true };
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw httpExceptionOf(new WidgetLibError('invalid', [{ code: 'resource.body-not-object' }]));
    }
    const sent = Object.keys(value);
    if (sent.length === 0) throw httpExceptionOf(new WidgetLibError('invalid', [{ code: 'resource.body-empty' }]));
    const validated = await new SentFieldsValidationPipe(new Set(sent), this.options).transform(value, metadata);
    const fields = validated as Record<string, unknown>;
    return Object.fromEntries(sent.map((name) => [name, fields[name]]));
  }
}
