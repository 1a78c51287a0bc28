export { DEFAULT_DATE_FORMAT, DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './date-field.constants.js';
export type { GTDateFieldOptions } from './date-field-base.format.js';
export { DateFieldValidationError } from './date-field-validation.errors.js';
export { GTDate, GTDateTime, type DateFieldPropertyOptions } from './date-field.decorator.js';
export type { DateFormatsScriptOptions } from './date-formats-script.writer.js';
export { DateFormatsService } from './date-formats.service.js';
export { GTDateTimeField, type GTDateTimeFieldOptions } from './gt-date-time-field.format.js';
export { GTDateField } from './gt-date-field.format.js';
