import { DateTime } from 'luxon';

// Luxon tokens that show a time of day or a zone; quoted literals ('T') are not tokens.
const TIME_TOKENS = /[HhmsSaZzTtuX]/;

/** Whether a Luxon format shows a time (a date-time column's `dateformat`). */
export function formatHasTime(format: string): boolean {
  return TIME_TOKENS.test(format.replace(/'[^']*'/g, ''));
}

/**
 * The format the date-range filter of a column accepts: the column's `dateformat` when it is a date
 * format; for a date-time column (the range is in whole days) the page's date format.
 */
export function dateFilterFormat(columnFormat: string | undefined, pageDateFormat: string): string {
  return columnFormat && !formatHasTime(columnFormat) ? columnFormat : pageDateFormat;
}

/** `''` for an empty input, the ISO date (`yyyy-MM-dd`) for a date, `null` for text that is no date. */
export function parseDateFilterInput(text: string, format: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  for (const parsed of [DateTime.fromFormat(trimmed, format), DateTime.fromISO(trimmed)]) {
    if (parsed.isValid) return parsed.toISODate();
  }
  return null;
}

/**
 * The `__range` value of a date filter (`from,to`, either side may be empty), `''` when both inputs
 * are empty, `null` while one of them holds text that is no date.
 */
export function dateRangeValue(fromText: string, toText: string, format: string): string | null {
  const from = parseDateFilterInput(fromText, format);
  const to = parseDateFilterInput(toText, format);
  if (from === null || to === null) return null;
  return from === '' && to === '' ? '' : `${from},${to}`;
}

/** The two ends of a `__range` value (`from,to`, either may be empty); a value without a comma is its start. */
export function dateRangeEnds(value: string): [string, string] {
  const [from = '', to = ''] = value.split(',');
  return [from.trim(), to.trim()];
}

/** An ISO date (`yyyy-MM-dd`) in the filter's format; other text as it is, so that it is seen and can be corrected. */
export function displayDate(iso: string, format: string): string {
  if (iso === '') return '';
  const parsed = DateTime.fromISO(iso);
  return parsed.isValid ? parsed.toFormat(format) : iso;
}
