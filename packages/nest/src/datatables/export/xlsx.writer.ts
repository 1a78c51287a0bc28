import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { ExportCell, ExportColumn } from './export-cell.writer.js';

/**
 * The number formats of a sheet's date and date-time cells; null writes them as the text the page
 * shows (a format without an Excel equivalent).
 */
export interface SheetDateFormats {
  date: string | null;
  datetime: string | null;
}

/** The number formats of an export of the list's values. */
export const ISO_SHEET_DATE_FORMATS: SheetDateFormats = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss' };

/** The part of a Node.js-style writable stream that tells what is buffered. */
interface PendingWrites {
  _writableState?: { length: number; needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

type CellValue = ExcelJS.CellRichTextValue | number | boolean | Date | null;

/**
 * Characters a spreadsheet string writes as `_xHHHH_`: an underscore that would start such an
 * escape (Excel would read `_x0041_` as "A"), and those XML 1.0 cannot hold, which ExcelJS drops.
 */
const ESCAPED = /_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;

/**
 * A text as an inline string (`t="inlineStr"`): ExcelJS's streaming writer writes a rich text value
 * inline, and a plain string as a formula's cached result (`t="str"`) instead. One run, unstyled.
 */
function inlineString(text: string): ExcelJS.CellRichTextValue {
  // XML reads a carriage return as a line feed: written as one, so that the cell reads back as written.
  const escaped = text
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPED, (character) => `_x${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
  return { richText: [{ text: escaped }] };
}

function cellValue(cell: ExportCell, formats: SheetDateFormats): CellValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'date':
    case 'datetime':
      return formats[cell.kind] === null ? inlineString(cell.text) : cell.wallClock;
    case 'text':
      return inlineString(cell.value);
    default:
      return cell.value;
  }
}

/**
 * One worksheet written as it goes with ExcelJS's streaming writer: a header row, then rows
 * committed one by one (text as inline strings, never formulas), so that the workbook is never
 * held whole.
 */
export class XlsxSheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    output: Writable,
    sheetName: string,
    columns: readonly ExportColumn[],
    private readonly dateFormats: SheetDateFormats,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Export');
    this.sheet.columns = columns.map((column) => {
      const numFmt = column.kind === 'date' || column.kind === 'datetime' ? dateFormats[column.kind] : null;
      return { key: column.data, ...(numFmt ? { style: { numFmt } } : {}) };
    });
    const header = this.sheet.addRow(columns.map((column) => inlineString(column.title)));
    header.font = { bold: true };
    header.commit();
  }

  addRow(cells: readonly ExportCell[], font?: { bold: boolean }): void {
    const row = this.sheet.addRow(cells.map((cell) => cellValue(cell, this.dateFormats)));
    if (font) row.font = font;
    row.commit();
  }

  /**
   * Waits until the compressor has taken the rows written so far. ExcelJS writes a sheet's XML
   * into the zip entry without heeding backpressure, so a walk faster than deflate would pile the
   * sheet up in memory; the entry's input stream (`sheet.stream.pipes`, ExcelJS 4's internals,
   * pinned by the dependency range) tells how much is waiting.
   */
  async drained(): Promise<void> {
    const entry = (this.sheet as unknown as { stream?: { pipes?: PendingWrites[] } }).stream?.pipes?.[0];
    while (entry?._writableState && entry._writableState.length > 0 && entry._writableState.needDrain) {
      await new Promise<void>((resolve) => entry.once('drain', resolve));
    }
  }

  /** Writes the rest of the workbook (sheet end, styles, parts list) and ends the output. */
  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
