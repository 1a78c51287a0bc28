import type { Api } from 'datatables.net';
import type { DataTableTexts } from '../../texts/index.js';
import type { SavedViewsClient } from './saved-views.client.js';
import type { SavedViewsReport } from './saved-views.options.js';
import type { TableState } from './table-state.format.js';
import { SAVED_VIEWS_STATUS_CLASS } from './saved-views-control.types.js';
import { placeBeforeTable } from './saved-views-place.component.js';
import { loadSavedViewsControl } from './saved-views-control.loader.js';

/**
 * `mountSavedViewsControl` with the control loaded at once, while the table starts (the table's
 * state is kept and loaded without it): what happened to a view meanwhile is told to it once it is
 * there. An element named by id must exist now. When the control cannot be loaded, a line before
 * the table says so (and then what happened to a linked view).
 */
export function deferSavedViewsControl(
  api: Api,
  client: SavedViewsClient,
  place: boolean | HTMLElement | string | undefined,
  texts: () => DataTableTexts,
  savedState: () => TableState,
): SavedViewsReport {
  const host = typeof place === 'string' ? document.getElementById(place) : place instanceof HTMLElement ? place : null;
  if (typeof place === 'string' && !host) throw new Error(`widgetlib: no element has the id ${JSON.stringify(place)}`);
  let report: SavedViewsReport | null = null;
  const waiting: ((ready: SavedViewsReport) => void)[] = [];
  loadSavedViewsControl().then(
    ({ mountSavedViewsControl }) => {
      report = mountSavedViewsControl(api, client, place === false ? false : host, texts, savedState);
      for (const call of waiting.splice(0)) call(report);
    },
    (error: unknown) => {
      console.warn('widgetlib saved views:', error);
      const line = document.createElement('p');
      line.className = SAVED_VIEWS_STATUS_CLASS;
      line.setAttribute('role', 'alert');
      line.textContent = `${texts().savedViewsError} ${texts().partUnavailable}`;
      placeBeforeTable(api, line);
      report = { loaded: () => undefined, problem: (text) => line.append(` ${text}`) };
      for (const call of waiting.splice(0)) call(report);
    },
  );
  const tell = (call: (ready: SavedViewsReport) => void) => (report ? call(report) : waiting.push(call));
  return {
    loaded: (id, shown) => tell((ready) => ready.loaded(id, shown)),
    problem: (text) => tell((ready) => ready.problem(text)),
  };
}
