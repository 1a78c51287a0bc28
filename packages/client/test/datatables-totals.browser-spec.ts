import type { Api } from 'datatables.net';
import type { Page } from 'playwright-core';
import { DtAlbum } from './fixtures/datatables-fixture.entities.js';
import { DATATABLES_LINES, type DataTablesLine } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    totalsTable: Api;
    makeTotalsTable(options?: object): boolean;
  }
}

const browser = useDataTablesBrowser();
let page: Page;
let pageErrors: string[];

async function openTable(line: DataTablesLine, options: object): Promise<void> {
  page = await browser.newPage({ width: 1200, height: 900 });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.setDefaultTimeout(6000);
  await page.goto(`${browser.server.baseUrl}/dt-totals/page?datatables=${line}`);
  await page.evaluate((o) => window.makeTotalsTable(o), options);
  await page.waitForFunction(() => window.totalsTable.ajax.json() !== undefined);
}

/** The stored albums matching `where`, as the server must total them. */
async function albums(where: (album: DtAlbum) => boolean): Promise<DtAlbum[]> {
  const all = await browser.server.testApp.dataSource.getRepository(DtAlbum).find({ relations: { artist: true } });
  return all.filter(where);
}

const footerTexts = () =>
  page.$$eval('#albums tfoot tr:first-child th, #albums tfoot tr:first-child td', (cells) =>
    cells.map((cell) => cell.textContent),
  );

describe.each(DATATABLES_LINES)('DataTables %s: totals over every matching row in Chromium', (line) => {
  it('the footer shows the sum and maximum of every filtered row, through the column renderer, per filter', async () => {
    await openTable(line, {});
    const every = await albums(() => true);
    const sum = every.reduce((total, album) => total + album.year, 0);
    const max = Math.max(...every.map((album) => album.year));
    await page.waitForFunction(
      (wanted) => document.querySelector('#albums tfoot')?.textContent?.includes(wanted),
      `Σ ${sum}`,
    );
    expect(await footerTexts()).toEqual(['Alle', '', `Σ ${sum}`, String(max)]);
    // Only 10 rows are on the page, but the footer counts them all.
    expect(await page.$$eval('#albums tbody tr:not(.dtrg-group)', (rows) => rows.length)).toBeLessThanOrEqual(10);

    await page.evaluate(() => window.totalsTable.search('Miles').draw());
    const miles = await albums((album) => /miles/i.test(album.title) || /miles/i.test(album.artist?.name ?? ''));
    const milesSum = miles.reduce((total, album) => total + album.year, 0);
    await page.waitForFunction(
      (wanted) => document.querySelector('#albums tfoot')?.textContent?.includes(wanted),
      `Σ ${milesSum}`,
    );
    expect(pageErrors).toEqual([]);
  });

  it('RowGroup start and end rows carry the server subtotals of each group, beyond the page', async () => {
    await openTable(line, { rowGroup: { dataSrc: 'format' }, pageLength: 5 });
    await page.waitForSelector('#albums tbody tr.dtrg-start');
    const every = await albums(() => true);
    const formats = [...new Set(every.map((album) => album.format))].sort();
    const first = every.filter((album) => album.format === formats[0]);
    const starts = await page.$$eval('#albums tbody tr.dtrg-start', (rows) => rows.map((row) => row.textContent));
    // Each start row counts the group's rows among all the filtered ones, not the page's.
    expect(starts).toEqual(
      formats
        .slice(0, starts.length)
        .map((format) => `${format}: ${every.filter((album) => album.format === format).length} rows`),
    );
    const ends = await page.$$eval('#albums tbody tr.dtrg-end', (rows) =>
      rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
    );
    expect(ends[0]).toEqual([
      'Subtotal',
      '',
      `Σ ${first.reduce((total, album) => total + album.year, 0)}`,
      String(Math.max(...first.map((album) => album.year))),
    ]);
    // The server orders by the group first, whatever the table orders by.
    const pageFormats = await page.$$eval('#albums tbody tr:not(.dtrg-group)', (rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[1]?.textContent),
    );
    expect(pageFormats).toEqual([...pageFormats].sort());
    expect(pageFormats).toHaveLength(5);
    expect(pageErrors).toEqual([]);
  });
});
