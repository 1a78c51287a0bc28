import type { ColumnKind, ExportColumn } from './export-cell.writer.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The leaf paths of a serialised row: its fields, a to-one relation's fields as `artist.name`, a
 * to-many relation as one column; the row's `actions` (links, not data) left out.
 */
export function leafPaths(row: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (prefix === '' && key === 'actions') continue;
    if (isPlainObject(value)) paths.push(...leafPaths(value, `${prefix}${key}.`));
    else paths.push(`${prefix}${key}`);
  }
  return paths;
}

/**
 * The columns of one file: those `fields` names in its order, else the declared ones, else the
 * first row's leaf paths (none when there is no row); each with its title and the kind of the
 * field it shows.
 */
export function exportColumns(
  fields: readonly string[] | null,
  declared: readonly { data: string; title: string }[] | null,
  firstRow: Record<string, unknown> | undefined,
  kindOf: (data: string) => ColumnKind,
): ExportColumn[] {
  const titles = new Map(declared?.map((column) => [column.data, column.title]));
  const data = fields ?? declared?.map((column) => column.data) ?? (firstRow ? leafPaths(firstRow) : []);
  return data.map((path) => ({ data: path, title: titles.get(path) ?? path, kind: kindOf(path) }));
}
