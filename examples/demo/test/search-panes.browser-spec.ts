import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const ALBUMS = 300;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ALBUM_GENRES =
  'album JOIN album_genre ON album_genre.album_id = album.id JOIN genre ON genre.id = album_genre.genre_id';

describe("the albums page's SearchPanes in Chromium (SQLite)", () => {
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

  async function signIn(viewport: { width: number; height: number }, path = '/albums'): Promise<Page> {
    context = await chromium.newContext({ viewport });
    pageErrors = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, 'viewer', path);
    await page.waitForSelector('#albums tbody tr td:not(.dt-empty)');
    return page;
  }

  async function count(where: string): Promise<number> {
    const [row] = (await demo.app
      .get(DataSource)
      .query(`SELECT COUNT(DISTINCT album.id) AS n FROM ${ALBUM_GENRES} WHERE ${where}`)) as Array<{ n: number }>;
    return Number(row!.n);
  }

  /** Waits until the table's information line counts `matching` albums of all. */
  async function expectMatching(page: Page, matching: number): Promise<void> {
    const expected = `Showing 1 to ${Math.min(10, matching)} of ${matching} entries (filtered from ${ALBUMS} total entries)`;
    try {
      await page.waitForFunction((text) => document.querySelector('#albums_info')?.textContent === text, expected, {
        timeout: 10_000,
      });
    } catch {
      expect(await page.textContent('#albums_info')).toBe(expected);
    }
  }

  function pane(page: Page, title: string): Locator {
    return page.locator('.dtsp-searchPane').filter({ has: page.locator(`input[placeholder="${title}"]`) });
  }

  /** The pane's option of exactly `label` (regular-expression characters in it are not escaped). */
  function option(pane: Locator, label: string): Locator {
    const name = pane.page().locator('span.dtsp-name', { hasText: new RegExp(`^${label}$`) });
    return pane.locator('tbody tr').filter({ has: name });
  }

  /** Waits until an option's count reads `expected` ("shown (total)" once another pane filters). */
  async function expectCount(pane: Locator, label: string, expected: string): Promise<void> {
    const pill = option(pane, label).locator('span.dtsp-pill');
    try {
      await pill.filter({ hasText: expected }).waitFor({ timeout: 10_000 });
    } catch {
      expect(await pill.textContent()).toBe(expected);
    }
  }

  async function openPanes(page: Page): Promise<void> {
    await page.click('#albums_wrapper .dt-buttons button:has-text("SearchPanes")');
    await pane(page, 'Genres').locator('tbody tr').first().waitFor();
  }

  it("lists the Format column's labels in the Format pane, as the column's cells show them", async () => {
    const page = await signIn(LAPTOP);
    await openPanes(page);
    const names = await pane(page, 'Format').locator('tbody tr span.dtsp-name').allTextContents();
    // SearchPanes orders the options by what they show.
    expect([...names].sort()).toEqual(['CD', 'Cassette', 'Digital', 'Vinyl']);
    const cells = await page.locator('#albums tbody td span.badge').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(names).toContain(cell);
  });

  it("lists the Format column's labels in the page's language, and filters by one", async () => {
    const page = await signIn(LAPTOP, '/albums?lang=es');
    await page.click('#albums_wrapper .dt-buttons button:has-text("Paneles de búsqueda")');
    const formats = page.locator('.dtsp-searchPane').filter({ has: page.locator('input[placeholder="Formato"]') });
    await formats.locator('tbody tr').first().waitFor();
    const names = await formats.locator('tbody tr span.dtsp-name').allTextContents();
    expect([...names].sort()).toEqual(['CD', 'Casete', 'Digital', 'Vinilo']);
    await option(formats, 'Casete').locator('td').first().click();
    const matching = await count("album.format = 'cassette'");
    await page.waitForFunction(
      (text) => document.querySelector('#albums_info')?.textContent?.startsWith(text) === true,
      `Mostrando 1 a 10 de ${matching} registros`,
    );
    const cells = await page.locator('#albums tbody td span.badge').allTextContents();
    expect(new Set(cells)).toEqual(new Set(['Casete']));
  });

  it('filters by a format and a genre, and each pane counts the rows the other leaves', async () => {
    const page = await signIn(LAPTOP);
    await openPanes(page);
    const formats = pane(page, 'Format');
    const genres = pane(page, 'Genres');
    await expectCount(formats, 'Cassette', String(await count("album.format = 'cassette'")));
    await expectCount(genres, 'Jazz', String(await count("genre.name = 'Jazz'")));

    await option(formats, 'Cassette').locator('td').first().click();
    await expectMatching(page, await count("album.format = 'cassette'"));
    const jazz = await count("genre.name = 'Jazz'");
    await expectCount(genres, 'Jazz', `${await count("genre.name = 'Jazz' AND album.format = 'cassette'")} (${jazz})`);

    await option(genres, 'Jazz').locator('td').first().click();
    const cassetteJazz = await count("album.format = 'cassette' AND genre.name = 'Jazz'");
    await expectMatching(page, cassetteJazz);
    const vinyl = await count("album.format = 'vinyl'");
    await expectCount(formats, 'Vinyl', `${await count("album.format = 'vinyl' AND genre.name = 'Jazz'")} (${vinyl})`);
    await expectCount(formats, 'Cassette', `${cassetteJazz} (${await count("album.format = 'cassette'")})`);
    expect(await page.textContent('#albums_wrapper .dt-buttons button:has-text("SearchPanes")')).toBe(
      'SearchPanes (2)',
    );

    await page.click('.dtsp-panesContainer button.dtsp-clearAll');
    await page.waitForFunction(
      (all) => document.querySelector('#albums_info')?.textContent === `Showing 1 to 10 of ${all} entries`,
      ALBUMS,
    );
  });

  it('opens the panes within a phone screen, one above the other', async () => {
    const page = await signIn(PHONE);
    await openPanes(page);
    const formatBox = (await pane(page, 'Format').boundingBox())!;
    const genresBox = (await pane(page, 'Genres').boundingBox())!;
    for (const box of [formatBox, genresBox]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(genresBox.y).toBeGreaterThan(formatBox.y + formatBox.height - 1);

    await option(pane(page, 'Genres'), 'Rock').locator('td').first().click();
    await expectMatching(page, await count("genre.name = 'Rock'"));
  });
});
