// Saved views as people use them, in Chromium (SQLite): a view link opened while signed out lands on
// the view after signing in, a link to a view the user may not open says so, each page load asks for
// the rows once (after the saved state, before the list of views and without waiting for the help
// panel), the loaded view is marked, deleting asks first, a second view of one name is refused,
// and a change made just before leaving the page is kept.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { SHARED_ALBUM_VIEW } from '../src/catalogue/album-views.seed.js';
import { countOf } from './support/albums-table.js';

const ALBUMS = 60;
const VIEWS = '.widgetlib-saved-views';
const ROWS = '/api/albums/';
const LIST = '/api/saved-views/albums/';
const CURRENT = '/api/saved-views/albums/current/';
const HELP = '/api/help/';

describe('saved view links and page loads on the albums page, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** The GET requests of the rows, the saved views and the help of the current page, in the order sent. */
  let sent: string[];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: ALBUMS });
    dataSource = demo.app.get(DataSource);
    chromium = await startChromium();
  });

  beforeEach(async () => {
    sent = [];
    await dataSource.query("DELETE FROM widgetlib_saved_view WHERE kind = 'current' OR name <> ?", [
      SHARED_ALBUM_VIEW.name,
    ]);
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && [ROWS, LIST, CURRENT, HELP].includes(pathname)) sent.push(pathname);
    });
    return page;
  }

  /** Opens `path` signed out, signs in on the page it is sent to, and waits for the table's rows. */
  async function signInThrough(username: string, path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(`${demo.baseUrl}${path}`);
    await page.fill('#username', username);
    await page.fill('#password', username);
    await Promise.all([page.waitForURL((url) => url.pathname === '/albums'), page.click('button[type=submit]')]);
    await page.waitForSelector('#albums tbody tr');
    return page;
  }

  /** Loads the page again (a new document) and waits for its rows and its list of views. */
  async function reload(page: Page, path = '/albums'): Promise<void> {
    sent = [];
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === LIST);
    await page.goto('about:blank');
    await page.goto(`${demo.baseUrl}${path}`);
    await listed;
    await page.waitForSelector('#albums tbody tr');
  }

  async function sharedViewId(): Promise<number> {
    const [row] = (await dataSource.query('SELECT id FROM widgetlib_saved_view WHERE name = ?', [
      SHARED_ALBUM_VIEW.name,
    ])) as Array<{ id: number }>;
    return Number(row!.id);
  }

  const count = (sql: string) => countOf(dataSource, sql);

  async function infoMatches(page: Page, matching: number): Promise<void> {
    await page.waitForFunction(
      (text) => document.querySelector('#albums_info')?.textContent?.includes(text) === true,
      `of ${matching} entries (filtered from ${ALBUMS} total entries)`,
    );
  }

  it('keeps a #view= link through signing in, opens that view with one request for the rows and marks it', async () => {
    const id = await sharedViewId();
    const page = await signInThrough('viewer', `/albums#view=${id}`);
    expect(new URL(page.url()).hash).toBe(`#view=${id}`);
    await infoMatches(page, await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'"));
    const current = page.locator(`${VIEWS}__load[aria-current=true]`);
    await current.waitFor();
    expect(await current.textContent()).toBe(SHARED_ALBUM_VIEW.name);
    expect(await page.locator(`${VIEWS}__current:visible`).textContent()).toBe('current');
    expect(sent.filter((path) => path === ROWS)).toHaveLength(1);

    // ?view= in the query string travels in `next` as it always did.
    const query = await signInThrough('editor', `/albums?view=${id}`);
    expect(new URL(query.url()).search).toBe(`?view=${id}`);
    await query.locator(`${VIEWS}__load[aria-current=true]`).waitFor();
  });

  it('keeps the address asked for, query and #view=, through a switch of language on the sign-in page and after', async () => {
    const id = await sharedViewId();
    const page = await newPage();
    await page.goto(`${demo.baseUrl}/albums?group=format#view=${id}`);
    await Promise.all([page.waitForURL(/lang=es/), page.getByRole('link', { name: 'Español' }).click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.fill('#username', 'viewer');
    await page.fill('#password', 'viewer');
    await Promise.all([page.waitForURL((url) => url.pathname === '/albums'), page.click('button[type=submit]')]);
    expect(new URL(page.url()).search).toBe('?group=format');
    expect(new URL(page.url()).hash).toBe(`#view=${id}`);
    await page.locator(`${VIEWS}__load[aria-current=true]`).waitFor();

    // Back to English on the albums page: still grouped by format, on the same view.
    await Promise.all([page.waitForURL(/lang=en/), page.getByRole('link', { name: 'English' }).click()]);
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('group'), url.hash]).toEqual(['/albums', 'format', `#view=${id}`]);
    await page.locator('#albums tbody tr.dtrg-group').first().waitFor();
    expect(await page.getByRole('link', { name: 'Ungroup' }).count()).toBe(1);
  });

  it('says on the page when a linked view is private or gone, and keeps the last state', async () => {
    const editor = await signInThrough('editor', '/albums');
    const created = (await editor.evaluate(
      (url) =>
        (window as unknown as { demo: { send(...args: unknown[]): Promise<unknown> } }).demo.send('POST', url, {
          name: 'Editor only',
          state: {},
        }),
      LIST,
    )) as { id: number };
    const viewer = await signInThrough('viewer', `/albums#view=${created.id}`);
    const alert = viewer.locator(`${VIEWS}__error[role=alert]`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The saved view of this link does not exist or is not shared with you. The table shows your last state.',
    );
    await viewer.waitForFunction(
      (total) => document.querySelector('#albums_info')?.textContent?.endsWith(`of ${total} entries`) === true,
      ALBUMS,
    );

    await reload(viewer, '/albums#view=987654');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^The saved view of this link does not exist/);
  });

  it('asks for the rows once per load, after the saved state, before the list of views, not waiting for the help', async () => {
    const page = await signInThrough('admin', '/albums');
    await reload(page);
    expect(sent.filter((path) => path === ROWS)).toHaveLength(1);
    expect(sent.indexOf(CURRENT)).toBeLessThan(sent.indexOf(ROWS));
    expect(sent.indexOf(ROWS)).toBeLessThan(sent.indexOf(LIST));

    // With a saved state (page 2, a search): SearchPanes draws a loaded state's page again as it starts.
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') writes.push(request);
    });
    await page.evaluate(() => {
      type Table = { search(value: string): Table; page(index: number): Table; draw(paging: boolean): Table };
      const { DataTable } = window as unknown as { DataTable: { Api: new (selector: string) => Table } };
      new DataTable.Api('#albums').search('a').page(1).draw(false);
    });
    await page.waitForFunction(() => document.querySelector('#albums_info')?.textContent?.startsWith('Showing 11'));
    await page.waitForRequest((request) => request.method() === 'PUT');
    const put = writes.length;

    // The help's answer is held until the rows are asked for: the table must not wait for it.
    const rowsAsked = page.waitForRequest((request) => new URL(request.url()).pathname === ROWS);
    await page.route(`**${HELP}**`, async (route) => {
      await rowsAsked;
      await route.continue();
    });
    await reload(page);
    expect(sent.filter((path) => path === ROWS)).toHaveLength(1);
    expect(await page.textContent('#albums_info')).toMatch(/^Showing 11 to 20 of/);
    // Loading the page saved nothing.
    expect(writes).toHaveLength(put);
  });

  it('keeps a change made just before the page is left', async () => {
    const page = await signInThrough('admin', '/albums');
    await page.locator(`${VIEWS}__name`).waitFor();
    const searched = page.waitForResponse((response) => response.url().includes('search=leaving'));
    await page.fill('.dt-search input', 'leaving');
    await page.keyboard.press('Enter');
    await searched;
    // At once, well within the 300 ms the save waits for more changes.
    await page.goto(`${demo.baseUrl}/albums/new`);
    const end = Date.now() + 10_000;
    let state = '';
    while (!state.includes('"leaving"') && Date.now() < end) {
      const [row] = (await dataSource.query(
        "SELECT state FROM widgetlib_saved_view WHERE kind = 'current' AND owner = 'admin'",
      )) as Array<{ state: string }>;
      state = row?.state ?? '';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toContain('"search":"leaving"');
  });

  it('asks before deleting a view, and refuses a second view of one name', async () => {
    const page = await signInThrough('editor', '/albums');
    await page.fill(`${VIEWS}__name`, 'Mine');
    await page.click(`${VIEWS}__save`);
    const item = page.locator(`${VIEWS}__item`, { hasText: 'Mine' });
    await item.waitFor();
    await page.fill(`${VIEWS}__name`, 'MINE');
    await page.click(`${VIEWS}__save`);
    const alert = page.locator(`${VIEWS}__error[role=alert]`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe('You already have a view named \u201cMINE\u201d. Choose another name.');

    await item.getByRole('button', { name: 'Delete: Mine' }).click();
    const question = item.getByRole('group', { name: 'Delete the view \u201cMine\u201d?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep it' }).click();
    expect(await item.count()).toBe(1);
    await item.getByRole('button', { name: 'Delete: Mine' }).click();
    await question.getByRole('button', { name: 'Delete' }).click();
    await page.locator(`${VIEWS}__status`, { hasText: 'The view \u201cMine\u201d was deleted.' }).waitFor();
    expect(await item.count()).toBe(0);
  });
});
