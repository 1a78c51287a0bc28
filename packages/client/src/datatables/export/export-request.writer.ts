import type { DataTableRequestParams, DataTableTransportOptions } from '../core/index.js';
import { listRequest, type ListRequest } from '../transport/index.js';

/** The file formats a `@DataTableExport` route answers. */
export type DataTableExportFormat = 'csv' | 'xlsx';

/**
 * What an export's cells hold: `shown`, what the table's cells show (the server's choice labels,
 * the words of a boolean, dates in the page's formats); `raw`, the list's values.
 */
export type DataTableExportValues = 'shown' | 'raw';

/** What one export asks for beyond the table's current request. */
export interface DataTableExportChoice {
  format: DataTableExportFormat;
  /** The row paths of the columns, in order; default: the visible columns with a data property. */
  fields?: readonly string[];
  /**
   * CSV: start with a UTF-8 byte order mark, for Excel (default: the server's, which writes one
   * with `shown` values and none with `raw` ones).
   */
  bom?: boolean;
  /** What the cells hold (default: the server's, `shown`). */
  values?: DataTableExportValues;
  /**
   * The IANA time zone the file shows date-times in (default: the server's, the zone of the
   * offsets the rows carry, which the table's cells show).
   */
  timeZone?: string;
  /**
   * End the file with a totals row of the table's server-side aggregates (`export[totals]`; default:
   * the server's `export.totals`). Only on a table that declares `aggregates`: elsewhere a 400.
   */
  totals?: boolean;
}

/** How the page shows values, which an export of `shown` values writes too. */
export interface PageDisplay {
  /** Luxon tokens (`document.date_format`). */
  dateFormat: string;
  /** Luxon tokens (`document.datetime_format`). */
  datetimeFormat: string;
  /** The words of a boolean. */
  yes: string;
  no: string;
  /** The first cell of the totals row, sent when the choice asks for totals. */
  totals?: string;
}

/** The list's paging and draw counter: an export holds every matching row. */
const PAGING = new Set(['draw', 'offset', 'limit', 'page', 'page_size', 'start', 'length']);

const ACCEPT: Record<DataTableExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export route of a list at `url`: `<path without trailing slash>/export`, its query string kept. */
export function defaultExportUrl(url: string, base: string): string {
  const target = new URL(url, base);
  target.pathname = `${target.pathname.replace(/\/+$/, '')}/export`;
  target.hash = '';
  return target.toString();
}

/**
 * The export's parameters: the list request's search, filters and ordering, without paging, and
 * the choice as `export[format]`, `export[fields]`, `export[bom]`, `export[values]` and
 * `export[totals]` (with the totals row's word, `export[totals_label]`), the spelling
 * that cannot meet a list parameter (a filter on a field called `format` keeps the plain name).
 * Unless the choice is raw values, how the page shows values goes too (`export[date_format]`,
 * `export[datetime_format]`, `export[yes]`, `export[no]`, and `export[timezone]` when chosen),
 * so that the file shows what the table does.
 */
export function exportParams(
  params: DataTableRequestParams,
  choice: DataTableExportChoice,
  display?: PageDisplay,
): DataTableRequestParams {
  const kept = Object.entries(params).filter(([name]) => !PAGING.has(name));
  const shown =
    display && choice.values !== 'raw'
      ? {
          'export[date_format]': display.dateFormat,
          'export[datetime_format]': display.datetimeFormat,
          'export[yes]': display.yes,
          'export[no]': display.no,
          ...(choice.timeZone === undefined ? {} : { 'export[timezone]': choice.timeZone }),
        }
      : {};
  return {
    ...Object.fromEntries(kept),
    'export[format]': choice.format,
    ...(choice.fields?.length ? { 'export[fields]': choice.fields.join(',') } : {}),
    ...(choice.bom === undefined ? {} : { 'export[bom]': choice.bom ? '1' : '0' }),
    ...(choice.values === undefined ? {} : { 'export[values]': choice.values }),
    ...(choice.totals === undefined ? {} : { 'export[totals]': choice.totals ? '1' : '0' }),
    ...(choice.totals && display?.totals !== undefined ? { 'export[totals_label]': display.totals } : {}),
    ...shown,
  };
}

/**
 * The request of an export, sent as the table sends its list requests: a GET of the export URL
 * while it stays within `maxGetUrlLength`, else a POST of the same parameters as JSON to the same
 * route (without the query string), with the page's CSRF token (same origin only).
 */
export function exportRequest(
  exportUrl: string,
  params: DataTableRequestParams,
  choice: DataTableExportChoice,
  transport: DataTableTransportOptions = {},
  doc: Document = document,
  display?: PageDisplay,
): ListRequest {
  const postUrl = new URL(exportUrl, doc.baseURI);
  postUrl.search = '';
  const request = listRequest(
    exportUrl,
    exportParams(params, choice, display),
    { ...transport, postUrl: postUrl.toString() },
    doc,
  );
  return { ...request, headers: { ...request.headers, Accept: `${ACCEPT[choice.format]}, application/json` } };
}

/**
 * The file name of a `Content-Disposition` header: its `filename*` (RFC 5987, UTF-8) when present,
 * else its `filename`; null without either.
 */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!plain) return null;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!;
}
