import { DateTime, type DateTimeOptions } from 'luxon';
import { MAX_INPUT_LENGTH, MAX_YEAR, MIN_YEAR } from './date-field.constants.js';
import { DateFieldValidationError } from './date-field-validation.errors.js';

export interface GTDateFieldOptions {
  /** Whether `''` (or only white space) is accepted, as `null`. Default `true`. */
  allowEmptyStr?: boolean;
  /** Luxon tokens of the display format; input in it is accepted besides ISO 8601. */
  format?: string;
  /** More Luxon formats accepted as input. */
  inputFormats?: readonly string[];
}

/** Reads `text` with Luxon; an invalid `DateTime` when it does not match. */
export type DateTextParser = (text: string, options: DateTimeOptions) => DateTime;

export function formatParser(format: string): DateTextParser {
  return (text, options) => DateTime.fromFormat(text, format, options);
}

/**
 * A Luxon format as a person types it: the year and day tokens in capitals (`yyyy-MM-dd` ->
 * `YYYY-MM-DD`, `dd.MM.yyyy HH:mm` -> `DD.MM.YYYY HH:mm`), quoted literals without their quotes.
 */
export function typedFormat(format: string): string {
  return format.replace(/'(?:[^']|'')*'|y+|d+/g, (part) =>
    part.startsWith("'") ? part.slice(1, -1).replace(/''/g, "'") : part.toUpperCase(),
  );
}

/** The day (and time) every example of a format shows: a day above 12, so that day and month cannot be mistaken. */
const EXAMPLE_DAY = DateTime.fromObject({ year: 2024, month: 3, day: 25, hour: 14, minute: 30 }, { zone: 'utc' });

/** "the format a", "the format a or b", "one of the formats a, b or c". */
export function describeFormats(formats: readonly string[]): string {
  if (formats.length === 1) return `the format ${formats[0]}`;
  if (formats.length === 2) return `the format ${formats[0]} or ${formats[1]}`;
  return `one of the formats ${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`;
}

/**
 * What `GTDateField` and `GTDateTimeField` share: the options, the checks on the shape of the
 * input, and the error messages. Subclasses turn a non-empty string or a `Date` into their value.
 */
export abstract class DateFieldBase {
  readonly allowEmptyStr: boolean;
  readonly format: string;
  readonly inputFormats: readonly string[];
  /** The display format followed by the other input formats, without repeats. */
  protected readonly formats: readonly string[];

  protected constructor(options: GTDateFieldOptions, defaultFormat: string) {
    this.allowEmptyStr = options.allowEmptyStr ?? true;
    this.format = options.format ?? defaultFormat;
    this.inputFormats = [...(options.inputFormats ?? [])];
    this.formats = [...new Set([this.format, ...this.inputFormats])];
    if (this.formats.some((format) => format.trim() === '')) {
      throw new Error(`${new.target.name}: format and inputFormats must not be empty strings`);
    }
  }

  /** What the field accepts, e.g. `a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd)`. */
  abstract get expectation(): string;

  /**
   * What a person is asked for in a form: the display format as typed and an example, e.g. `a date
   * in the format DD.MM.YYYY, such as 25.03.2024` (the other accepted formats are still accepted).
   */
  abstract get userExpectation(): string;

  /** The display format as a person types it, e.g. `YYYY-MM-DD`: what a form's input can show. */
  get typedFormat(): string {
    return typedFormat(this.format);
  }

  /** A day in the display format, e.g. `2024-03-25`. */
  get example(): string {
    return EXAMPLE_DAY.toFormat(this.format);
  }

  /**
   * The value of an input: `null` and `undefined` give `null`; `''` gives `null` when
   * `allowEmptyStr`; a string in an accepted format or a valid `Date` gives a `Date`. Anything
   * else throws a `DateFieldValidationError` that names the accepted formats.
   */
  toInternalValue(value: unknown): Date | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw this.wrongFormat();
      return this.fromDate(value);
    }
    if (typeof value !== 'string') throw this.wrongFormat();
    const text = value.trim();
    if (text === '') {
      if (this.allowEmptyStr) return null;
      throw new DateFieldValidationError(`must be ${this.expectation}, not an empty string`, 'is required');
    }
    if (text.length > MAX_INPUT_LENGTH) throw this.wrongFormat();
    const parsed = this.fromText(text);
    if (!parsed) throw this.wrongFormat();
    return parsed;
  }

  /** The wire (ISO 8601) form of a stored value; `null` for `null` and `undefined`. */
  abstract toRepresentation(value: Date | string | null | undefined): string | null;

  /** The value of non-empty text, `null` when no accepted format matches. */
  protected abstract fromText(text: string): Date | null;

  protected abstract fromDate(value: Date): Date;

  /** An error whose reason `sentence` completes with what is expected, for programs and for people. */
  protected invalid(sentence: (expected: string) => string): DateFieldValidationError {
    return new DateFieldValidationError(sentence(this.expectation), sentence(this.userExpectation));
  }

  protected wrongFormat(): DateFieldValidationError {
    return this.invalid((expected) => `must be ${expected}`);
  }

  protected checkYear(year: number): void {
    if (year < MIN_YEAR || year > MAX_YEAR) {
      throw this.invalid((expected) => `must be ${expected}, with a year from ${MIN_YEAR} to ${MAX_YEAR}`);
    }
  }

  protected unrepresentable(value: unknown, expected: string): TypeError {
    const shown =
      typeof value === 'string'
        ? `"${value.slice(0, MAX_INPUT_LENGTH)}"`
        : value instanceof Date
          ? 'an invalid Date'
          : `a value of type ${typeof value}`;
    return new TypeError(`${this.constructor.name}.toRepresentation: ${shown} is not ${expected}`);
  }
}
