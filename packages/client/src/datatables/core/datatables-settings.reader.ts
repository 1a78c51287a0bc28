import type { ColumnSettingsLike, DataTablesSettings } from './datatables-settings.types.js';

/** The number formatter of a table's language: `formatNumber(value, settings)` (3.x), `fnFormatNumber` (2.3). */
interface NumberFormatters {
  formatNumber?: (value: number, settings: object) => unknown;
  fnFormatNumber?: (value: number) => unknown;
}

/** A number as the table's language writes it (thousands separators), given DataTables' settings object. */
export function formatTableNumber(settings: object, value: number): string {
  const { formatNumber, fnFormatNumber } = settings as NumberFormatters;
  if (formatNumber) return String(formatNumber.call(settings, value, settings));
  if (fnFormatNumber) return String(fnFormatNumber.call(settings, value));
  return String(value);
}

/** The table element of DataTables' settings object. */
export function settingsTable(settings: DataTablesSettings | null | undefined): HTMLElement | null {
  return settings?.table ?? settings?.nTable ?? null;
}

/** The columns of DataTables' settings object (each keeps the options it was given, `type` included). */
export function settingsColumns(settings: {
  columns?: ReadonlyArray<ColumnSettingsLike>;
  aoColumns?: ReadonlyArray<ColumnSettingsLike>;
}): ReadonlyArray<ColumnSettingsLike> | undefined {
  return settings.columns ?? settings.aoColumns;
}
