import { documentDateFormat } from '../../renderers/index.js';
import type { ColumnChoice, ColumnFilterType, WidgetLibColumn } from '../core/index.js';
import {
  dateFilterFormat,
  dateRangeEnds,
  dateRangeValue,
  displayDate,
  parseDateFilterInput,
} from './date-filter.parser.js';
import { loadRemoteSelect } from './remote-select.loader.js';
import type { RemoteSelect } from './remote-select.types.js';
import type { DataTableTexts } from '../../texts/index.js';

/** One column's filter control in the filter row. */
export interface FilterWidget {
  element: HTMLElement;
  /** The column search value: `''` for no filter, `null` while the input is not valid (nothing is sent). */
  value(): string | null;
  /** Empties the control without announcing a change. */
  clear(): void;
  /**
   * Shows a column search value the table holds (a loaded state, another tool's condition), without
   * announcing a change; the inverse of {@link value}.
   */
  set(value: string): void;
  destroy(): void;
}

export interface FilterWidgetContext {
  column: WidgetLibColumn;
  /** Accessible name of the control. */
  label: string;
  texts: Readonly<DataTableTexts>;
  /** The control changed; `immediate` for Enter and selections, otherwise the change is debounced. */
  changed(immediate: boolean): void;
}

function input(type: string, label: string, placeholder: string, context: FilterWidgetContext): HTMLInputElement {
  const element = document.createElement('input');
  element.type = type;
  element.className = 'widgetlib-filter-input';
  element.setAttribute('aria-label', label);
  element.placeholder = placeholder;
  element.autocomplete = 'off';
  element.addEventListener('input', () => context.changed(false));
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    context.changed(true);
  });
  return element;
}

function textWidget(type: 'text' | 'number', context: FilterWidgetContext): FilterWidget {
  const placeholder = type === 'text' ? context.texts.textPlaceholder : context.texts.numberPlaceholder;
  const element = input(type, context.label, placeholder, context);
  if (type === 'number') element.step = 'any';
  return {
    element,
    value: () => element.value.trim(),
    clear: () => {
      element.value = '';
    },
    set: (value) => {
      element.value = value;
    },
    destroy: () => element.remove(),
  };
}

function selectWidget(options: ReadonlyArray<ColumnChoice>, context: FilterWidgetContext): FilterWidget {
  const element = document.createElement('select');
  element.className = 'widgetlib-filter-select';
  element.setAttribute('aria-label', context.label);
  element.append(new Option(context.texts.anyOption, ''));
  for (const [value, label] of options) element.append(new Option(label, String(value)));
  element.addEventListener('change', () => context.changed(true));
  return {
    element,
    value: () => element.value,
    clear: () => {
      element.value = '';
    },
    set: (value) => {
      element.value = value;
      // A value the select does not list (a value no longer among the choices) shows "All".
      if (element.value !== value) element.value = '';
    },
    destroy: () => element.remove(),
  };
}

function dateRangeWidget(context: FilterWidgetContext): FilterWidget {
  const format = dateFilterFormat(context.column.dateformat, documentDateFormat());
  const element = document.createElement('span');
  element.className = 'widgetlib-filter-daterange';
  const from = input(
    'text',
    `${context.label} (${context.texts.dateFrom})`,
    `${context.texts.dateFrom} ${format}`,
    context,
  );
  const to = input('text', `${context.label} (${context.texts.dateTo})`, `${context.texts.dateTo} ${format}`, context);
  element.append(from, to);
  const markValidity = (field: HTMLInputElement): void => {
    const valid = parseDateFilterInput(field.value, format) !== null;
    field.toggleAttribute('aria-invalid', !valid);
    field.title = valid ? '' : context.texts.invalidDate.replace('{format}', format);
  };
  return {
    element,
    value: () => {
      markValidity(from);
      markValidity(to);
      return dateRangeValue(from.value, to.value, format);
    },
    clear: () => {
      for (const field of [from, to]) {
        field.value = '';
        markValidity(field);
      }
    },
    set: (value) => {
      const [start, end] = dateRangeEnds(value);
      from.value = displayDate(start, format);
      to.value = displayDate(end, format);
      markValidity(from);
      markValidity(to);
    },
    destroy: () => element.remove(),
  };
}

/**
 * The spec's select2 column: a multiple select with remote search (Tom Select, loaded with the
 * filter row) fed by the column's `url`. Until Tom Select is there, the values set are kept.
 */
function remoteSelectWidget(context: FilterWidgetContext): FilterWidget {
  const element = document.createElement('span');
  element.className = 'widgetlib-filter-remote';
  const select = document.createElement('select');
  select.multiple = true;
  select.hidden = true;
  select.setAttribute('aria-label', context.label);
  element.append(select);
  let control: RemoteSelect | null = null;
  let pending: string[] = [];
  let destroyed = false;
  loadRemoteSelect().then(
    ({ createRemoteSelect }) => {
      if (destroyed) return;
      select.hidden = false;
      control = createRemoteSelect(select, {
        url: context.column.url,
        choices: context.column.choices ?? [],
        texts: context.texts,
        changed: () => context.changed(true),
      });
      control.set(pending);
    },
    (error: unknown) => {
      console.warn('widgetlib filter row:', error);
      const notice = document.createElement('span');
      notice.className = 'widgetlib-filter-unavailable';
      notice.setAttribute('role', 'alert');
      notice.textContent = context.texts.partUnavailable;
      element.append(notice);
    },
  );
  return {
    element,
    value: () => (control ? control.values() : pending).join(','),
    clear: () => {
      pending = [];
      control?.clear();
    },
    set: (value) => {
      pending = value === '' ? [] : value.split(',');
      control?.set(pending);
    },
    destroy: () => {
      destroyed = true;
      control?.destroy();
      element.remove();
    },
  };
}

/** The filter control of a column type (spec 2.5); `null` for `readonly`. */
export function createFilterWidget(type: ColumnFilterType, context: FilterWidgetContext): FilterWidget | null {
  switch (type) {
    case 'string':
      return textWidget('text', context);
    case 'number':
      return textWidget('number', context);
    case 'boolean':
      return selectWidget(
        [
          ['true', context.texts.yes],
          ['false', context.texts.no],
        ],
        context,
      );
    case 'date':
      return dateRangeWidget(context);
    case 'select':
      return selectWidget(context.column.choices ?? [], context);
    case 'select2':
      return remoteSelectWidget(context);
    case 'readonly':
      return null;
  }
}
