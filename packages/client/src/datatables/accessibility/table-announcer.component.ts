import type { Api } from 'datatables.net';
import type { EnvelopeCounts } from '../transport/index.js';
import { formatTableNumber } from '../core/index.js';
import { tableAnnouncement, type AnnouncementTexts, type TableSituation } from './table-announcement.writer.js';

export const TABLE_ANNOUNCER_CLASS = 'widgetlib-table-announcer';

/**
 * A polite live region beside the table that tells screen readers what a change did: how many rows
 * now match and which page is shown. The first page drawn is not announced (the page has just been
 * opened); later draws are, when they changed either.
 */
export function installTableAnnouncer(
  api: Api,
  counts: () => EnvelopeCounts | null,
  texts: () => AnnouncementTexts,
): HTMLElement {
  const region = document.createElement('div');
  region.className = TABLE_ANNOUNCER_CLASS;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  let before: TableSituation | null = null;
  let started = false;
  // DataTables' container exists once the table is initialised (a saved state may be loaded first).
  api.one('init', () => {
    started = true;
    api.table().container().append(region);
  });
  api.on('draw', () => {
    const info = api.page.info();
    const exact = counts()?.recordsFiltered !== 'capped' && counts()?.recordsFiltered !== 'estimated';
    const now: TableSituation = { matching: info.recordsDisplay, exact, page: info.page + 1, pages: info.pages };
    const message = before
      ? tableAnnouncement(before, now, texts(), (value) => formatTableNumber(api.settings()[0] as object, value))
      : null;
    before = now;
    if (started && message !== null) region.textContent = message;
  });
  return region;
}
