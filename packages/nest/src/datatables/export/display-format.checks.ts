import { DateTime, Info } from 'luxon';

/** The most characters of a display format, a time zone or a word an export request may send. */
export const MAX_DISPLAY_TEXT_LENGTH = 64;

/** A day and a time every whole display format tells apart from any other (a day past 12, an hour past 12). */
const REFERENCE = DateTime.fromObject({ year: 2006, month: 11, day: 23, hour: 14, minute: 35 }, { zone: 'UTC' });

/**
 * Why `format` (Luxon tokens) cannot show a date (`kind` date) or a date-time to the minute, or null
 * when it can: what it writes of a reference date-time must read back as the same day (and hour
 * and minute), which a format with unknown letters, or one leaving out the day or the time, fails.
 */
export function displayFormatProblem(name: string, format: string, kind: 'date' | 'datetime'): string | null {
  const whole = kind === 'date' ? 'a whole date' : 'a whole date and time (to the minute)';
  if (format.trim() === '' || format.length > MAX_DISPLAY_TEXT_LENGTH) {
    return `${name} must be 1 to ${MAX_DISPLAY_TEXT_LENGTH} characters of Luxon tokens`;
  }
  const parsed = DateTime.fromFormat(REFERENCE.toFormat(format), format, { zone: 'UTC' });
  const units =
    kind === 'date' ? (['year', 'month', 'day'] as const) : (['year', 'month', 'day', 'hour', 'minute'] as const);
  const same = parsed.isValid && units.every((unit) => parsed[unit] === REFERENCE[unit]);
  return same ? null : `${name} ${JSON.stringify(format)} is not a Luxon format showing ${whole}`;
}

/** Why `zone` is no IANA time zone, or null when it is one. */
export function timeZoneProblem(name: string, zone: string): string | null {
  return zone.length <= MAX_DISPLAY_TEXT_LENGTH && Info.isValidIANAZone(zone)
    ? null
    : `${name} ${JSON.stringify(zone.slice(0, MAX_DISPLAY_TEXT_LENGTH))} is not an IANA time zone (e.g. Europe/Oslo)`;
}
