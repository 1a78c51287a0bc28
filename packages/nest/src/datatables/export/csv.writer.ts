import type { ExportCell } from './export-cell.writer.js';

/** The first characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection). */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** The UTF-8 byte order mark Excel needs to read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) prefixed with a single quote, so that it is shown as text. Numbers are
 * not text cells and are left alone: `-5` stays a negative number.
 */
export function neutralisedText(text: string): string {
  return text.length > 0 && FORMULA_STARTS.has(text[0]!) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): quoted, quotes doubled, when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell as CSV text: numbers as written by JavaScript, booleans as true/false, dates as their ISO text. */
function cellText(cell: ExportCell): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'number':
      return String(cell.value);
    case 'boolean':
      return cell.value ? 'true' : 'false';
    case 'date':
    case 'datetime':
      return cell.text;
    case 'text':
      return neutralisedText(cell.value);
  }
}

/** One CSV record ending in CRLF (RFC 4180). */
export function csvRecord(cells: readonly ExportCell[]): string {
  return `${cells.map((cell) => csvField(cellText(cell))).join(',')}\r\n`;
}

/** The header record: every title is text, neutralised like any text cell. */
export function csvHeader(titles: readonly string[]): string {
  return csvRecord(titles.map((value) => ({ kind: 'text', value })));
}
