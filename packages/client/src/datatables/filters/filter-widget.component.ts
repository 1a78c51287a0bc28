import TomSelect from 'tom-select/base';
import removeButton from 'tom-select/plugins/remove_button/plugin.js';
import { documentDateFormat } from '../../renderers/index.js';
import type { ColumnChoice, ColumnFilterType, WidgetLibColumn } from '../core/index.js';
import { buildRequestUrl } from '../transport/index.js';
import {
  dateFilterFormat,
  dateRangeEnds,
  dateRangeValue,
  displayDate,
  parseDateFilterInput,
} from './date-filter.parser.js';
import { parseRemoteChoices } from './remote-choices.parser.js';
import type { DataTableTexts } from '../../texts/index.js';

TomSelect.define('remove_button', removeButton);

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

/** The spec's select2 column: a multiple select with remote search (Tom Select) fed by the column's `url`. */
function remoteSelectWidget(context: FilterWidgetContext): FilterWidget {
  const element = document.createElement('span');
  element.className = 'widgetlib-filter-remote';
  const select = document.createElement('select');
  select.multiple = true;
  select.setAttribute('aria-label', context.label);
  element.append(select);
  const url = context.column.url;
  const control = new TomSelect(select, {
    plugins: ['remove_button'],
    valueField: 'value',
    labelField: 'text',
    searchField: ['text'],
    options: (context.column.choices ?? []).map(([value, text]) => ({ value: String(value), text })),
    placeholder: context.texts.remotePlaceholder,
    dropdownParent: 'body',
    preload: url ? 'focus' : false,
    shouldLoad: () => Boolean(url),
    load: (query: string, callback: (options?: object[]) => void) => {
      if (!url) return callback();
      fetch(buildRequestUrl(url, { term: query }, document.baseURI), {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: unknown) => callback(parseRemoteChoices(body)))
        .catch(() => callback());
    },
    render: {
      no_results: () => {
        const empty = document.createElement('div');
        empty.className = 'no-results';
        empty.textContent = context.texts.remoteNoResults;
        return empty;
      },
    },
    onChange: () => context.changed(true),
  });
  return {
    element,
    value: () => {
      const value = control.getValue();
      return (Array.isArray(value) ? value : value === '' ? [] : [value]).join(',');
    },
    clear: () => control.clear(true),
    set: (value) => {
      const values = value === '' ? [] : value.split(',');
      // An id not among the loaded options is added as itself until the remote search knows its label.
      for (const item of values) {
        if (!control.options[item]) control.addOption({ value: item, text: item }, true);
      }
      control.setValue(values, true);
    },
    destroy: () => {
      control.destroy();
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
