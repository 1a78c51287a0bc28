import type { ColumnChoice, WidgetLibColumn } from '../core/index.js';
import { parseRemoteChoices } from '../filters/remote-choices.parser.js';

/** The kind of editor a column's cells get, from its widgetlib `type`. */
export type CellEditorKind = 'text' | 'number' | 'boolean' | 'date' | 'select' | 'remote';

/** The editor of a column: a `select` of its `choices`, a checkbox for booleans, else an input of its type. */
export function cellEditorKind(column: WidgetLibColumn): CellEditorKind {
  switch (column.type) {
    case 'number':
    case 'num':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'select':
      return column.choices?.length ? 'select' : 'text';
    case 'select2':
      return column.url ? 'remote' : column.choices?.length ? 'select' : 'text';
    default:
      return 'text';
  }
}

/**
 * The value a PATCH sends for what the editor holds: a number for a number input (the text as typed
 * when it is none, so that the server names the problem), the choice's own value (typed as in
 * `choices`) for a select, a boolean for a checkbox, else the text.
 */
export function editedValue(
  kind: CellEditorKind,
  input: string | boolean,
  choices: readonly ColumnChoice[] = [],
): string | number | boolean | null {
  if (kind === 'boolean' || typeof input === 'boolean') return Boolean(input);
  if (kind === 'number') {
    const text = input.trim();
    if (text === '') return null;
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (kind === 'select') return choices.find(([value]) => String(value) === input)?.[0] ?? input;
  // A remote search's options are ids: a whole number goes as a number.
  if (kind === 'remote') return input === '' ? null : /^-?\d{1,15}$/.test(input) ? Number(input) : input;
  return input;
}

/**
 * The text an input starts with for a cell's value (`null` and `undefined` as empty); of a related
 * record (`{ id, name }`), its id.
 */
export function editorText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? (parseRemoteChoices([value])[0]?.value ?? '') : String(value);
}

/** A value as words in the conflict view: a choice's label, yes/no words for booleans, `empty` for nothing. */
export function shownValue(
  value: unknown,
  choices: readonly ColumnChoice[] | undefined,
  words: { empty: string; yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return words.empty;
  const choice = choices?.find(([option]) => String(option) === String(value));
  if (choice) return choice[1];
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  // A related record: its name (`text`, `name`, `display_name` or `label`), as the remote search shows it.
  if (typeof value === 'object') return parseRemoteChoices([value])[0]?.text ?? words.empty;
  return String(value);
}

/** The record route of a row: the list URL's path (without its query) plus the row's id and `/`. */
export function recordUrl(listUrl: string, id: string | number, base: string): string {
  const url = new URL(listUrl, base);
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return new URL(`${path}${encodeURIComponent(String(id))}/`, url.origin).href;
}

/** `If-Match` naming the row's version, when the row carries one (a number under `versionField`). */
export function ifMatchHeader(row: Record<string, unknown>, versionField: string): Record<string, string> {
  const version = row[versionField];
  return typeof version === 'number' && Number.isInteger(version) ? { 'If-Match': `"${version}"` } : {};
}
