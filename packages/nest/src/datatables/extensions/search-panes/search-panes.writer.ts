import { escapeHtml } from '#rules/html-escape.js';
import {
  cellLabel,
  type CellLabelSettings,
  type ChoiceLabels,
  type DataTableSearchPaneOption,
  type DataTableSearchPanes,
  type FieldSpec,
  type PanesRequest,
} from '../../model/index.js';
import type { PaneOptions } from './search-panes.query.js';
import type { RowDateFields } from '../../rows/index.js';

/**
 * A pane value as the rows show it and as a selection sends it back: dates and date-times as the
 * rows represent them (which the request parser reads again), booleans as `true`/`false`.
 */
export function optionValue(value: unknown, field: FieldSpec, dates: RowDateFields): string | null {
  if (value === null || value === undefined) return null;
  if (field.kind === 'date') return dates.date.toRepresentation(value as Date | string);
  if (field.kind === 'datetime') return dates.dateTime.toRepresentation(value as Date | string);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** What a pane's labels are made with: the table's `choices` by path, and how the page shows values. */
export interface PaneLabels {
  choices: ReadonlyMap<string, ChoiceLabels>;
  settings: CellLabelSettings;
}

/**
 * The envelope's `searchPanes`: every pane's options keyed as the request knows the pane, each
 * labelled as the table's cells show its value (a choice's label, Yes/No, a date in the page's
 * format), HTML-escaped because SearchPanes writes labels into the page as HTML.
 */
export function searchPanesAnswer(
  panes: readonly PaneOptions[],
  request: PanesRequest,
  fields: ReadonlyMap<string, FieldSpec>,
  dates: RowDateFields,
  labels: PaneLabels,
): DataTableSearchPanes {
  const options: Record<string, DataTableSearchPaneOption[]> = {};
  const truncated: string[] = [];
  for (const pane of panes) {
    const key = request.keys.get(pane.path) ?? pane.path;
    const field = fields.get(pane.path)!;
    options[key] = pane.options.map((option) => {
      const value = optionValue(option.value, field, dates);
      const label = cellLabel(value, field.kind, labels.choices.get(pane.path), labels.settings);
      return { label: escapeHtml(label), value, total: option.total, count: option.count };
    });
    if (pane.truncated) truncated.push(key);
  }
  return truncated.length > 0 ? { options, truncated } : { options };
}
