import TomSelect from 'tom-select/base';
import removeButton from 'tom-select/plugins/remove_button/plugin.js';
import { buildRequestUrl } from '../transport/index.js';
import { parseRemoteChoices } from './remote-choices.parser.js';
import type { RemoteSelect, RemoteSelectOptions } from './remote-select.types.js';

TomSelect.define('remove_button', removeButton);

/** The select2 column's control: Tom Select on `select` (a multiple select), searching `url` as the user types. */
export function createRemoteSelect(select: HTMLSelectElement, options: RemoteSelectOptions): RemoteSelect {
  const { url, choices, texts, changed } = options;
  const control = new TomSelect(select, {
    plugins: ['remove_button'],
    valueField: 'value',
    labelField: 'text',
    searchField: ['text'],
    options: choices.map(([value, text]) => ({ value: String(value), text })),
    placeholder: texts.remotePlaceholder,
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
        empty.textContent = texts.remoteNoResults;
        return empty;
      },
    },
    onChange: () => changed(),
  });
  return {
    values: () => {
      const value = control.getValue();
      return Array.isArray(value) ? value : value === '' ? [] : [value];
    },
    clear: () => control.clear(true),
    set: (values) => {
      // An id not among the loaded options is added as itself until the remote search knows its label.
      for (const item of values) {
        if (!control.options[item]) control.addOption({ value: item, text: item }, true);
      }
      control.setValue(values, true);
    },
    destroy: () => control.destroy(),
  };
}
