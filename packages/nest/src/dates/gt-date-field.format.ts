import { DateTime } from 'luxon';
import { DEFAULT_DATE_FORMAT, ISO_DATE_FORMAT } from './date-field.constants.js';
import {
  DateFieldBase,
  describeFormats,
  formatParser,
  type DateTextParser,
  type GTDateFieldOptions,
} from './date-field-base.format.js';

/** ISO 8601 dates (`2024-03-05`, also `20240305`, `2024-W10-2`, `2024-065`), without a time. */
const parseIsoDate: DateTextParser = (text, options) =>
  /t/i.test(text) ? DateTime.invalid('a date has no time') : DateTime.fromISO(text, options);

/** `yyyy-MM-dd` of a day of a four-digit year, or null for any other day (luxon writes those). */
function fourDigitYearIsoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A stored `yyyy-MM-dd` of a day that exists (a list reads many, so not through luxon's parser). */
const STORED_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isExistingDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Local midnight of the server process on a calendar day.
 *
 * A date has no time zone, but a `Date` is an instant, so one convention must hold everywhere:
 * a date is the instant at which the process's local clock starts that day. It is the convention
 * of TypeORM, which writes a `Date` into a `date` column through its local getters
 * (`getFullYear()`, `getMonth()`, `getDate()`) on SQLite, PostgreSQL and MySQL/MariaDB (unless the
 * column sets TypeORM's `utc: true`; leave it unset), and of the `pg` and `mysql2` drivers, which
 * read `date` values as local midnight. Any other choice (UTC midnight, say) stores the previous
 * or the next day when the process's `TZ` is not UTC. Where clocks skip midnight itself, the `Date`
 * is the first instant of the day instead; a day the process's zone skips entirely (30 December
 * 2011 in Pacific/Apia) has no such instant and becomes the next day, in TypeORM as here.
 */
function localMidnight(year: number, month: number, day: number): Date {
  return new Date(year, month - 1, day);
}

/**
 * The spec's GTDateField: a calendar date. Input: ISO 8601 (`yyyy-MM-dd`), the `format` and the
 * `inputFormats`, `''` when `allowEmptyStr`. Value: a `Date` at local midnight of the server process
 * (see `localMidnight`), which round-trips through TypeORM `date` columns whatever the process's
 * time zone. Representation: `yyyy-MM-dd`.
 */
export class GTDateField extends DateFieldBase {
  constructor(options: GTDateFieldOptions = {}) {
    super(options, DEFAULT_DATE_FORMAT);
  }

  get expectation(): string {
    const formats = this.formats.includes(ISO_DATE_FORMAT)
      ? this.formats.map((format) => (format === ISO_DATE_FORMAT ? `${format} (ISO 8601)` : format))
      : [...this.formats, `ISO 8601 (${ISO_DATE_FORMAT})`];
    return `a date in ${describeFormats(formats)}`;
  }

  get userExpectation(): string {
    return `a date in the format ${this.typedFormat}, such as ${this.example}`;
  }

  /** `yyyy-MM-dd` of a `Date` (its local calendar day, see `localMidnight`) or of an ISO date string. */
  toRepresentation(value: Date | string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Date && !Number.isNaN(value.getTime())) {
      const day = { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
      return (
        fourDigitYearIsoDate(day.year, day.month, day.day) ?? DateTime.fromObject(day, { zone: 'utc' }).toISODate()!
      );
    }
    if (typeof value === 'string') {
      const stored = STORED_DATE.exec(value);
      if (stored && isExistingDay(Number(stored[1]), Number(stored[2]), Number(stored[3]))) return value;
      const parsed = parseIsoDate(value.trim(), { zone: 'utc', setZone: true });
      if (parsed.isValid) return parsed.toISODate()!;
    }
    throw this.unrepresentable(value, 'a valid Date or an ISO 8601 date string');
  }

  protected fromText(text: string): Date | null {
    for (const parse of [parseIsoDate, ...this.formats.map(formatParser)]) {
      // setZone keeps the day as written even when a format carries an offset.
      const parsed = parse(text, { zone: 'utc', setZone: true });
      if (parsed.isValid) return this.calendarDay(parsed.year, parsed.month, parsed.day);
    }
    return null;
  }

  protected fromDate(value: Date): Date {
    return this.calendarDay(value.getFullYear(), value.getMonth() + 1, value.getDate());
  }

  private calendarDay(year: number, month: number, day: number): Date {
    this.checkYear(year);
    return localMidnight(year, month, day);
  }
}
