/** What DataTables passes as a render function's `meta`: the cell's row, column and the table's settings. */
export interface RenderMeta {
  row: number;
  col: number;
  settings?: { columns?: ReadonlyArray<object> };
}

/** A DataTables column render function (spec 2.6 signature). */
export type RenderFunction = (data: unknown, type?: string, row?: unknown, meta?: RenderMeta) => unknown;

/**
 * DataTables asks a renderer for `display` (HTML), and for `sort`, `filter` and `type` (plain data).
 * A call without a type (a host calling the function itself) wants the display form.
 */
export function isDisplay(type: string | undefined): boolean {
  return type === undefined || type === 'display';
}

/** The cell's column settings (they carry the column configuration, e.g. `dateformat`). */
export function columnOf(meta: RenderMeta | undefined): Record<string, unknown> | undefined {
  return meta ? (meta.settings?.columns?.[meta.col] as Record<string, unknown> | undefined) : undefined;
}

/** `null`, `undefined` and `''` are missing; `0` and `false` are values. */
export function isMissing(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}
