import { escapeHtml } from '#rules/html-escape.js';
import {
  cellLabel,
  type CellLabelSettings,
  type ChoiceLabels,
  type DataTableColumnControlOption,
  type FieldSpec,
} from '../../model/index.js';
import type { RowDateFields } from '../../rows/index.js';
import { optionValue } from '../search-panes/index.js';
import type { ColumnControlOptions } from './column-control-options.query.js';

/** What a list's labels are made with: the table's `choices` by path, and how the page shows values. */
export interface ColumnControlLabels {
  choices: ReadonlyMap<string, ChoiceLabels>;
  settings: CellLabelSettings;
}

/**
 * The envelope's `columnControl` (each list under every key the request's columns look it up by)
 * and `columnControlTruncated` (the keys of the lists cut at their limit). A value is sent as the
 * rows show it (dates as represented, booleans `true`/`false`) and as a selection sends it back;
 * `''` stands for no value, which ColumnControl labels with its own word for empty. Labels are the
 * table's (a choice's label, Yes/No, a date in the page's format), HTML-escaped: ColumnControl
 * writes them as HTML.
 */
export function columnControlAnswer(
  lists: readonly ColumnControlOptions[],
  fields: ReadonlyMap<string, FieldSpec>,
  dates: RowDateFields,
  labels: ColumnControlLabels,
): { columnControl: Record<string, DataTableColumnControlOption[]>; columnControlTruncated?: string[] } {
  const columnControl: Record<string, DataTableColumnControlOption[]> = {};
  const truncated: string[] = [];
  for (const { list, values, truncated: cut } of lists) {
    const field = fields.get(list.path)!;
    const choices = labels.choices.get(list.path);
    const options = values.map((raw) => {
      const value = choices?.has(String(raw)) ? String(raw) : optionValue(raw, field, dates);
      const label = value === null ? null : cellLabel(value, field.kind, choices, labels.settings);
      return { label: escapeHtml(label ?? ''), value: value ?? '' };
    });
    for (const key of list.keys) columnControl[key] = options;
    if (cut) truncated.push(...list.keys);
  }
  return truncated.length > 0 ? { columnControl, columnControlTruncated: truncated } : { columnControl };
}
