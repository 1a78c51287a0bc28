const UNITS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** The longest time between two purges by the timer. */
const LONGEST_PERIOD = 3_600_000;

/**
 * The milliseconds a `trash.retention` stands for, or the problem with it: a positive whole number
 * of milliseconds, or `<number> <unit>` with unit second, minute, hour, day or week (plural or not).
 */
export function parseTrashRetention(value: unknown): number | string {
  const problem =
    "trash.retention must be a positive number of milliseconds or a text such as '30 days' " +
    '(seconds, minutes, hours, days, weeks)';
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : problem;
  if (typeof value !== 'string') return problem;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\s*$/i.exec(value);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) return problem;
  const milliseconds = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(milliseconds) && milliseconds > 0 ? milliseconds : problem;
}

/** How often the retention timer purges: hourly, or every `retention` when it is shorter. */
export function retentionPeriod(retention: number): number {
  return Math.min(retention, LONGEST_PERIOD);
}
