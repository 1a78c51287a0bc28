/** Library defaults, the same as `WidgetLibModule`'s `dateFormat`, `datetimeFormat` and `timezone`. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_DATETIME_FORMAT = 'yyyy-MM-dd HH:mm';
export const DEFAULT_TIMEZONE = 'UTC';

/** The wire format of a date (ISO 8601 calendar date, Luxon tokens). */
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';

/**
 * The years every supported database keeps in its date and date-time columns: MySQL documents
 * 1000..9999, and mysql2 reads a stored `0001-01-01` back as 1901-01-01.
 */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

/** Longer input is refused before any parsing: no date or date-time format needs more. */
export const MAX_INPUT_LENGTH = 64;
