import { utcOffsetInRange } from '../../common/utc-offset.checks.js';

/**
 * A time of day after a date as the databases write a date-time key (`temporalText`): ` 10:00:00`
 * or `T10:00:00`, a fraction, and an offset as PostgreSQL writes one (`Z`, `+01`, `+01:00`,
 * `+00:09:21`).
 */
const TIME = /^[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}(:\d{2}){0,2})?$/;

/**
 * Whether `rest` (what follows the day of a date-time key) is a time the database reads back: a
 * real time of day, and an offset within the range PostgreSQL takes (see `utcOffsetInRange`).
 */
export function isKeyTimeText(rest: string): boolean {
  const match = TIME.exec(rest);
  if (!match) return false;
  const [hour, minute, second] = match.slice(1, 4).map(Number) as [number, number, number];
  return hour < 24 && minute < 60 && second < 60 && utcOffsetInRange(rest);
}
