/**
 * The offset at the end of a date-time text, after its time (`T10:00+01:00`, `T1000+0100`,
 * `10:00:00.5Z`): the sign and its digits.
 */
const TRAILING_OFFSET = /[T ]\d{2}(?::?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)?(?:Z|([+-])(\d{2}(?::?\d{2}){0,2}))$/i;

/** The widest offset from UTC in hours that a time may carry (PostgreSQL refuses 16 and beyond). */
export const MAX_UTC_OFFSET_HOURS = 15;

/**
 * Whether the offset a date-time text ends with (if any) is one a database reads: at most 15:59:59
 * either side of UTC, minutes and seconds below 60. PostgreSQL answers any other with an error
 * ("time zone displacement out of range"); real offsets lie between -12:00 and +14:00.
 */
export function utcOffsetInRange(text: string): boolean {
  const digits = TRAILING_OFFSET.exec(text)?.[2]?.replaceAll(':', '');
  if (digits === undefined) return true;
  const [hours, minutes = 0, seconds = 0] = (digits.match(/\d{2}/g) ?? []).map(Number);
  return hours! <= MAX_UTC_OFFSET_HOURS && minutes < 60 && seconds < 60;
}
