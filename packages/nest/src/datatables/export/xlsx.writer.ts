import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { ExportCell, ExportColumn } from './export-cells.js';

const NUMBER_FORMATS: Record<ExportColumn['kind'], string | undefined> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  other: undefined,
};

/** The part of a Node.js-style writable stream that tells what is buffered. */
interface PendingWrites {
  _writableState?: { length: number; needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

type CellValue = string | number | boolean | Date | null;

function cellValue(cell: ExportCell): CellValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'date':
    case 'datetime':
      return cell.wallClock;
    case 'text':
      // XML reads a carriage return as a line feed: written as one, so that the cell reads back as written.
      return cell.value.replace(/\r\n?/g, '\n');
    default:
      return cell.value;
  }
}

/**
 * One worksheet written as it goes with ExcelJS's streaming writer: a header row, then rows
 * committed one by one (strings inline, never formulas), so that the workbook is never held whole.
 */
export class XlsxSheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(output: Writable, sheetName: string, columns: readonly ExportColumn[]) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Export');
    this.sheet.columns = columns.map((column) => {
      const numFmt = NUMBER_FORMATS[column.kind];
      return { header: column.title, key: column.data, ...(numFmt ? { style: { numFmt } } : {}) };
    });
    this.sheet.getRow(1).font = { bold: true };
    this.sheet.getRow(1).commit();
  }

  addRow(cells: readonly ExportCell[]): void {
    this.sheet.addRow(cells.map(cellValue)).commit();
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
