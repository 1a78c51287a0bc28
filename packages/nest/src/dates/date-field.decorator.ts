import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { ApiDocs } from '../common/api-docs.decorator.js';
import type { DateFieldBase, GTDateFieldOptions } from './date-field-base.format.js';
import { DateFieldValidationError } from './date-field-validation.errors.js';
import { GTDateTimeField, type GTDateTimeFieldOptions } from './gt-date-time-field.format.js';
import { GTDateField } from './gt-date-field.format.js';

export const IS_GT_DATE = 'isGTDate';
export const IS_GT_DATE_TIME = 'isGTDateTime';

/** What the DTO decorators add to the field's options. */
export interface DateFieldPropertyOptions {
  /**
   * The field's label in the host's form (`Release date`): the message then names the field by it
   * and asks for the display format as a person types it, with an example (`Release date must be a
   * date in the format YYYY-MM-DD, such as 2024-03-25`). Without it the message names the property
   * and every accepted format (`released_on must be a date in the format yyyy-MM-dd (ISO 8601)`),
   * for API clients.
   */
  label?: string;
}

interface OpenApiShape {
  format: 'date' | 'date-time';
  example: string;
}

/**
 * Reads the property through `field` when a body is turned into the DTO (Nest's `ValidationPipe`),
 * and writes it through `field.toRepresentation` when the DTO is turned back into JSON
 * (`ClassSerializerInterceptor`). An unreadable value stays as its `DateFieldValidationError`
 * until validation reports it; an absent property or `null` is accepted (add `@IsDefined()` or
 * `@IsNotEmpty()` to require a value).
 */
function dateFieldProperty(
  validatorName: string,
  field: DateFieldBase,
  label: string | undefined,
  openApi: OpenApiShape,
): PropertyDecorator {
  const message = (error: DateFieldValidationError, property: string) =>
    label === undefined ? error.describe(property) : error.describeForUser(label);
  return applyDecorators(
    Transform(
      ({ key, obj, value }) => {
        // With `enableImplicitConversion` class-transformer has already run the raw value
        // through `new Date()`; read what the client sent.
        const raw: unknown = Object.hasOwn(obj as object, key) ? (obj as Record<string, unknown>)[key] : value;
        try {
          return field.toInternalValue(raw);
        } catch (error) {
          if (error instanceof DateFieldValidationError) return error;
          throw error;
        }
      },
      { toClassOnly: true },
    ),
    Transform(({ value }) => field.toRepresentation(value as Date | string | null | undefined), { toPlainOnly: true }),
    ValidateBy({
      name: validatorName,
      validator: {
        validate: (value: unknown) => !(value instanceof DateFieldValidationError),
        defaultMessage: (args?: ValidationArguments) =>
          message(
            args?.value instanceof DateFieldValidationError
              ? args.value
              : new DateFieldValidationError(`must be ${field.expectation}`, `must be ${field.userExpectation}`),
            args?.property ?? 'value',
          ),
      },
    }),
    ApiDocs(({ ApiProperty }) => [
      ApiProperty({
        type: String,
        format: openApi.format,
        nullable: true,
        required: false,
        example: openApi.example,
        description: `${field.expectation}${field.allowEmptyStr ? '; an empty string means none' : ''}`,
      }),
    ]),
  );
}

/**
 * A DTO property that is a date (`GTDateField`): the body's string becomes a `Date` at local
 * midnight (or `null`); anything unreadable is a 400 naming the property and the formats.
 *
 * Decorators run before any module is configured, so without `format` the property reads the
 * library default `yyyy-MM-dd` (plus ISO 8601), not `WidgetLibModule`'s `dateFormat`: pass the
 * same format to both when the host changes it.
 */
export function GTDate(options: GTDateFieldOptions & DateFieldPropertyOptions = {}): PropertyDecorator {
  return dateFieldProperty(IS_GT_DATE, new GTDateField(options), options.label, {
    format: 'date',
    example: '2024-03-05',
  });
}

/**
 * A DTO property that is a date-time (`GTDateTimeField`): the body's string becomes a `Date`
 * (or `null`); anything unreadable is a 400 naming the property and the formats.
 *
 * Without `format` and `timezone` the property reads the library defaults `yyyy-MM-dd HH:mm` in UTC
 * (plus ISO 8601), not `WidgetLibModule`'s `datetimeFormat` and `timezone`: pass the same values
 * to both when the host changes them.
 */
export function GTDateTime(options: GTDateTimeFieldOptions & DateFieldPropertyOptions = {}): PropertyDecorator {
  return dateFieldProperty(IS_GT_DATE_TIME, new GTDateTimeField(options), options.label, {
    format: 'date-time',
    example: '2024-03-05T14:30:00.000Z',
  });
}
