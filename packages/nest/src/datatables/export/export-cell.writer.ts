import { DateTime } from 'luxon';

/**
 * A value of an exported row as a typed cell. Dates keep the list's ISO 8601 text (what CSV
 * writes) and the wall-clock time it shows (what a spreadsheet cell shows, having no time zone).
 */
export type ExportCell =
  | { kind: 'empty' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date' | 'datetime'; text: string; wallClock: Date };

/** What a column's values are, from the entity metadata of the field it shows (when it shows one). */
export type ColumnKind = 'date' | 'datetime' | 'other';

/** One exported column: the path of the value in the serialised row (`artist.name`) and its title. */
export interface ExportColumn {
  data: string;
  title: string;
  kind: ColumnKind;
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

/** The time an ISO 8601 text shows, as a UTC instant (how spreadsheet libraries write a zone-less cell). */
function wallClock(text: string): Date | null {
  const parsed = DateTime.fromISO(text, { setZone: true });
  if (!parsed.isValid) return null;
  const { year, month, day, hour, minute, second, millisecond } = parsed;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
}

/** A list as one text: scalars joined by `; `, anything else as JSON. */
function joined(values: readonly unknown[]): string {
  return values
    .filter((value) => value !== null && value !== undefined)
    .map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join('; ');
}

/** The cell of one value of a column. */
export function exportCell(value: unknown, kind: ColumnKind): ExportCell {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : EMPTY;
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'string') {
    if (kind !== 'other') {
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
export function rowCells(row: Record<string, unknown>, columns: readonly ExportColumn[]): ExportCell[] {
  return columns.map((column) => exportCell(valueAt(row, column.data.split('.')), column.kind));
}
