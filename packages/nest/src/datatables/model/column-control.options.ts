/**
 * `DataTableOptions.columnControl`: the paths whose ColumnControl `searchList` options the list
 * answer carries (its top-level `columnControl`, keyed as ColumnControl looks them up), e.g.
 * `{ lists: { format: {}, artist__name: { limit: 50 } }, cascade: true }`.
 */
export interface DataTableColumnControl {
  /** Each path and the most options it answers (`limit`, default `limits.maxPaneOptions`). */
  lists: Record<string, { limit?: number }>;
  /**
   * Whether a list holds only the values of the rows matching the request's other conditions (its
   * search, filters, other columns' searches and pane selections), as SearchPanes' cascade does.
   * Default false: every value of the base query's rows.
   */
  cascade?: boolean;
}

/** One option of a ColumnControl list: the label shown (HTML-escaped, as ColumnControl writes it as HTML) and the value sent back. */
export interface DataTableColumnControlOption {
  label: string;
  /** `''` for the empty option (no value), which a list selection sends back as the empty value. */
  value: string;
}

/** The most options one ColumnControl list may declare. */
export const MAX_COLUMN_CONTROL_OPTIONS = 10_000;

/** Mistakes in `columnControl`: a limit out of range (its paths are checked as every path is). */
export function columnControlProblems(columnControl: DataTableColumnControl | undefined): string[] {
  if (columnControl === undefined) return [];
  const { lists } = columnControl;
  if (typeof lists !== 'object' || lists === null || Array.isArray(lists)) {
    return ['columnControl.lists must be an object { <path>: { limit? } }'];
  }
  const problems: string[] = [];
  for (const [path, list] of Object.entries(lists)) {
    const limit = list?.limit;
    if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_COLUMN_CONTROL_OPTIONS)) {
      problems.push(`columnControl.lists.${path}.limit must be an integer from 1 to ${MAX_COLUMN_CONTROL_OPTIONS}`);
    }
  }
  return problems;
}
