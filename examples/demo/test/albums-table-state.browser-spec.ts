// The albums table shows the state a saved view or a link sets in its filter row: the seeded
// "Cassettes, newest first" opened by its link shows Format = Cassette, a view of explicit albums
// shows Explicit = Yes.
import type { BrowserContext, Page, Response } from 'playwright-core';
import { DataSource } from 'typeorm';
import { SavedView } from '@widgetlib/nest';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { SHARED_ALBUM_VIEW } from '../src/catalogue/album-views.seed.js';
import { signInOn } from './support/sign-in.js';
import { countOf, expectInfo } from './support/albums-table.js';

const ALBUMS = 120;
const VIEWS = '.widgetlib-saved-views';

describe('the albums table shows a loaded view in its filter row, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: ALBUMS });
    dataSource = demo.app.get(DataSource);
    chromium = await startChromium();
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function signIn(username: 'admin' | 'editor' | 'viewer'): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, username, '/albums');
    await page.waitForSelector('#albums tbody tr');
    return page;
  }

  /** Opens `/albums#view=<id>` afresh (a new tab): a URL differing only in its fragment would not load. */
  async function openView(page: Page, id: number): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${demo.baseUrl}/albums#view=${id}`);
    await page.waitForSelector('#albums tbody tr');
  }

  const count = (sql: string) => countOf(dataSource, sql);

  const info = (matching: number) =>
    `Showing 1 to ${Math.min(10, matching)} of ${matching} entries (filtered from ${ALBUMS} total entries)`;

  /** The label of the option a filter row select shows. */
  const shownOption = (page: Page, title: string) =>
    page.getByLabel(`Filter ${title}`, { exact: true }).evaluate((select) => {
      const element = select as HTMLSelectElement;
      return element.selectedOptions[0]?.textContent ?? '';
    });

  it('shows Format = Cassette for the "Cassettes, newest first" link', async () => {
    const view = await dataSource.getRepository(SavedView).findOneByOrFail({ name: SHARED_ALBUM_VIEW.name });
    const cassettes = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'");
    const page = await signIn('viewer');
    await openView(page, view.id);
    await expectInfo(page, info(cassettes));
    expect(await shownOption(page, 'Format')).toBe('Cassette');
    expect(await shownOption(page, 'Explicit')).toBe('All');
  });

  it('shows Explicit = Yes for a view of explicit albums, and nothing else', async () => {
    const explicit = await count('SELECT COUNT(*) AS n FROM album WHERE explicit = 1');
    const editor = await signIn('editor');
    await editor.getByLabel('Filter Explicit', { exact: true }).selectOption({ label: 'Yes' });
    await expectInfo(editor, info(explicit));
    await editor.fill(`${VIEWS}__name`, 'Explicit only');
    await Promise.all([
      editor.waitForResponse((response) => response.request().method() === 'POST' && response.ok()),
      editor.click(`${VIEWS}__save`),
    ]);
    const view = await dataSource.getRepository(SavedView).findOneByOrFail({ name: 'Explicit only' });

    // The table left elsewhere (Format = CD), then the view's link.
    await editor.getByLabel('Filter Explicit', { exact: true }).selectOption({ label: 'All' });
    await editor.getByLabel('Filter Format', { exact: true }).selectOption({ label: 'CD' });
    const cds = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cd'");
    await expectInfo(editor, info(cds));
    await openView(editor, view.id);
    await expectInfo(editor, info(explicit));
    expect(await shownOption(editor, 'Explicit')).toBe('Yes');
    expect(await shownOption(editor, 'Format')).toBe('All');
  });

  it('"Clear filters" right after the search box was emptied leaves no search and no filter', async () => {
    const page = await signIn('viewer');
    page.setDefaultTimeout(5000);
    const search = page.locator('.dt-search input');
    const [first] = (await dataSource.query('SELECT title, format FROM album ORDER BY id LIMIT 1')) as Array<{
      title: string;
      format: string;
    }>;
    await search.fill(first!.title);
    await page.waitForFunction(() => document.querySelector('#albums_info')?.textContent?.includes('filtered'));
    // A format the album does not have: no row left.
    await page.getByLabel('Filter Format', { exact: true }).selectOption(first!.format === 'cd' ? 'vinyl' : 'cd');
    await expectInfo(page, `Showing 0 to 0 of 0 entries (filtered from ${ALBUMS} total entries)`);

    await search.fill('');
    await page.click('.widgetlib-filter-clear');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    // Longer than the search box's delay (300 ms): the emptied box's search is not sent late.
    await page.waitForTimeout(600);
    expect(await page.textContent('#albums_info')).toBe(`Showing 1 to 10 of ${ALBUMS} entries`);
    expect(await search.inputValue()).toBe('');
    expect(await shownOption(page, 'Format')).toBe('All');
  });
  it('saves and restores a column clicked back to unordered and a date range with one end', async () => {
    await dataSource.query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);
    const page = await signIn('editor');
    page.setDefaultTimeout(10_000);
    const isSave = (response: Response) =>
      response.request().method() === 'PUT' && new URL(response.url()).pathname.endsWith('/current/');
    const saves: number[] = [];
    page.on('response', (response) => {
      if (isSave(response)) saves.push(response.status());
    });
    const title = page.locator('#albums thead tr:first-child th', { hasText: 'Title' });
    for (const sort of ['ascending', 'descending', null]) {
      await title.click();
      await page.waitForFunction(
        ([wanted]) => {
          const header = [...document.querySelectorAll('#albums thead tr:first-child th')].find((th) =>
            th.textContent?.includes('Title'),
          );
          return (header?.getAttribute('aria-sort') ?? null) === wanted;
        },
        [sort] as const,
      );
    }
    const from = page.getByLabel('Filter Released (From)', { exact: true });
    await from.fill('1990-01-01');
    const saved = page.waitForResponse(isSave);
    await from.press('Enter');
    const released = await count("SELECT COUNT(*) AS n FROM album WHERE released_on >= '1990-01-01'");
    await expectInfo(page, info(released));
    await saved;
    expect(saves.filter((status) => status >= 300)).toEqual([]);

    // The state comes back in a new visit: the range's one end in the filter row, no column ordered by.
    await page.goto('about:blank');
    await page.goto(`${demo.baseUrl}/albums`);
    await expectInfo(page, info(released));
    expect(await page.getByLabel('Filter Released (From)', { exact: true }).inputValue()).toBe('1990-01-01');
    expect(await page.getByLabel('Filter Released (To)', { exact: true }).inputValue()).toBe('');
    expect(await title.getAttribute('aria-sort')).toBeNull();
  });

  it('keeps no Search Builder condition that was opened and left empty: the button counts none after a reload', async () => {
    await dataSource.query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);
    const page = await signIn('editor');
    page.setDefaultTimeout(10_000);
    const builder = page.locator('.dt-buttons button', { hasText: 'Search Builder' });
    expect((await builder.textContent())?.trim()).toBe('Search Builder');
    await builder.click();
    await page.locator('.dtsb-searchBuilder .dtsb-criteria').first().waitFor();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname.endsWith('/current/'),
    );
    await page.keyboard.press('Escape');
    // A change of the table saves its state, with what Search Builder holds.
    await page.locator('#albums thead tr:first-child th', { hasText: 'Title' }).click();
    await saved;

    await page.goto('about:blank');
    await page.goto(`${demo.baseUrl}/albums`);
    await page.waitForSelector('#albums tbody tr');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    expect((await builder.textContent())?.trim()).toBe('Search Builder');

    // A state kept with the blank condition (as pages saved it before) loads without it too.
    const [kept] = (await dataSource.query(
      `SELECT id, state FROM widgetlib_saved_view WHERE kind = 'current' AND owner = 'editor'`,
    )) as Array<{ id: number; state: string }>;
    const blank = { logic: 'AND', criteria: [{ type: '', value: [] }] };
    await dataSource.query('UPDATE widgetlib_saved_view SET state = ? WHERE id = ?', [
      JSON.stringify({ ...(JSON.parse(kept!.state) as object), searchBuilder: blank }),
      kept!.id,
    ]);
    await page.goto('about:blank');
    await page.goto(`${demo.baseUrl}/albums`);
    await page.waitForSelector('#albums tbody tr');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    expect((await builder.textContent())?.trim()).toBe('Search Builder');
  });
});
