import { DateTime } from 'luxon';
import type { FieldKind } from './table-request.types.js';

/** How a table shows its values: the page's date formats and time zone, and its words for booleans. */
export interface CellLabelSettings {
  /** Luxon tokens of a date (`document.date_format`). */
  dateFormat: string;
  /** Luxon tokens of a date-time (`document.datetime_format`). */
  datetimeFormat: string;
  /** The IANA zone date-times are shown in. */
  timezone: string;
  yes: string;
  no: string;
}

/** What a value is, for its label: a field's kind, or `other` for a path that is no field of the entity. */
export type LabelKind = FieldKind | 'other';

/** The labels of one field's values (`DataTableOptions.choices`), keyed by the value as text. */
export type ChoiceLabels = ReadonlyMap<string, string>;

/** A boolean as stored or serialised (`true`, `1`, `'true'`, `'1'`), or null when the value is none of them. */
export function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** A date or date-time (ISO 8601 text or a `Date`) as Luxon reads it, in `zone` for a date-time; null when it is none. */
export function shownDateTime(value: unknown, kind: 'date' | 'datetime', zone: string): DateTime | null {
  let parsed: DateTime;
  if (value instanceof Date) parsed = DateTime.fromJSDate(value, { zone: kind === 'date' ? 'UTC' : zone });
  else if (typeof value === 'string') parsed = DateTime.fromISO(value.trim(), { setZone: true });
  else return null;
  if (!parsed.isValid) return null;
  return kind === 'datetime' ? parsed.setZone(zone) : parsed;
}

/**
 * One value as the table shows it: a choice's label, Yes or No for a boolean, a date or date-time in
 * the page's format (a date-time in its time zone), anything else as text; null for no value.
 */
export function cellLabel(
  value: unknown,
  kind: LabelKind,
  choices: ChoiceLabels | undefined,
  settings: CellLabelSettings,
): string | null {
  if (value === null || value === undefined) return null;
  const choice = choices?.get(String(value));
  if (choice !== undefined) return choice;
  if (kind === 'boolean') {
    const flag = booleanOf(value);
    if (flag !== null) return flag ? settings.yes : settings.no;
  }
  if (kind === 'date' || kind === 'datetime') {
    const shown = shownDateTime(value, kind, settings.timezone);
    if (shown) return shown.toFormat(kind === 'date' ? settings.dateFormat : settings.datetimeFormat);
  }
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean | bigint);
}
