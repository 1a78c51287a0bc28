import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const ALBUMS = 120;

describe("the albums page's totals in Chromium (SQLite)", () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite', { albumCount: ALBUMS }), startChromium()]);
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function open(path: string, viewport = { width: 1600, height: 900 }): Promise<Page> {
    context = await chromium.newContext({ viewport });
    pageErrors = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, 'viewer', path);
    await page.waitForSelector('#albums tbody tr td:not(.dt-empty)');
    return page;
  }

  async function tracks(where = '1 = 1'): Promise<{ sum: number; count: number }> {
    const [row] = (await demo.app
      .get(DataSource)
      .query(`SELECT SUM(tracks) AS sum, COUNT(*) AS count FROM album WHERE ${where}`)) as Array<{
      sum: number;
      count: number;
    }>;
    return { sum: Number(row!.sum), count: Number(row!.count) };
  }

  it('the Tracks footer sums the tracks of every album the filters match', async () => {
    const page = await open('/albums');
    const { sum } = await tracks();
    await page.waitForFunction(
      (wanted) => [...document.querySelectorAll('#albums tfoot th')].some((cell) => cell.textContent === wanted),
      String(sum),
    );
  });

  it('Group by format: each format starts with its albums among all matches and ends with its tracks', async () => {
    const page = await open('/albums?group=format');
    await page.waitForSelector('#albums tbody tr.dtrg-start');
    const start = await page.textContent('#albums tbody tr.dtrg-start');
    // The group is named as the Format column shows its value (its `choices`).
    const [label, count] = /^(\w+): (\d+) rows$/.exec(start ?? '')!.slice(1);
    const format = label!.toLowerCase();
    expect(['CD', 'Cassette', 'Digital', 'Vinyl']).toContain(label);
    expect(Number(count)).toBe((await tracks(`format = '${format}'`)).count);
    const end = await page.$$eval('#albums tbody tr.dtrg-end td', (cells) => cells.map((cell) => cell.textContent));
    expect(end).toContain(String((await tracks(`format = '${format}'`)).sum));
    // A group's row says Subtotal; the footer's grand total, Totals.
    expect(end).toContain('Subtotal');
    expect(end).not.toContain('Totals');
    expect(await page.textContent('#albums tfoot')).toContain('Totals');
  });

  it('Group by format on a laptop and a phone, in Spanish: the groups in words of the page, their rows as wide as the table', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await open('/albums?group=format&lang=es', viewport);
      await page.waitForSelector('#albums tbody tr.dtrg-end');
      const start = await page.textContent('#albums tbody tr.dtrg-start');
      expect(start).toMatch(/^(CD|Casete|Digital|Vinilo): \d+ filas$/);
      const end = await page.$$eval('#albums tbody tr.dtrg-end td', (cells) => cells.map((cell) => cell.textContent));
      expect(end).toContain('Subtotal');
      expect(end).not.toContain('Totales');
      expect(await page.textContent('#albums tfoot')).toContain('Totales');
      // Responsive moved some columns to the child rows: the group rows span the columns left, no
      // more, on the first page and on the next one (a draw that changes no column).
      await fitsColumns(page);
      const info = await page.textContent('#albums_info');
      await page.locator('.dt-paging button[data-dt-idx="next"]').click();
      await page.waitForFunction((before) => document.querySelector('#albums_info')?.textContent !== before, info);
      await fitsColumns(page);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  /** The group rows span the columns shown, no more: as wide as the header, as many cells as a row shows. */
  async function fitsColumns(page: Page): Promise<void> {
    const widths = await page.$eval('#albums', (table) => {
      const right = (element: Element) => Math.round(element.getBoundingClientRect().right);
      const shown = (row: HTMLTableRowElement) =>
        [...row.cells].filter((cell) => getComputedStyle(cell).display !== 'none');
      const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
      return {
        header: right(table.querySelector('thead tr')!.lastElementChild!),
        start: right(rows.find((row) => row.classList.contains('dtrg-start'))!),
        endCells: shown(rows.find((row) => row.classList.contains('dtrg-end'))!).length,
        rowCells: shown(rows.find((row) => !row.classList.contains('dtrg-group'))!).length,
      };
    });
    expect(widths.start).toBe(widths.header);
    expect(widths.endCells).toBe(widths.rowCells);
  }
});
