export { DEFAULT_DATE_FORMAT, DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './date-field.constants.js';
export { DateFieldBase, type GTDateFieldOptions } from './date-field.base.js';
export { DateFieldValidationError } from './date-field-validation.error.js';
export { GTDate, GTDateTime, IS_GT_DATE, IS_GT_DATE_TIME } from './date-field.decorators.js';
export {
  renderDateFormatsScript,
  type DateFormatsScriptOptions,
  type PageDateFormats,
} from './date-formats-script.js';
export { DateFormatsService } from './date-formats.service.js';
export { GTDateTimeField, type GTDateTimeFieldOptions } from './gt-date-time.field.js';
export { GTDateField } from './gt-date.field.js';
