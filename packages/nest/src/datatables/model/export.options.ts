import type { LanguageTexts } from '../../common/messages/index.js';

/** The file formats an export answers. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type DataTableExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What an export's cells hold: `shown`, what the table's cells show (choice labels, Yes/No, dates
 * and date-times in the page's formats and time zone), for people reading it in a spreadsheet; `raw`,
 * the list's values (`true`/`false`, stored values, ISO 8601 dates), for programs.
 */
export const EXPORT_VALUES = ['shown', 'raw'] as const;
export type DataTableExportValues = (typeof EXPORT_VALUES)[number];

/** One exported column: a path of the serialised row (`name`, `artist.name`) and its header. */
export interface DataTableExportColumn {
  data: string;
  /**
   * The header cell (default: `data`): one text, or one per language by BCP 47 tag
   * (`{ en: 'Title', es: 'Título' }`), of which the export takes the reader's (the module's
   * `getLanguage`, by default `Accept-Language`; `es-MX` finds `es`), else the English one, else the first.
   */
  title?: LanguageTexts;
}

/**
 * The export of a data-table endpoint (`DataTableOptions.export`, `DataTableResource`'s
 * `dataTable.export`): every row the list request matches, as a CSV or XLSX download.
 */
export interface DataTableExportOptions {
  /**
   * Route of the export, relative to the controller, used by `@DataTableExport` and
   * `DataTableResource` (default `export`: `GET <list>/export`, and `POST <list>/export` where the
   * list has its POST form).
   */
  path?: string;
  /** Formats offered (default both); another `format` is a 400. */
  formats?: DataTableExportFormat[];
  /**
   * The columns a file may have, in their default order. A request's `fields` may pick and order
   * them; one it names that is not listed here is a 400. Without it, the columns are the leaf
   * paths of the first row (relations as `artist.name`) and `fields` may name any path.
   */
  columns?: (string | DataTableExportColumn)[];
  /** The file's name before `-<date>.<format>` (default: the table's name). */
  fileName?: string;
  /** The most rows one export may hold (default: the module's `dataTables.export.maxRows`, 100 000). */
  maxRows?: number;
  /** Rows read per statement (default: the module's `dataTables.export.chunkSize`, 1000). */
  chunkSize?: number;
  /** What the cells hold when the request has no `values` (default `shown`). */
  values?: DataTableExportValues;
  /**
   * Whether a CSV file starts with a UTF-8 byte order mark when the request has no `bom`. Default:
   * with `shown` values, which are meant for spreadsheets (Excel reads a CSV without one in the
   * system's code page, garbling accented text); without for `raw` values, meant for programs.
   */
  bom?: boolean;
  /**
   * Whether the file ends with a totals row when the request has no `totals` (default false): each
   * exported column with declared `aggregates` holds its first declared aggregate over every row the
   * request matches, the first column without one the word `dataTables.texts.totals` (or the
   * request's `totals_label`). Only on a table that declares `aggregates`.
   */
  totals?: boolean;
}

/** The module-wide defaults of every export (`WidgetLibModule`'s `dataTables.export`). */
export interface DataTableExportDefaults {
  maxRows?: number;
  chunkSize?: number;
  /** Default: a byte order mark with `shown` values, none with `raw` ones (see `DataTableExportOptions.bom`). */
  bom?: boolean;
  values?: DataTableExportValues;
}

export const DEFAULT_EXPORT_MAX_ROWS = 100_000;
export const DEFAULT_EXPORT_CHUNK_SIZE = 1000;
export const MAX_EXPORT_CHUNK_SIZE = 10_000;
