import type { Locator, Page } from 'playwright-core';

/**
 * How a user gets to a control: it is `visible` in the viewport (the page may be scrolled up or
 * down), one sideways `scroll` of the table's own scroll container away, one `tap` away (the row's
 * Responsive control, the "More filters" disclosure), or `unreachable`.
 */
export type Reach = 'visible' | 'scroll' | 'tap' | 'unreachable';

/** What a column offers: its header, its filter (when it has one) and the row actions. */
export interface TableReach {
  headers: Record<string, Reach>;
  filters: Record<string, Reach>;
  actions: Reach[];
}

/**
 * Where `locator` can be seen without a tap: with the page scrolled back to the top left and every
 * table scroll container to its start, the page is scrolled up or down to the element (not
 * counted), then, if the element is not in view, its table's scroll container sideways until the
 * element starts at the container's left edge (one scroll). In view means: inside the viewport and
 * its scroll container (an element wider than the container: its start), with nothing on top of it
 * (the sticky row actions column, the top bar). The page itself never scrolls sideways.
 */
export async function reachWithoutTap(locator: Locator): Promise<Reach> {
  if ((await locator.count()) === 0) return 'unreachable';
  return locator.first().evaluate((element): Reach => {
    window.scrollTo(0, 0);
    for (const container of document.querySelectorAll('.widgetlib-table-scroll')) container.scrollLeft = 0;
    if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') {
      return 'unreachable';
    }
    const { top, height } = element.getBoundingClientRect();
    window.scrollBy(0, top + height / 2 - window.innerHeight / 2);
    const region = element.closest('.widgetlib-table-scroll');
    const inView = (): boolean => {
      const box = element.getBoundingClientRect();
      const area = region?.getBoundingClientRect();
      const left = Math.max(0, area?.left ?? 0);
      const right = Math.min(window.innerWidth, area?.right ?? window.innerWidth);
      if (box.top < 0 || box.bottom > window.innerHeight) return false;
      const fits = box.width <= right - left;
      if (box.left < left - 0.5 || (fits ? box.right > right + 0.5 : box.left > right - 24)) return false;
      const probes = fits ? [box.left + 2, box.left + box.width / 2, box.right - 2] : [box.left + 2, box.left + 24];
      return probes.every((x) => {
        const hit = document.elementFromPoint(x, box.top + box.height / 2);
        return hit !== null && (element.contains(hit) || hit.contains(element));
      });
    };
    if (window.scrollX !== 0) return 'unreachable';
    if (inView()) return 'visible';
    if (!region) return 'unreachable';
    region.scrollLeft += element.getBoundingClientRect().left - region.getBoundingClientRect().left;
    return inView() ? 'scroll' : 'unreachable';
  });
}

/** `target` is reached by one tap on `control` (itself reachable without a tap); the tap is undone after. */
export async function reachByTap(control: Locator, target: Locator): Promise<Reach> {
  if ((await reachWithoutTap(control)) === 'unreachable') return 'unreachable';
  await control.first().click();
  const reach = await reachWithoutTap(target);
  await control.first().click();
  return reach === 'unreachable' ? reach : 'tap';
}

/** The first row's Responsive control (`td.dtr-control`, shown while columns are collapsed). */
function rowControl(table: Locator): Locator {
  return table.locator('tbody > tr:not(.child)').first().locator('> td.dtr-control');
}

/** The control of a filter: its input, select, or remote-search box. */
const FILTER_CONTROL = ':is(input.widgetlib-filter-input, select.widgetlib-filter-select, .ts-control)';

/**
 * How every header, filter and row action of the data table `tableId` is reached. A header or row
 * action of a column Responsive collapsed is in the row's child row; a collapsed column's filter
 * under "More filters".
 */
export async function tableReach(page: Page, tableId: string): Promise<TableReach> {
  const table = page.locator(`#${tableId}`);
  const headers = table.locator('thead > tr:first-child > th');
  const filterCells = table.locator('thead > tr.widgetlib-filter-row > td');
  const collapsedFilters = table.locator('thead > tr.widgetlib-filter-collapsed-row');
  const report: TableReach = { headers: {}, filters: {}, actions: [] };
  // A header's title, without the buttons ColumnControl puts beside it.
  const titles = await headers.evaluateAll((cells) =>
    cells.map((cell) => (cell.querySelector('.dt-column-title') ?? cell).textContent ?? ''),
  );
  for (const [index, title] of titles.entries()) {
    const name = title.trim() || '(actions)';
    const header = headers.nth(index);
    report.headers[name] = (await header.isVisible())
      ? await reachWithoutTap(header)
      : await reachByTap(rowControl(table), table.locator(`tr.child li[data-dtr-index="${index}"] .dtr-title`));

    const cell = filterCells.nth(index);
    if ((await cell.locator(FILTER_CONTROL).count()) > 0) {
      report.filters[name] = await reachWithoutTap(cell.locator(FILTER_CONTROL));
      continue;
    }
    const collapsed = collapsedFilters
      .locator('.widgetlib-filter-collapsed-item')
      .filter({ has: page.locator('.widgetlib-filter-collapsed-title', { hasText: new RegExp(`^${title}$`) }) });
    if ((await collapsed.count()) > 0) {
      report.filters[name] = await reachByTap(collapsedFilters.locator('summary'), collapsed.locator(FILTER_CONTROL));
    }
  }

  const rows = await table.locator('tbody > tr:not(.child)').count();
  for (let row = 0; row < rows; row += 1) {
    const actions = table.locator('tbody > tr:not(.child)').nth(row).locator('.row-actions :is(a, button)');
    const count = await actions.count();
    for (let action = 0; action < count; action += 1) {
      const target = actions.nth(action);
      report.actions.push(
        (await target.isVisible())
          ? await reachWithoutTap(target)
          : await reachByTap(
              table.locator('tbody > tr:not(.child)').nth(row).locator('> td.dtr-control'),
              table.locator('tbody > tr.child').first().locator('.row-actions :is(a, button)').nth(action),
            ),
      );
    }
  }
  return report;
}
