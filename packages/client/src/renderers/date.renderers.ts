import { DateTime } from 'luxon';
import { escapeHtml } from '../escape.js';
import { dataTableTexts } from '../texts/index.js';
import { columnOf, isDisplay, type RenderFunction } from './render.types.js';

declare global {
  interface Document {
    /** The page's date display format (Luxon tokens), set by the host's template (spec 4.5). */
    date_format?: string;
    /** The page's date-time display format (Luxon tokens). */
    datetime_format?: string;
  }
}

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_DATETIME_FORMAT = 'yyyy-MM-dd HH:mm';

/** `document.date_format` when the page sets one, else `yyyy-MM-dd`. */
export function documentDateFormat(): string {
  return pageFormat('date_format') ?? DEFAULT_DATE_FORMAT;
}

/** `document.datetime_format` when the page sets one, else `yyyy-MM-dd HH:mm`. */
export function documentDatetimeFormat(): string {
  return pageFormat('datetime_format') ?? DEFAULT_DATETIME_FORMAT;
}

function pageFormat(name: 'date_format' | 'datetime_format'): string | null {
  if (typeof document === 'undefined') return null;
  const format = document[name];
  return typeof format === 'string' && format.trim() !== '' ? format : null;
}

/**
 * A server date (`yyyy-MM-dd`) or date-time (ISO 8601 with offset) in `format` (Luxon tokens). A
 * date-time keeps the offset the server sent, so the page shows the server's time zone. `null` when
 * the value is not an ISO date.
 */
export function formatIsoDate(value: unknown, format: string): string | null {
  let parsed: DateTime;
  if (value instanceof Date) parsed = DateTime.fromJSDate(value);
  else if (typeof value === 'string') parsed = DateTime.fromISO(value.trim(), { setZone: true });
  else return null;
  return parsed.isValid ? parsed.toFormat(format) : null;
}

function dateRenderer(defaultFormat: () => string, explicitFormat?: string): RenderFunction {
  return (data, type, _row, meta) => {
    if (!isDisplay(type)) return data;
    if (data === null || data === undefined || data === '') return escapeHtml(dataTableTexts().empty);
    const columnFormat = columnOf(meta)?.dateformat;
    const format =
      explicitFormat ?? (typeof columnFormat === 'string' && columnFormat !== '' ? columnFormat : defaultFormat());
    // A value that is not a date is shown as it came, escaped.
    return escapeHtml(formatIsoDate(data, format) ?? data);
  };
}

/**
 * The spec's date rendering: a date formatted with `format`, else the column's `dateformat`, else
 * `document.date_format` (else `yyyy-MM-dd`). Missing values show the empty text (`--`).
 */
export function renderDate(format?: string): RenderFunction {
  return dateRenderer(documentDateFormat, format);
}

/** As `renderDate`, for date-times: `format`, the column's `dateformat`, else `document.datetime_format`. */
export function renderDatetime(format?: string): RenderFunction {
  return dateRenderer(documentDatetimeFormat, format);
}
