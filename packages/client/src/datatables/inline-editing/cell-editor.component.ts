import type { WidgetLibColumn } from '../core/index.js';
import { editorText, type CellEditorKind } from './inline-value.parser.js';

export const EDITOR_CLASS = 'widgetlib-inline-editor';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The editor shown in a cell: its control, and where the server's words about the value go. */
export interface CellEditor {
  element: HTMLElement;
  control: HTMLInputElement | HTMLSelectElement;
  /** What the control holds: the text, or a checkbox's state. */
  value(): string | boolean;
  /** Shows messages beside the control (read out at once: `role="alert"`), or hides them (`[]`). */
  showErrors(messages: readonly string[]): void;
  /** While a save is on its way: the control is read-only and the editor says it is busy. */
  busy(on: boolean): void;
}

function control(doc: Document, kind: CellEditorKind, column: WidgetLibColumn, value: unknown, shown: string) {
  if (kind === 'remote') {
    // The remote search (Tom Select) is put on it; it starts with the cell's record, as the cell shows it.
    const select = doc.createElement('select');
    const current = editorText(value);
    if (current !== '') select.append(new Option(shown, current, true, true));
    return select;
  }
  if (kind === 'select') {
    const select = doc.createElement('select');
    for (const [option, label] of column.choices ?? []) {
      select.append(new Option(label, String(option), false, String(option) === editorText(value)));
    }
    return select;
  }
  const input = doc.createElement('input');
  if (kind === 'boolean') {
    input.type = 'checkbox';
    input.checked = value === true;
  } else {
    input.type = kind === 'number' ? 'number' : kind === 'date' && ISO_DATE.test(editorText(value)) ? 'date' : 'text';
    if (kind === 'number') input.step = 'any';
    input.value = editorText(value);
  }
  return input;
}

/**
 * An editor of `kind` for a cell holding `value` (shown as `shown`); its control is named `label`,
 * its ids start with `idPrefix`.
 */
export function buildCellEditor(
  doc: Document,
  kind: CellEditorKind,
  column: WidgetLibColumn,
  value: { raw: unknown; shown: string },
  label: string,
  idPrefix: string,
): CellEditor {
  const element = doc.createElement('div');
  element.className = EDITOR_CLASS;
  const input = control(doc, kind, column, value.raw, value.shown);
  input.className = 'widgetlib-inline-control';
  input.setAttribute('aria-label', label);
  const errors = doc.createElement('p');
  errors.className = 'widgetlib-inline-error';
  errors.id = `${idPrefix}-error`;
  errors.setAttribute('role', 'alert');
  errors.hidden = true;
  element.append(input, errors);
  return {
    element,
    control: input,
    value: () => (input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value),
    showErrors(messages) {
      errors.textContent = messages.join(' ');
      errors.hidden = messages.length === 0;
      if (messages.length > 0) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', errors.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    },
    busy(on) {
      element.setAttribute('aria-busy', String(on));
      input.disabled = on;
    },
  };
}
