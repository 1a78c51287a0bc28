import type { DateTime, Zone } from 'luxon';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instant at which clocks in `zone` show the wall time `wall` (its fields, read as written).
 * A wall time that occurs twice (clocks turned back) gives the earlier instant, as Python's
 * `fold=0` and Temporal's `'compatible'` do; one that never occurs (clocks moved forward) gives
 * `null`, where Luxon alone would silently move it.
 */
export function instantOfWallTime(wall: DateTime, zone: Zone): Date | null {
  const wallMs = wall.setZone('utc', { keepLocalTime: true }).toMillis();
  // Every offset in force within a day of the wall time; a zone changes its offset at most once a day.
  const offsetsMs = new Set([-DAY_MS, 0, DAY_MS].map((shift) => Math.round(zone.offset(wallMs + shift) * MINUTE_MS)));
  const instants = [...offsetsMs]
    .map((offsetMs) => wallMs - offsetMs)
    .filter((instant) => Math.round(zone.offset(instant) * MINUTE_MS) === wallMs - instant);
  return instants.length > 0 ? new Date(Math.min(...instants)) : null;
}
