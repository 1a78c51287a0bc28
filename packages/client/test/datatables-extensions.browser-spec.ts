import type { Api } from 'datatables.net';
import type { Page } from 'playwright-core';
import { DataTablesExtensionsFixtureController } from './fixtures/datatables-extensions.fixture.js';
import { DtAlbum } from './fixtures/datatables-fixture.entities.js';
import { DATATABLES_LINES, type DataTablesLine } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    makeAlbumsTable(options?: object, columnOptions?: Record<number, object>): boolean;
  }
}

const browser = useDataTablesBrowser();
let page: Page;
let line: DataTablesLine;
let pageErrors: string[];
let statuses: number[];

/** Builds the album table with `options` (and per-column `columnOptions`) and waits for its first page. */
async function openTable(options: object, columnOptions: Record<number, object> = {}): Promise<void> {
  page = await browser.newPage({ width: 1400, height: 900 });
  pageErrors = [];
  statuses = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (response.url().includes('/dt-extensions/albums')) statuses.push(response.status());
  });
  page.setDefaultTimeout(4000);
  await page.goto(`${browser.server.baseUrl}/dt-extensions/page?datatables=${line}`);
  await page.evaluate(([o, c]) => window.makeAlbumsTable(o, c), [options, columnOptions] as const);
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
}

const INFO = '#albums_info';

/** Waits until the table's info line reads `text` (the answer to the last change is drawn). */
async function waitForInfo(text: string): Promise<void> {
  await page
    .waitForFunction(
      ([selector, wanted]) => document.querySelector(selector)?.textContent === wanted,
      [INFO, text] as const,
      { timeout: 10_000 },
    )
    .catch(async () => {
      // The line as it is, and the last request, say more than a timeout.
      expect({ info: await page.textContent(INFO), query: queries().at(-1) }).toEqual({ info: text });
    });
}

function filtered(shown: number): string {
  return `Showing 1 to ${shown} of ${shown} entries (filtered from 25 total entries)`;
}

async function columnTexts(column: number): Promise<string[]> {
  return page.$$eval(
    '#albums tbody tr',
    (rows, index) => rows.map((row) => (row as HTMLTableRowElement).cells[index]?.textContent ?? ''),
    column,
  );
}

function queries(): Array<Record<string, unknown>> {
  return browser.server.testApp.app.get(DataTablesExtensionsFixtureController).albumQueries;
}

/** Every albums request answered 200 and no script failed: what the extensions sent was accepted. */
function expectAllAccepted(): void {
  expect(statuses.length).toBeGreaterThan(1);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(pageErrors).toEqual([]);
}

const TITLE = 1;
const YEAR = 2;
const RELEASED = 4;
const FORMAT = 5;
const ARTIST = 6;
const GENRES = 7;

describe.each(DATATABLES_LINES)(
  'DataTables %s search extensions against @DataTable (SQLite) in Chromium',
  (dataTablesLine) => {
    beforeAll(() => {
      line = dataTablesLine;
    });

    it('SearchBuilder: conditions picked in its own UI, AND then OR, on a number and a relation column', async () => {
      await openTable({ layout: { top1: 'searchBuilder' } });
      await waitForInfo('Showing 1 to 10 of 25 entries');

      await page.click('.dtsb-add');
      const first = page.locator('.dtsb-criteria').nth(0);
      await first.locator('select.dtsb-data').selectOption({ label: 'Year' });
      await first.locator('select.dtsb-condition').selectOption('>');
      await first.locator('input.dtsb-value').first().fill('1965');
      await waitForInfo(filtered(7));
      expect((await columnTexts(YEAR)).every((year) => Number(year) > 1965)).toBe(true);

      await page.click('.dtsb-add');
      const second = page.locator('.dtsb-criteria').nth(1);
      await second.locator('select.dtsb-data').selectOption({ label: 'Artist' });
      await second.locator('select.dtsb-condition').selectOption('starts');
      await second.locator('input.dtsb-value').first().fill('Miles');
      await waitForInfo(filtered(3));
      expect(await columnTexts(TITLE)).toEqual(['Bitches Brew', 'Miles Smiles', 'Nefertiti']);
      // The artist column's data is `artist`; its field (its name) is what the server is told.
      expect(JSON.parse(String(queries().at(-1)?.searchBuilder))).toEqual({
        criteria: [
          { condition: '>', origData: 'year', type: 'num', value: ['1965'] },
          { condition: 'starts', origData: 'artist__name', type: 'string', value: ['Miles'] },
        ],
        logic: 'AND',
      });

      await page.click('.dtsb-logic');
      await waitForInfo('Showing 1 to 10 of 11 entries (filtered from 25 total entries)');
      expectAllAccepted();
    });

    it('SearchBuilder: a date range picked with DateTime inputs, in a nested OR group', async () => {
      await openTable({ layout: { top1: 'searchBuilder' } });
      await waitForInfo('Showing 1 to 10 of 25 entries');

      await page.click('.dtsb-add');
      const released = page.locator('.dtsb-criteria').nth(0);
      await released.locator('select.dtsb-data').selectOption({ label: 'Released' });
      await released.locator('select.dtsb-condition').selectOption('between');
      await released.locator('input.dtsb-value').nth(0).fill('1959-01-01');
      await released.locator('input.dtsb-value').nth(1).fill('1960-12-31');
      await released.locator('input.dtsb-value').nth(1).press('Enter');
      await waitForInfo(filtered(5));
      expect(await columnTexts(TITLE)).toEqual([
        'Kind of Blue',
        'Sketches of Spain',
        'Nina Simone at Town Hall',
        'Giant Steps',
        'Ella in Berlin',
      ]);

      // A second condition, indented into a group of its own, which gets a third one and OR.
      await page.click('.dtsb-add');
      const ella = page.locator('.dtsb-criteria').nth(1);
      await ella.locator('select.dtsb-data').selectOption({ label: 'Title' });
      await ella.locator('select.dtsb-condition').selectOption('contains');
      await ella.locator('input.dtsb-value').first().fill('Ella');
      // SearchBuilder searches as it is typed in; Enter searches again if a slow machine's draw swallowed that.
      await ella.locator('input.dtsb-value').first().press('Enter');
      await waitForInfo('Showing 1 to 1 of 1 entry (filtered from 25 total entries)');
      await ella.locator('.dtsb-right').click();
      const group = page.locator('.dtsb-group .dtsb-group');
      await group.locator('.dtsb-add').click();
      const spain = page.locator('.dtsb-criteria').nth(2);
      await spain.locator('select.dtsb-data').selectOption({ label: 'Title' });
      await spain.locator('select.dtsb-condition').selectOption('ends');
      await spain.locator('input.dtsb-value').first().fill('spain');
      await spain.locator('input.dtsb-value').first().press('Enter');
      await waitForInfo('Showing 0 to 0 of 0 entries (filtered from 25 total entries)');
      await group.locator('.dtsb-logic').first().click();
      await waitForInfo(filtered(2));
      expect(await columnTexts(TITLE)).toEqual(['Sketches of Spain', 'Ella in Berlin']);
      expect(JSON.parse(String(queries().at(-1)?.searchBuilder))).toEqual({
        criteria: [
          { condition: 'between', origData: 'released', type: 'date', value: ['1959-01-01', '1960-12-31'] },
          {
            criteria: [
              { condition: 'contains', origData: 'title', type: 'string', value: ['Ella'] },
              { condition: 'ends', origData: 'title', type: 'string', value: ['spain'] },
            ],
            logic: 'OR',
          },
        ],
        logic: 'AND',
      });
      expectAllAccepted();
    });

    it('SearchBuilder: a condition the endpoint does not allow shows its 400 inside the table', async () => {
      await openTable({ layout: { top1: 'searchBuilder' } });
      await waitForInfo('Showing 1 to 10 of 25 entries');
      await page.click('.dtsb-add');
      const criterion = page.locator('.dtsb-criteria').nth(0);
      await criterion.locator('select.dtsb-data').selectOption({ label: 'Genres' });
      await criterion.locator('select.dtsb-condition').selectOption('contains');
      await criterion.locator('input.dtsb-value').first().fill('Jazz');
      await page.waitForSelector('#albums td.widgetlib-dt-error');
      expect(await page.textContent('#albums td.widgetlib-dt-error')).toContain('genres__name');
      expect(statuses.at(-1)).toBe(400);

      await criterion.locator('.dtsb-delete').click();
      await waitForInfo('Showing 1 to 10 of 25 entries');
      expect(await page.locator('#albums td.widgetlib-dt-error').count()).toBe(0);
    });

    it('ColumnControl: typed searches with a picked logic, and a pick from a list', async () => {
      const formats = [
        { label: 'LP', value: 'LP' },
        { label: 'EP', value: 'EP' },
        { label: 'Single', value: 'Single' },
      ];
      await openTable(
        {
          columnControl: [
            { target: 0, content: ['order'] },
            { target: 1, content: ['search'] },
          ],
        },
        {
          [FORMAT]: {
            columnControl: [
              { target: 0, content: ['order', [{ extend: 'searchList', options: formats }]] },
              { target: 1, content: [] },
            ],
          },
        },
      );
      await waitForInfo('Showing 1 to 10 of 25 entries');
      // The titles stay column headers: ColumnControl's own header row would be of td cells.
      expect(await page.locator('#albums thead tr:first-child > th .dt-column-title').allTextContents()).toEqual([
        'ID',
        'Title',
        'Year',
        'Live',
        'Released',
        'Format',
        'Artist',
        'Genres',
      ]);
      const searchCell = (column: number) => page.locator(`#albums thead tr:nth-child(2) [data-dt-column="${column}"]`);

      await searchCell(TITLE).locator('input').fill('blue');
      await waitForInfo(filtered(4));
      expect(await columnTexts(TITLE)).toEqual(['Kind of Blue', 'Pastel Blues', 'Little Girl Blue', 'Blue Train']);

      await searchCell(YEAR).locator('select').selectOption('less');
      await searchCell(YEAR).locator('input').fill('1960');
      await waitForInfo(filtered(3));
      expect(await columnTexts(TITLE)).toEqual(['Kind of Blue', 'Little Girl Blue', 'Blue Train']);

      await searchCell(TITLE).locator('select').selectOption('notContains');
      // Before 1960, without "blue": Nina Simone at Town Hall, Ella and Louis, Ella Swings Lightly,
      // Lullabies of Birdland, Miles Ahead.
      await waitForInfo(filtered(5));

      await page.click(`#albums thead tr:first-child [data-dt-column="${FORMAT}"] .dtcc-button_dropdown`);
      await page.locator('.dtcc-dropdown .dtcc-list-buttons button', { hasText: 'EP' }).click();
      await waitForInfo('Showing 1 to 1 of 1 entry (filtered from 25 total entries)');
      expect(await columnTexts(TITLE)).toEqual(['Lullabies of Birdland']);
      expect(queries().at(-1)).toMatchObject({
        'columns[1][name]': 'title',
        'columns[1][columnControl][search][logic]': 'notContains',
        'columns[2][columnControl][search][logic]': 'less',
        'columns[2][columnControl][search][type]': 'num',
        'columns[5][name]': 'format',
        'columns[5][columnControl][list][0]': 'EP',
      });
      expect(await columnTexts(FORMAT)).toEqual(['EP']);
      expect(await columnTexts(ARTIST)).toEqual(['Ella Fitzgerald']);
      expectAllAccepted();
    });

    it("ColumnControl: a searchList lists every artist of the table from the answer's columnControl, not the page's", async () => {
      await openTable({}, { [ARTIST]: { columnControl: [{ target: 0, content: ['order', ['searchList']] }] } });
      await waitForInfo('Showing 1 to 10 of 25 entries');
      const stored = await browser.server.testApp.dataSource
        .getRepository(DtAlbum)
        .find({ relations: { artist: true }, order: { id: 'ASC' } });
      const artistOf = (album: DtAlbum) => album.artist?.name ?? '';
      const everyArtist = [...new Set(stored.map(artistOf))];
      const onFirstPage = new Set(stored.slice(0, 10).map(artistOf));
      const elsewhere = everyArtist.filter((name) => name !== '' && !onFirstPage.has(name));
      expect(elsewhere.length).toBeGreaterThan(0);

      await page.click(`#albums thead tr:first-child [data-dt-column="${ARTIST}"] .dtcc-button_dropdown`);
      const buttons = page.locator('.dtcc-dropdown .dtcc-list-buttons button');
      await page.waitForFunction(
        (count) => document.querySelectorAll('.dtcc-dropdown .dtcc-list-buttons button').length === count,
        everyArtist.length,
      );
      const shown = (await buttons.allTextContents()).map((text) => text.trim());
      const empty = everyArtist.includes('') ? ['Empty'] : [];
      expect([...shown].sort()).toEqual([...everyArtist.filter(Boolean), ...empty].sort());

      // An artist none of the first page's rows has: picked, it filters on the server.
      await buttons.filter({ hasText: elsewhere[0]! }).click();
      const count = stored.filter((album) => artistOf(album) === elsewhere[0]).length;
      await waitForInfo(
        `Showing 1 to ${count} of ${count} ${count === 1 ? 'entry' : 'entries'} (filtered from 25 total entries)`,
      );
      expect(new Set(await columnTexts(ARTIST))).toEqual(new Set([elsewhere[0]]));
      expect(queries().at(-1)).toMatchObject({
        'columns[6][name]': 'artist__name',
        'columns[6][columnControl][list][0]': elsewhere[0],
      });
      // The list still offers every artist after the pick.
      expect(await buttons.count()).toBe(everyArtist.length);
      expectAllAccepted();
    });

    it('ColumnControl: a date search', async () => {
      await openTable({
        columnControl: [
          { target: 0, content: ['order'] },
          { target: 1, content: ['search'] },
        ],
      });
      await waitForInfo('Showing 1 to 10 of 25 entries');
      const released = page.locator(`#albums thead tr:nth-child(2) [data-dt-column="${RELEASED}"]`);
      await released.locator('select').selectOption('greater');
      await released.locator('input').fill('1999-01-01');
      await released.locator('input').press('Enter');
      await waitForInfo(filtered(3));
      expect(await columnTexts(YEAR)).toEqual(['1999', '2000', '2001']);
      expect(queries().at(-1)).toMatchObject({
        'columns[4][name]': 'released',
        'columns[4][columnControl][search][type]': 'date',
        'columns[4][columnControl][search][value]': '1999-01-01',
      });
      expectAllAccepted();
    });
  },
);

describe('SearchPanes (DataTables 2.3; SearchPanes 2.3.5 does not run on 3) against @DataTable (SQLite) in Chromium', () => {
  beforeAll(() => {
    line = '2.3';
  });

  const PANE = '.dtsp-searchPane:not(.dtsp-hidden)';

  /** Each option of the pane (0 = Format, 1 = Genres) as shown: its label and its count pill. */
  async function paneOptions(pane: number): Promise<string[]> {
    return page
      .locator(PANE)
      .nth(pane)
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map(
          (row) => `${row.querySelector('.dtsp-name')?.textContent} ${row.querySelector('.dtsp-pill')?.textContent}`,
        ),
      );
  }

  /** Waits until the pane's options read `expected` (SearchPanes rebuilds them after the table's draw). */
  async function expectPane(pane: number, expected: string[]): Promise<void> {
    for (let tries = 0; tries < 50; tries += 1) {
      if (JSON.stringify(await paneOptions(pane)) === JSON.stringify(expected)) return;
      await page.waitForTimeout(100);
    }
    expect(await paneOptions(pane)).toEqual(expected);
  }

  it('selects options in two panes, with counts that cascade, and shows the rows and the info', async () => {
    // Server-side, SearchPanes updates the counts of the panes whose column says `show: true`.
    const shown = { searchPanes: { show: true } };
    await openTable(
      {
        layout: { top1: 'searchPanes' },
        searchPanes: { cascadePanes: true, viewTotal: true, columns: [FORMAT, GENRES] },
      },
      { [FORMAT]: shown, [GENRES]: shown },
    );
    await waitForInfo('Showing 1 to 10 of 25 entries');
    await expectPane(0, ['EP 3', 'LP 20', 'Single 2']);
    // The genre named like markup is shown as text (the server escapes labels; SearchPanes writes HTML).
    await expectPane(1, [`<img src=z onerror="window.__xss='genre'"> 2`, 'Blues 4', 'Jazz 20', 'Soul 5']);

    await page.locator(PANE).nth(0).locator('tbody tr', { hasText: 'EP' }).click();
    await waitForInfo(filtered(3));
    expect(await columnTexts(TITLE)).toEqual(['Pastel Blues', 'Blue Train', 'Lullabies of Birdland']);
    // The genres of the EPs, of all albums' (the markup genre has none left and is not listed).
    await expectPane(1, ['Blues 2 (4)', 'Jazz 2 (20)', 'Soul 1 (5)']);

    await page.locator(PANE).nth(1).locator('tbody tr', { hasText: 'Blues' }).click();
    await waitForInfo(filtered(2));
    await expectPane(0, ['EP 2 (3)', 'LP 2 (20)']);
    expect(queries().at(-1)).toMatchObject({
      'searchPanes[format][0]': 'EP',
      'searchPanes_null[format][0]': 'false',
      'searchPanes[genres__name][0]': 'Blues',
      'searchPanes_null[genres__name][0]': 'false',
      'searchPanes_options[cascade]': 'true',
      'searchPanes_options[viewTotal]': 'true',
    });
    expect(await columnTexts(TITLE)).toEqual(['Pastel Blues', 'Blue Train']);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expectAllAccepted();
  });
});
