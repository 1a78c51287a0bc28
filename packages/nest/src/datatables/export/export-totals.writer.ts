import type { DataTableAggregateValues } from '../model/index.js';
import type { AggregateColumn } from '../aggregates/index.js';
import { exportCell, type ExportCell, type ExportColumn } from './export-cell.writer.js';

/**
 * The totals row of an export: under each column whose path has declared aggregates, the first one
 * declared for it (as the list answers it: a number, or a decimal's exact text); the first column
 * without one holds `label`. A column path `artist.name` matches the declared `artist__name`.
 */
export function totalsCells(
  columns: readonly ExportColumn[],
  declared: readonly AggregateColumn[],
  totals: Readonly<Record<string, DataTableAggregateValues>>,
  label: string,
): ExportCell[] {
  const byPath = new Map(declared.map((column) => [column.path.replaceAll('.', '__'), column]));
  let labelled = false;
  return columns.map((column) => {
    const aggregate = byPath.get(column.data.replaceAll('.', '__'));
    if (aggregate) {
      const { number } = aggregate;
      const kind = number === 'date' || number === 'datetime' ? number : 'other';
      return exportCell(totals[aggregate.path]?.[aggregate.functions[0]!], kind);
    }
    if (labelled) return { kind: 'empty' };
    labelled = true;
    return { kind: 'text', value: label };
  });
}
