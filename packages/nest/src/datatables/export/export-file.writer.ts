import type { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { csvHeader, csvRecord, UTF8_BOM } from './csv.writer.js';
import { rowCells, type ExportCell, type ExportColumn, type ExportValues } from './export-cell.writer.js';
import type { DataTableExportFormat } from '../model/index.js';
import { excelNumberFormat } from './excel-number-format.writer.js';
import { ISO_SHEET_DATE_FORMATS, XlsxSheetWriter, type SheetDateFormats } from './xlsx.writer.js';

type Row = Record<string, unknown>;

/** What one file holds and how it is written. */
export interface ExportFileShape {
  format: DataTableExportFormat;
  columns: readonly ExportColumn[];
  /** CSV only: starts with a UTF-8 byte order mark. */
  bom: boolean;
  sheetName: string;
  values: ExportValues;
  /** The totals row written after the last row (`DataTableExportOptions.totals`), or null. */
  totals: readonly ExportCell[] | null;
}

/**
 * XLSX date cells are real dates: with the page's formats as Excel number formats where they have
 * one (else the text the page shows), with ISO formats for the list's values.
 */
function sheetDateFormats(values: ExportValues): SheetDateFormats {
  if (values.mode === 'raw') return ISO_SHEET_DATE_FORMATS;
  return {
    date: excelNumberFormat(values.settings.dateFormat),
    datetime: excelNumberFormat(values.settings.datetimeFormat),
  };
}

/**
 * Waits until `output` has room again (its reader took what was buffered); false when it was
 * destroyed, the client having gone away, so that the walk stops.
 */
function room(output: PassThrough): Promise<boolean> {
  if (output.destroyed) return Promise.resolve(false);
  if (!output.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (value: boolean) => () => {
      output.off('drain', onDrain).off('close', onClose);
      resolve(value);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    output.once('drain', onDrain).once('close', onClose);
  });
}

/**
 * Writes the file into `output` chunk by chunk, waiting for each chunk to be taken before the
 * next is read (backpressure), and ends it. Each chunk gives the event loop a turn: a synchronous
 * driver (better-sqlite3) would otherwise hold it for the whole walk, leaving the socket, the
 * compressor and every other request waiting. Stops reading `chunks` as soon as `output` is
 * destroyed; an error of the walk is thrown for the caller to break the response off.
 */
export async function writeExportFile(
  output: PassThrough,
  shape: ExportFileShape,
  chunks: AsyncIterable<Row[]>,
): Promise<void> {
  if (shape.format === 'csv') {
    output.write(`${shape.bom ? UTF8_BOM : ''}${csvHeader(shape.columns.map((column) => column.title))}`);
    for await (const rows of chunks) {
      if (output.destroyed) return;
      output.write(rows.map((row) => csvRecord(rowCells(row, shape.columns, shape.values))).join(''));
      await setImmediate();
      if (!(await room(output))) return;
    }
    if (shape.totals) output.write(csvRecord(shape.totals));
    output.end();
    return;
  }
  const sheet = new XlsxSheetWriter(output, shape.sheetName, shape.columns, sheetDateFormats(shape.values));
  for await (const rows of chunks) {
    if (output.destroyed) return;
    for (const row of rows) sheet.addRow(rowCells(row, shape.columns, shape.values));
    await setImmediate();
    await sheet.drained();
    if (!(await room(output))) return;
  }
  if (shape.totals) sheet.addRow(shape.totals, { bold: true });
  await sheet.end();
}
