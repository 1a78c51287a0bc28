import { DateTime } from 'luxon';
import {
  booleanOf,
  cellLabel,
  shownDateTime,
  type CellLabelSettings,
  type ChoiceLabels,
  type DataTableExportValues,
  type LabelKind,
} from '../model/index.js';

/**
 * A value of an exported row as a typed cell. Dates keep their text (what CSV writes: the list's
 * ISO 8601 text, or the page's format) and the wall-clock time it shows (what a spreadsheet cell
 * shows, having no time zone).
 */
export type ExportCell =
  | { kind: 'empty' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date' | 'datetime'; text: string; wallClock: Date };

/** What a column's values are, from the entity metadata of the field it shows (`other` when it shows none). */
export type ColumnKind = LabelKind;

/** One exported column: the path of the value in the serialised row (`artist.name`), its title, its field's kind and choices. */
export interface ExportColumn {
  data: string;
  title: string;
  kind: ColumnKind;
  choices?: ChoiceLabels;
}

/** What an export's cells hold: the list's values (`raw`), or what the table shows (`shown`) in the page's settings. */
export interface ExportValues {
  mode: DataTableExportValues;
  settings: CellLabelSettings;
}

const EMPTY: ExportCell = { kind: 'empty' };

/** The value at a dotted path of a serialised row; through arrays (to-many relations) it collects each item's. */
export function valueAt(row: unknown, path: readonly string[]): unknown {
  let value = row;
  for (const [index, key] of path.entries()) {
    if (Array.isArray(value)) return value.map((item) => valueAt(item, path.slice(index)));
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The time a Luxon date-time shows, as a UTC instant (how spreadsheet libraries write a zone-less cell). */
function wallClockOf(shown: DateTime): Date {
  const { year, month, day, hour, minute, second, millisecond } = shown;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
}

/** The time an ISO 8601 text shows, in the offset it carries. */
function wallClock(text: string): Date | null {
  const parsed = DateTime.fromISO(text, { setZone: true });
  return parsed.isValid ? wallClockOf(parsed) : null;
}

/** A list as one text: scalars joined by `; `, anything else as JSON. */
function joined(values: readonly unknown[]): string {
  return values
    .filter((value) => value !== null && value !== undefined)
    .map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join('; ');
}

/**
 * The cell of one value of a column as the table shows it: a choice's label, the words of a
 * boolean, a date or date-time in the page's format and time zone (its wall-clock time for a
 * spreadsheet), a list of values each so; numbers stay numbers.
 */
export function shownCell(value: unknown, column: ExportColumn, settings: CellLabelSettings): ExportCell {
  if (value === null || value === undefined || value === '') return EMPTY;
  const { kind, choices } = column;
  if (Array.isArray(value)) {
    const texts = value
      .flat(Infinity)
      .filter((item) => item !== null && item !== undefined && item !== '')
      .map((item) => cellLabel(item, kind, choices, settings));
    return texts.length === 0 ? EMPTY : { kind: 'text', value: texts.join('; ') };
  }
  const choice = choices?.get(String(value));
  if (choice !== undefined) return { kind: 'text', value: choice };
  if (kind === 'boolean' || typeof value === 'boolean') {
    const flag = booleanOf(value);
    if (flag !== null) return { kind: 'text', value: flag ? settings.yes : settings.no };
  }
  if (kind === 'date' || kind === 'datetime') {
    const shown = shownDateTime(value, kind, settings.timezone);
    if (shown) {
      const text = shown.toFormat(kind === 'date' ? settings.dateFormat : settings.datetimeFormat);
      return { kind, text, wallClock: wallClockOf(shown) };
    }
  }
  return exportCell(value, 'other');
}

/** The cell of one value of a column, as the list serialises it. */
export function exportCell(value: unknown, kind: ColumnKind): ExportCell {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : EMPTY;
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'string') {
    if (kind === 'date' || kind === 'datetime') {
      const shown = wallClock(value);
      if (shown) return { kind, text: value, wallClock: shown };
    }
    return { kind: 'text', value };
  }
  if (typeof value === 'bigint') return { kind: 'text', value: String(value) };
  if (Array.isArray(value)) {
    const text = joined(value.flat(Infinity));
    return text === '' ? EMPTY : { kind: 'text', value: text };
  }
  return { kind: 'text', value: JSON.stringify(value) };
}

/** The cells of a serialised row, one per column. */
export function rowCells(
  row: Record<string, unknown>,
  columns: readonly ExportColumn[],
  values: ExportValues,
): ExportCell[] {
  return columns.map((column) => {
    const value = valueAt(row, column.data.split('.'));
    return values.mode === 'raw' ? exportCell(value, column.kind) : shownCell(value, column, values.settings);
  });
}
