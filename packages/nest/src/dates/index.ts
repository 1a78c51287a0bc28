export { DEFAULT_DATE_FORMAT, DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './date-field.constants.js';
export type { GTDateFieldOptions } from './date-field.base.js';
export { DateFieldValidationError } from './date-field-validation.error.js';
export { GTDate, GTDateTime } from './date-field.decorators.js';
export type { DateFormatsScriptOptions } from './date-formats-script.js';
export { DateFormatsService } from './date-formats.service.js';
export { GTDateTimeField, type GTDateTimeFieldOptions } from './gt-date-time.field.js';
export { GTDateField } from './gt-date.field.js';
