import { DateTime, Info, type Zone } from 'luxon';
import { DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './date-field.constants.js';
import {
  DateFieldBase,
  describeFormats,
  formatParser,
  type DateTextParser,
  type GTDateFieldOptions,
} from './date-field-base.format.js';
import { DateFieldValidationError } from './date-field-validation.errors.js';
import { instantOfWallTime } from './zoned-wall-time.parser.js';
import { MAX_UTC_OFFSET_HOURS, utcOffsetInRange } from '../common/utc-offset.checks.js';

export interface GTDateTimeFieldOptions extends GTDateFieldOptions {
  /** IANA time zone in which input without an offset is read and values are shown. Default `UTC`. */
  timezone?: string;
}

const parseIso: DateTextParser = (text, options) => DateTime.fromISO(text, options);

/** An ISO 8601 date-time that ends with its own offset (`Z`, `+01:00`, `+0100`, `+01`). */
const WITH_OFFSET = /t.*(?:z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * The spec's GTDateTimeField: an instant. Input: ISO 8601 with or without an offset, the `format`
 * and the `inputFormats`, `''` when `allowEmptyStr`; a time without an offset is read in `timezone`.
 * A local time that occurs twice (clocks turned back) is the earlier instant; one that clocks skip
 * is refused. Representation: ISO 8601 with the offset of `timezone`, e.g.
 * `2024-03-05T14:30:00.000+01:00` (`Z` when the zone is UTC).
 *
 * The field does not depend on the server process's time zone, but storage may: TypeORM's `Date`
 * columns on PostgreSQL (`timestamp`) and MySQL/MariaDB (`datetime`) hold the process's local wall
 * time, so when that zone turns its clocks back, the repeated hour's later instants come back as
 * the earlier ones. Run the server with `TZ=UTC` (SQLite stores UTC either way).
 */
export class GTDateTimeField extends DateFieldBase {
  readonly timezone: string;
  private readonly zone: Zone;
  /** Whether `timezone` is UTC, where a Date's own ISO text is the representation. */
  private readonly utc: boolean;

  constructor(options: GTDateTimeFieldOptions = {}) {
    super(options, DEFAULT_DATETIME_FORMAT);
    this.timezone = options.timezone ?? DEFAULT_TIMEZONE;
    if (!Info.isValidIANAZone(this.timezone)) {
      throw new Error(`GTDateTimeField: timezone "${this.timezone}" is not an IANA time zone`);
    }
    this.zone = Info.normalizeZone(this.timezone);
    this.utc = this.zone.isUniversal && this.zone.offset(0) === 0;
  }

  get expectation(): string {
    return `a date-time in ${describeFormats([...this.formats, 'ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)'])}`;
  }

  get userExpectation(): string {
    return `a date and time in the format ${this.typedFormat}, such as ${this.example}`;
  }

  /** ISO 8601 in `timezone` of a `Date`, or of an ISO 8601 string that carries its offset. */
  toRepresentation(value: Date | string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    const instant = typeof value === 'string' ? this.instantOfStoredText(value.trim()) : value;
    if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
      throw this.unrepresentable(value, 'a valid Date or an ISO 8601 date-time string with an offset');
    }
    // In UTC, for four-digit years, luxon's ISO text is the Date's own (and a list writes many).
    const year = instant.getUTCFullYear();
    if (this.utc && year >= 1000 && year <= 9999) return instant.toISOString();
    return DateTime.fromJSDate(instant, { zone: this.zone }).toISO()!;
  }

  protected fromText(text: string): Date | null {
    for (const parse of [parseIso, ...this.formats.map(formatParser)]) {
      const instant = this.instantOf(text, parse);
      if (instant) return instant;
    }
    return null;
  }

  protected fromDate(value: Date): Date {
    return this.checkedInstant(new Date(value.getTime()));
  }

  /**
   * The instant, when its year is in range wherever it is written: in `timezone` (its
   * representation), in UTC and in the process's zone (which the drivers write into columns). A
   * text's own year is not enough: `9999-12-31T23:00-05:00` is in the year 10000 in UTC, which
   * MySQL/MariaDB refuse.
   */
  private checkedInstant(instant: Date): Date {
    for (const year of [
      DateTime.fromJSDate(instant, { zone: this.zone }).year,
      instant.getUTCFullYear(),
      instant.getFullYear(),
    ])
      this.checkYear(year);
    return instant;
  }

  private instantOf(text: string, parse: DateTextParser): Date | null {
    const parsed = parse(text, { zone: this.zone, setZone: true });
    if (!parsed.isValid) return null;
    this.checkYear(parsed.year);
    if (!utcOffsetInRange(text)) {
      throw this.invalid(
        (expected) =>
          `must be ${expected}, with an offset from -${MAX_UTC_OFFSET_HOURS}:59 to +${MAX_UTC_OFFSET_HOURS}:59`,
      );
    }
    // The text carried its own offset: it names one instant.
    if (!parsed.zone.equals(this.zone)) return this.checkedInstant(parsed.toJSDate());
    // A local time of `timezone`: Luxon would move one that clocks skip, so resolve it here.
    const wall = parse(text, { zone: 'utc' });
    const instant = instantOfWallTime(wall, this.zone);
    if (!instant) {
      throw new DateFieldValidationError(
        `must be a date-time that exists in the time zone ${this.timezone}; ` +
          `${wall.toFormat('yyyy-MM-dd HH:mm')} is skipped there by a clock change`,
      );
    }
    return this.checkedInstant(instant);
  }

  /** A stored string names an instant only with its offset; without one, which zone it was in is unknown. */
  private instantOfStoredText(text: string): Date | null {
    if (!WITH_OFFSET.test(text)) return null;
    const parsed = parseIso(text, { zone: 'utc', setZone: true });
    return parsed.isValid ? parsed.toJSDate() : null;
  }
}
