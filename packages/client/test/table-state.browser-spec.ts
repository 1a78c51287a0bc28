// One state across the table's tools in Chromium: the filter row shows what SearchPanes and
// ColumnControl select and writes back to them, what it cannot show is a chip that clears it, a
// loaded state shows in the filter row, and "Clear filters" leaves no condition in the request.
import type { Page } from 'playwright-core';
import { DataTablesExtensionsFixtureController } from './fixtures/datatables-extensions.fixture.js';
import { DATATABLES_LINES, type DataTablesLine } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

const browser = useDataTablesBrowser();
let page: Page;
let line: DataTablesLine;
let pageErrors: string[];

const TITLE = 1;
const YEAR = 2;
const FORMAT = 5;
const FORMATS = [
  { label: 'LP', value: 'LP' },
  { label: 'EP', value: 'EP' },
  { label: 'Single', value: 'Single' },
];
/** The Format column's ColumnControl: ordering and a list of the three formats, in a dropdown. */
const FORMAT_LIST = { [FORMAT]: { columnControl: ['order', [{ extend: 'searchList', options: FORMATS }]] } };

function queries(): Array<Record<string, unknown>> {
  return browser.server.testApp.app.get(DataTablesExtensionsFixtureController).albumQueries;
}

/** Opens the extensions page; `build` makes the table there (it may pass functions to DataTables). */
async function openPage(build: (page: Page) => Promise<unknown>): Promise<void> {
  page = await browser.newPage({ width: 1400, height: 900 });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.setDefaultTimeout(5000);
  await page.goto(`${browser.server.baseUrl}/dt-extensions/page?datatables=${line}`);
  await build(page);
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
}

async function openTable(options: object, columnOptions: Record<number, object> = {}): Promise<void> {
  await openPage((opened) =>
    opened.evaluate(([o, c]) => window.makeAlbumsTable(o, c), [
      { filterRow: true, ...options },
      columnOptions,
    ] as const),
  );
}

async function waitForInfo(text: string): Promise<void> {
  await page
    .waitForFunction((wanted) => document.querySelector('#albums_info')?.textContent === wanted, text, {
      timeout: 10_000,
    })
    .catch(async () => {
      expect({ info: await page.textContent('#albums_info'), query: queries().at(-1) }).toEqual({ info: text });
    });
}

const filtered = (count: number) =>
  `Showing 1 to ${Math.min(count, 10)} of ${count} ${count === 1 ? 'entry' : 'entries'} (filtered from 25 total entries)`;
const ALL = 'Showing 1 to 10 of 25 entries';

const filterControl = (title: string) => page.getByLabel(`Filter ${title}`, { exact: true });
const chips = () => page.locator('.widgetlib-filter-chip');

/** Waits until the table's last request carries conditions `wanted` accepts; fails after 5 s. */
async function untilLastQuery(wanted: (conditions: Record<string, unknown>) => boolean): Promise<void> {
  const end = Date.now() + 5000;
  for (;;) {
    const last = queries().at(-1);
    if (last && wanted(conditionsOf(last))) return;
    if (Date.now() > end) throw new Error(`The last request is still ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The conditions of a request: every parameter but paging, ordering, the draw counter and SearchPanes' options. */
/**
 * The request's conditions: neither paging, ordering nor options asked for, nor the bare name of a column
 * sent so that the answer carries its ColumnControl list (`columns[i][name]` with nothing else of that column).
 */
function conditionsOf(query: Record<string, unknown>): Record<string, unknown> {
  const columnName = /^columns\[(\d+)\]\[name\]$/;
  const conditioned = new Set(
    Object.keys(query)
      .filter((name) => !columnName.test(name))
      .map((name) => /^columns\[(\d+)\]/.exec(name)?.[1])
      .filter((index) => index !== undefined),
  );
  return Object.fromEntries(
    Object.entries(query).filter(
      ([name]) =>
        !['draw', 'offset', 'limit', 'ordering'].includes(name) &&
        !name.startsWith('searchPanes_options[') &&
        !(columnName.test(name) && !conditioned.has(columnName.exec(name)![1])),
    ),
  );
}

async function openFormatList(): Promise<void> {
  await page.click(`#albums thead tr:first-child [data-dt-column="${FORMAT}"] .dtcc-button_dropdown`);
}

const listButton = (label: string) => page.locator('.dtcc-dropdown .dtcc-list-buttons button', { hasText: label });

describe.each(DATATABLES_LINES)('DataTables %s: one table state in Chromium', (dataTablesLine) => {
  beforeAll(() => {
    line = dataTablesLine;
  });

  it("ColumnControl's list shows in the filter row's select, and the select's choice in the list", async () => {
    await openTable({}, FORMAT_LIST);
    await waitForInfo(ALL);

    await openFormatList();
    await listButton('EP').click();
    await waitForInfo(filtered(3));
    expect(await filterControl('Format').inputValue()).toBe('EP');
    expect(await chips().count()).toBe(0);
    await page.keyboard.press('Escape');

    // The filter row's choice replaces the list's: the list shows it, the request asks for it once.
    await filterControl('Format').selectOption('LP');
    await waitForInfo(filtered(20));
    expect(conditionsOf(queries().at(-1)!)).toEqual({
      format: 'LP',
      'columns[5][name]': 'format',
      'columns[5][columnControl][list][0]': 'LP',
    });
    await openFormatList();
    expect(await page.locator('.dtcc-dropdown .dtcc-list-buttons button.dtcc-button_active').allTextContents()).toEqual(
      ['LP'],
    );

    // A second value in the list: the select cannot show two, a chip names them and clears them.
    await listButton('EP').click();
    await waitForInfo(filtered(23));
    await page.keyboard.press('Escape');
    expect(await filterControl('Format').inputValue()).toBe('');
    expect(await chips().allTextContents()).toEqual(['Format is LP or EP×']);
    expect(await page.textContent('.widgetlib-more-filters')).toBe('1 more filter:Format is LP or EP×');
    expect(conditionsOf(queries().at(-1)!)).toEqual({
      'columns[5][name]': 'format',
      'columns[5][columnControl][list][0]': 'LP',
      'columns[5][columnControl][list][1]': 'EP',
    });
    await chips().first().focus();
    await page.keyboard.press('Enter');
    await waitForInfo(ALL);
    expect(conditionsOf(queries().at(-1)!)).toEqual({});
    expect(await chips().count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a SearchBuilder tree and a ColumnControl search show as chips that name and clear them', async () => {
    await openTable(
      { layout: { top1: 'searchBuilder' } },
      { [TITLE]: { columnControl: ['order', ['search']] }, ...FORMAT_LIST },
    );
    await waitForInfo(ALL);
    await page.click('.dtsb-add');
    const criterion = page.locator('.dtsb-criteria').nth(0);
    await criterion.locator('select.dtsb-data').selectOption({ label: 'Year' });
    await criterion.locator('select.dtsb-condition').selectOption('>');
    await criterion.locator('input.dtsb-value').first().fill('1965');
    await waitForInfo(filtered(7));
    expect(await chips().allTextContents()).toEqual(['Year is greater than 1965×']);
    expect(await chips().first().getAttribute('aria-label')).toBe('Remove the filter Year is greater than 1965');

    await page.click(`#albums thead tr:first-child [data-dt-column="${TITLE}"] .dtcc-button_dropdown`);
    await page.locator('.dtcc-dropdown select').selectOption('starts');
    await page.locator('.dtcc-dropdown input').fill('m');
    await waitForInfo(filtered(1));
    await page.keyboard.press('Escape');
    expect(await page.textContent('.widgetlib-more-filters-label')).toBe('2 more filters:');
    expect(await chips().allTextContents()).toEqual(['Title starts with m×', 'Year is greater than 1965×']);

    await chips().nth(1).click();
    await waitForInfo(filtered(3));
    expect(await page.locator('.dtsb-criteria').count()).toBe(0);
    expect(conditionsOf(queries().at(-1)!)).toEqual({
      'columns[1][name]': 'title',
      'columns[1][columnControl][search][value]': 'm',
      'columns[1][columnControl][search][logic]': 'starts',
      'columns[1][columnControl][search][type]': 'text',
    });
    await chips().first().click();
    await waitForInfo(ALL);
    expect(await chips().count()).toBe(0);
    expect(conditionsOf(queries().at(-1)!)).toEqual({});
    expect(pageErrors).toEqual([]);
  });

  it('"Clear filters" empties every tool and the search box, and nothing with a condition is sent after its request, right after the box was emptied', async () => {
    await openTable({ layout: { top1: 'searchBuilder', topEnd: 'search' } }, FORMAT_LIST);
    await waitForInfo(ALL);
    await page.fill('.dt-search input', 'blue');
    await waitForInfo(filtered(4));
    await filterControl('Year').fill('1959');
    await waitForInfo(filtered(1));
    await page.click('.dtsb-add');
    const criterion = page.locator('.dtsb-criteria').nth(0);
    await criterion.locator('select.dtsb-data').selectOption({ label: 'Year' });
    await criterion.locator('select.dtsb-condition').selectOption('>');
    await criterion.locator('input.dtsb-value').first().fill('1950');
    await openFormatList();
    await listButton('LP').click();
    await listButton('EP').click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('.widgetlib-filter-chip').length === 2);
    await waitForInfo(filtered(1));
    // Every change above has gone out (the list's second value and the criterion may leave last).
    await untilLastQuery(
      (conditions) => conditions['columns[5][columnControl][list][1]'] === 'EP' && 'searchBuilder' in conditions,
    );

    // The box emptied and "Clear filters" at once: the search waiting for `searchDelay` is not sent.
    const before = queries().length;
    await page.fill('.dt-search input', '');
    await page.click('.widgetlib-filter-clear');
    await waitForInfo(ALL);
    // Longer than `searchDelay` (300 ms): a search still waiting would have been sent by now.
    await page.waitForTimeout(600);
    const sent = queries().slice(before).map(conditionsOf);
    // The clearing request carries no condition, and nothing with a condition is sent after it (no
    // search replayed). A request of the old conditions may leave first, as the click begins, and the
    // SearchPanes redraw may repeat the cleared request.
    const cleared = sent.findIndex((conditions) => Object.keys(conditions).length === 0);
    expect(cleared).toBeGreaterThanOrEqual(0);
    expect(sent.slice(cleared).filter((conditions) => Object.keys(conditions).length > 0)).toEqual([]);
    expect(sent.length - cleared).toBeLessThanOrEqual(2);
    expect(await page.textContent('#albums_info')).toBe(ALL);
    expect(await page.inputValue('.dt-search input')).toBe('');
    expect(await filterControl('Year').inputValue()).toBe('');
    expect(await page.locator('.dtsb-criteria').count()).toBe(0);
    expect(await chips().count()).toBe(0);
    await openFormatList();
    expect(await page.locator('.dtcc-dropdown .dtcc-list-buttons button.dtcc-button_active').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('typing goes on undisturbed while the requests of what was typed come back', async () => {
    await openTable({});
    await waitForInfo(ALL);
    const title = filterControl('Title');
    await title.pressSequentially('kind ');
    await page.waitForFunction(() => document.querySelector('#albums_info')?.textContent?.includes('filtered'));
    await title.pressSequentially('of');
    await waitForInfo(filtered(1));
    expect(await title.inputValue()).toBe('kind of');
  });

  it('a loaded state shows its column searches in the filter row, date ranges with one end too', async () => {
    await openPage((opened) =>
      opened.evaluate((columnOptions) => {
        const searched = (search: string) => ({ visible: true, search: { search, smart: true, regex: false } });
        return window.makeAlbumsTable(
          {
            filterRow: true,
            stateSave: true,
            stateSaveCallback: () => undefined,
            stateLoadCallback: () => ({
              time: Date.now(),
              columns: [
                searched(''),
                searched('blue'),
                searched(''),
                searched('false'),
                searched('1959-01-01,'),
                searched('LP'),
                searched(''),
                searched(''),
              ],
            }),
          },
          columnOptions,
        );
      }, FORMAT_LIST),
    );
    await waitForInfo(filtered(1));
    expect(await filterControl('Title').inputValue()).toBe('blue');
    expect(await filterControl('Live').inputValue()).toBe('false');
    expect(await filterControl('Format').inputValue()).toBe('LP');
    expect(await filterControl('Released (From)').inputValue()).toBe('01/01/1959');
    expect(await filterControl('Released (To)').inputValue()).toBe('');
    // Format's ColumnControl list shows it too.
    await openFormatList();
    expect(await page.locator('.dtcc-dropdown .dtcc-list-buttons button.dtcc-button_active').allTextContents()).toEqual(
      ['LP'],
    );
    await page.keyboard.press('Escape');

    // A state set later (a saved view loaded on the page) shows too: an end date only, Format cleared.
    await page.evaluate(() => {
      const searched = (search: string) => ({ visible: true, search: { search, smart: true, regex: false } });
      const columns = ['', '', '', '', ',1958-12-31', '', '', ''].map(searched);
      window.albumsTable.state({ time: Date.now(), columns } as never);
      window.albumsTable.draw();
    });
    await waitForInfo(filtered(6));
    expect(await filterControl('Title').inputValue()).toBe('');
    expect(await filterControl('Format').inputValue()).toBe('');
    expect(await filterControl('Released (From)').inputValue()).toBe('');
    expect(await filterControl('Released (To)').inputValue()).toBe('31/12/1958');
    expect(conditionsOf(queries().at(-1)!)).toEqual({ released__range: ',1958-12-31' });
    expect(pageErrors).toEqual([]);
  });
});

describe('DataTables 2.3 (SearchPanes does not run on 3): SearchPanes and the filter row in Chromium', () => {
  beforeAll(() => {
    line = '2.3';
  });

  const PANE = '.dtsp-searchPane:not(.dtsp-hidden)';
  const paneRow = (label: string) => page.locator(PANE).nth(0).locator('tbody tr', { hasText: label });

  it("a pane's selection shows in the filter row's select, the select's choice replaces it, two values are a chip", async () => {
    const shown = { searchPanes: { show: true } };
    await openTable(
      { layout: { top1: 'searchPanes' }, searchPanes: { columns: [FORMAT, YEAR] } },
      { [FORMAT]: shown, [YEAR]: shown },
    );
    await waitForInfo(ALL);
    await paneRow('EP').click();
    await waitForInfo(filtered(3));
    expect(await filterControl('Format').inputValue()).toBe('EP');
    expect(await chips().count()).toBe(0);

    await filterControl('Format').selectOption('LP');
    await waitForInfo(filtered(20));
    expect(conditionsOf(queries().at(-1)!)).toEqual({ format: 'LP' });
    expect(await page.locator(`${PANE} tbody tr.selected`).count()).toBe(0);

    await paneRow('Single').click();
    await waitForInfo(filtered(2));
    expect(await filterControl('Format').inputValue()).toBe('Single');
    await paneRow('EP').click({ modifiers: ['Control'] });
    await waitForInfo(filtered(5));
    expect(await filterControl('Format').inputValue()).toBe('');
    expect(await chips().allTextContents()).toEqual([
      expect.stringMatching(/^Format is (Single or EP|EP or Single)×$/),
    ]);
    await chips().first().click();
    await waitForInfo(ALL);
    expect(await chips().count()).toBe(0);
    expect(await page.locator(`${PANE} tbody tr.selected`).count()).toBe(0);
    expect(
      Object.keys(conditionsOf(queries().at(-1)!)).filter((name) => !name.startsWith('searchPanes_options')),
    ).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
