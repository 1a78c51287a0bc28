import type { Api } from 'datatables.net';
import type { Page } from 'playwright-core';
import type { TableOverflow, WidgetLibColumn, WidgetLibTableOptions } from '../src/index.js';
import { DATATABLES_LINES, type DataTablesLine, type PageVariant } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    albumColumns(): WidgetLibColumn[];
    makeAlbumsTable(extraoptions?: WidgetLibTableOptions, addfilter?: boolean): boolean;
  }
}

const HEADERS = '#albums thead tr:first-child > th';
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';
const COLLAPSED = '#albums thead tr.widgetlib-filter-collapsed-row';
const FORMAT = 6;
const HOMEPAGE = 10;
const ACTIONS = 11;

const browser = useDataTablesBrowser();
let page: Page;
let pageErrors: string[];

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function openPage(line: DataTablesLine, variant: PageVariant, width: number): Promise<void> {
  page = await browser.newPage({ width, height: 800 });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${browser.server.baseUrl}/dt-fixture/page?variant=${variant}&datatables=${line}`);
}

/** The album table with a row actions column (an Edit button per row), and the `overflow` option. */
async function createTable(overflow?: TableOverflow): Promise<void> {
  await page.evaluate((chosen) => {
    const columns: WidgetLibColumn[] = [
      ...window.albumColumns(),
      {
        data: 'id',
        title: '',
        type: 'readonly',
        orderable: false,
        searchable: false,
        rowActions: true,
        render: (id: number) => `<button type="button" class="edit">Edit ${id}</button>`,
      },
    ];
    return window.makeAlbumsTable(chosen ? { columns, overflow: chosen } : { columns });
  }, overflow);
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
  await page.waitForSelector('#albums tbody button.edit');
}

/** Where each column's header is: shown, collapsed by Responsive (display none), or not in the header. */
async function headerPlacements(): Promise<string[]> {
  return page.$$eval(HEADERS, (cells) =>
    cells.map((cell) => (getComputedStyle(cell).display === 'none' ? 'collapsed' : 'shown')),
  );
}

/** Left edges of the shown headers and of the shown filter cells: the same when the row is aligned. */
async function columnEdges(): Promise<{ headers: number[]; filters: number[] }> {
  return page.evaluate(
    ([headers, filters]) => {
      const edges = (selector: string) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector))
          .filter((cell) => cell.getClientRects().length > 0)
          .map((cell) => Math.round(cell.getBoundingClientRect().left));
      return { headers: edges(headers!), filters: edges(filters!) };
    },
    [HEADERS, `${FILTER_ROW} > td`],
  );
}

/** Whether the element's box lies inside the viewport. */
async function inViewport(selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.top >= 0;
  });
}

describe.each(DATATABLES_LINES)('the overflow option in Chromium, DataTables %s', (line) => {
  it('scrolls a wide table sideways in a container right around it when Responsive is not loaded', async () => {
    await openPage(line, line === '2.3' ? 'min-jquery' : 'min', 700);
    await createTable();
    const region = await page.evaluate(() => {
      const table = document.getElementById('albums')!;
      const container = table.parentElement!;
      const paging = document.querySelector('#albums_wrapper .dt-paging')!.getBoundingClientRect();
      return {
        className: container.className,
        role: container.getAttribute('role'),
        label: container.getAttribute('aria-label'),
        tabIndex: container.tabIndex,
        overflows: container.scrollWidth > container.clientWidth,
        aboveThePager: container.getBoundingClientRect().bottom <= paging.top,
        pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
        responsive: window.albumsTable.init().responsive,
      };
    });
    expect(region).toEqual({
      className: 'widgetlib-table-scroll',
      role: 'region',
      label: 'Table, scrolls sideways',
      tabIndex: 0,
      overflows: true,
      aboveThePager: true,
      pageOverflows: false,
      responsive: false,
    });
    expect(new Set(await headerPlacements())).toEqual(new Set(['shown']));
    const edges = await columnEdges();
    expect(edges.filters).toEqual(edges.headers);

    // Homepage is out of view until the container is scrolled; the row actions stay in view.
    const homepage = `${HEADERS}:nth-child(${HOMEPAGE + 1})`;
    expect(await inViewport(homepage)).toBe(false);
    expect(await inViewport('#albums tbody tr:first-child button.edit')).toBe(true);
    expect(await inViewport(`${FILTER_ROW} .widgetlib-filter-clear`)).toBe(true);
    await page.focus('.widgetlib-table-scroll');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.widgetlib-table-scroll')!.scrollLeft > 0);
    await page.$eval('.widgetlib-table-scroll', (container) => {
      container.scrollLeft = container.scrollWidth;
    });
    expect(await inViewport(homepage)).toBe(true);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);

    // Destroyed, the table is back where it was, without the container; built again, it has one.
    const destroyed = await page.evaluate(() => {
      window.albumsTable.destroy();
      const table = document.getElementById('albums')!;
      return {
        parent: table.parentElement!.tagName,
        containers: document.querySelectorAll('.widgetlib-table-scroll').length,
      };
    });
    expect(destroyed).toEqual({ parent: 'BODY', containers: 0 });
    await createTable();
    expect(await page.locator('.widgetlib-table-scroll > #albums').count()).toBe(1);
  });

  it("refuses overflow 'responsive' without the Responsive extension, naming what is missing", async () => {
    await openPage(line, line === '2.3' ? 'min-jquery' : 'min', 700);
    const message = await page.evaluate(() => {
      try {
        window.makeAlbumsTable({ overflow: 'responsive' });
        return 'created';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(message).toContain("overflow 'responsive' needs DataTables' Responsive extension");
  });

  it('collapses columns into child rows with Responsive, their filters under "More filters", row actions last', async () => {
    await openPage(line, 'min-responsive', 700);
    await createTable();
    const placements = await headerPlacements();
    expect(placements[0]).toBe('shown');
    expect(placements[ACTIONS]).toBe('shown');
    expect(placements[HOMEPAGE]).toBe('collapsed');
    const collapsed = placements.flatMap((placement, index) => (placement === 'collapsed' ? [index] : []));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const edges = await columnEdges();
    expect(edges.filters).toEqual(edges.headers);

    // One tap on the row's control shows the collapsed columns, titled, in a child row.
    await page.click('#albums tbody tr:first-child > td.dtr-control');
    const childTitles = await page.$$eval('#albums tbody tr.child li', (items) =>
      items.map((item) => Number(item.getAttribute('data-dtr-index'))),
    );
    expect(childTitles).toEqual(collapsed);
    // And from the keyboard: the control takes the focus, Enter closes and opens the child row.
    await page.focus('#albums tbody tr:first-child > td.dtr-control');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#albums tbody tr.child', { state: 'detached' });
    await page.keyboard.press('Enter');
    await page.waitForSelector('#albums tbody tr.child');

    // The filters of collapsed columns are one tap away, and filter the table.
    const filterTitles = await page.$$eval(`${COLLAPSED} .widgetlib-filter-collapsed-title`, (titles) =>
      titles.map((title) => title.textContent),
    );
    const allTitles = await page.$$eval(HEADERS, (cells) => cells.map((cell) => cell.textContent));
    const filterable = new Set(['Title', 'Year', 'Live', 'Released', 'Recorded', 'Format', 'Artist']);
    expect(filterTitles).toEqual(collapsed.map((index) => allTitles[index]).filter((title) => filterable.has(title!)));
    expect(filterTitles.length).toBeGreaterThan(0);
    expect(await page.textContent(`${COLLAPSED} summary`)).toBe(`More filters (${filterTitles.length})`);
    const firstCollapsed = `${COLLAPSED} .widgetlib-filter-collapsed-item:first-child :is(input, select)`;
    expect(await page.isVisible(firstCollapsed)).toBe(false);
    await page.click(`${COLLAPSED} summary`);
    expect(await page.isVisible(firstCollapsed)).toBe(true);
    expect(await inViewport(firstCollapsed)).toBe(true);
  });

  it('moves a collapsed column’s filter back, value kept, when the column fits again or is hidden', async () => {
    await openPage(line, 'min-responsive', 1600);
    await createTable();
    expect(new Set(await headerPlacements())).toEqual(new Set(['shown']));
    expect(await page.isHidden(COLLAPSED)).toBe(true);
    await page.selectOption(`${FILTER_ROW} select[aria-label="Filter Format"]`, 'EP');
    await page.waitForFunction(() => window.albumsTable.column(6).search() === 'EP');

    await page.setViewportSize({ width: 500, height: 800 });
    await page.waitForFunction(
      (selector) => document.querySelector<HTMLElement>(selector)?.hidden === false,
      COLLAPSED,
    );
    expect((await headerPlacements())[FORMAT]).toBe('collapsed');
    const collapsedFormat = `${COLLAPSED} select[aria-label="Filter Format"]`;
    expect(await page.inputValue(collapsedFormat)).toBe('EP');
    let edges = await columnEdges();
    expect(edges.filters).toEqual(edges.headers);

    // The moved control still filters.
    await page.click(`${COLLAPSED} summary`);
    const drawn = page.evaluate(() => new Promise<void>((resolve) => window.albumsTable.one('draw', () => resolve())));
    await page.selectOption(collapsedFormat, 'Single');
    await drawn;
    expect(browser.server.state.albumQueries.at(-1)).toMatchObject({ format: 'Single' });

    await page.evaluate(() => void window.albumsTable.column(2).visible(false));
    edges = await columnEdges();
    expect(edges.filters).toEqual(edges.headers);
    expect(await page.locator(`${COLLAPSED} select[aria-label="Filter Year"]`).count()).toBe(0);

    await page.setViewportSize({ width: 1600, height: 800 });
    await page.waitForFunction((selector) => document.querySelector<HTMLElement>(selector)?.hidden === true, COLLAPSED);
    expect(await page.inputValue(`${FILTER_ROW} select[aria-label="Filter Format"]`)).toBe('Single');
    edges = await columnEdges();
    expect(edges.filters).toEqual(edges.headers);
  });

  it('collapses columns by default with the full bundle, which has Responsive inside', async () => {
    await openPage(line, 'full', 700);
    await createTable();
    expect(await page.evaluate(() => window.albumsTable.init().responsive)).toBe(true);
    const placements = await headerPlacements();
    expect(placements[HOMEPAGE]).toBe('collapsed');
    expect(placements[ACTIONS]).toBe('shown');
    expect(await page.isVisible(`${COLLAPSED} summary`)).toBe(true);
  });

  it("keeps scrolling when a table asks for overflow 'scroll' although Responsive is loaded", async () => {
    await openPage(line, 'min-responsive', 700);
    await createTable('scroll');
    expect(await page.evaluate(() => window.albumsTable.init().responsive)).toBe(false);
    expect(await page.locator('#albums td.dtr-control').count()).toBe(0);
    expect(await page.getAttribute('#albums >> xpath=..', 'class')).toBe('widgetlib-table-scroll');
    expect(new Set(await headerPlacements())).toEqual(new Set(['shown']));
  });
});
