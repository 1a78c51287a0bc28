// StateRestore 1.4 on DataTables 2.3 in Chromium, its states kept in the saved views store: save,
// load, rename and remove through its own API and buttons, and the states found again after a reload.
import type { Api } from 'datatables.net';
import type { Page, Request } from 'playwright-core';
import { SavedView, SavedViewsService, SavedViewTables } from '@widgetlib/nest';
import { TEST_USER_HEADER } from '@widgetlib/test-support/test-app.js';
import { SAVED_VIEWS_CSRF_TOKEN } from './fixtures/saved-views.fixture.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

/** What the test uses of StateRestore 1.4's API. */
interface StateRestoreV1Api {
  stateRestore: {
    state(name: string): { load(): void; rename(name: string): void; remove(skipModal: boolean): void };
    states(): { toArray(): Array<{ s: { identifier: string } }> };
  };
}

declare global {
  interface Window {
    albumsTable: Api;
    makeAlbumsTable(extra?: object): boolean;
  }
}

const browser = useDataTablesBrowser();
const PAGE = '/sv/page?mode=restore&datatables=2.3';
let writes: Request[];
let pageErrors: string[];

async function openAs(user: string): Promise<Page> {
  const page = await browser.newPage({ width: 1200, height: 800 });
  page.setDefaultTimeout(5000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/saved-views/') && request.method() !== 'GET') writes.push(request);
  });
  await page.setExtraHTTPHeaders({
    [TEST_USER_HEADER]: JSON.stringify({ name: user, permissions: ['app.view_album'] }),
  });
  const loaded = page.waitForResponse((response) => response.url().includes('/state-restore/'));
  await page.goto(`${browser.server.baseUrl}${PAGE}`);
  await page.evaluate(() => window.makeAlbumsTable());
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
  await loaded;
  return page;
}

/** The names of the states StateRestore holds, once it holds `count` of them. */
async function stateNames(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (wanted) => (window.albumsTable as unknown as StateRestoreV1Api).stateRestore.states().toArray().length === wanted,
    count,
  );
  return page.evaluate(() =>
    (window.albumsTable as unknown as StateRestoreV1Api).stateRestore
      .states()
      .toArray()
      .map((state) => state.s.identifier),
  );
}

const service = () => browser.server.testApp.app.get(SavedViewsService);
const ana = () => ({ table: browser.server.testApp.app.get(SavedViewTables).get('dt-albums')!, name: 'ana' });

/** The names of ana's saved views on the server, once there are `count`. */
async function serverNames(count: number): Promise<string[]> {
  const end = Date.now() + 5000;
  for (;;) {
    const names = (await service().list(ana())).map((view) => view.name);
    if (names.length === count || Date.now() > end) return names;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('StateRestore 1.4 on DataTables 2.3 in the browser', () => {
  beforeEach(async () => {
    writes = [];
    pageErrors = [];
    await browser.server.testApp.dataSource.getRepository(SavedView).clear();
  });

  it('saves, loads, renames and removes states on the server, found again after a reload', async () => {
    const page = await openAs('ana');
    expect(
      await page.evaluate(() => (window as unknown as { DataTable: { version: string } }).DataTable.version),
    ).toMatch(/^2\.3\./);
    await page.evaluate(() => window.albumsTable.order([1, 'desc']).draw());
    await page.waitForFunction(() => JSON.stringify(window.albumsTable.order()) === '[[1,"desc"]]');
    await page.getByRole('button', { name: 'Create State' }).click();
    expect(await serverNames(1)).toEqual(['State 1']);
    const [saved] = await service().list(ana());
    expect(saved!.state.order).toEqual([['title', 'desc']]);
    expect(saved!.state.columns?.map((column) => column.name)).toEqual(['id', 'title', 'year', 'artist__name', '']);
    const save = writes.find((request) => request.postDataJSON()?.action === 'save');
    expect(save?.headers()['x-csrf-token']).toBe(SAVED_VIEWS_CSRF_TOKEN);

    // Loaded back into the table after another ordering.
    await page.evaluate(() => window.albumsTable.order([2, 'asc']).draw());
    await page.waitForFunction(() => JSON.stringify(window.albumsTable.order()) === '[[2,"asc"]]');
    await page.evaluate(() =>
      (window.albumsTable as unknown as StateRestoreV1Api).stateRestore.state('State 1').load(),
    );
    await page.waitForFunction(() => JSON.stringify(window.albumsTable.order()) === '[[1,"desc"]]');

    await page.evaluate(() =>
      (window.albumsTable as unknown as StateRestoreV1Api).stateRestore.state('State 1').rename('Loved'),
    );
    expect(await serverNames(1)).toEqual(['Loved']);
    await page.getByRole('button', { name: 'Create State' }).click();
    expect((await serverNames(2)).sort()).toEqual(['Loved', 'State 1']);

    // A new page of the same user finds both states, and removes one.
    const again = await openAs('ana');
    expect((await stateNames(again, 2)).sort()).toEqual(['Loved', 'State 1']);
    await again.evaluate(() => (window.albumsTable as unknown as StateRestoreV1Api).stateRestore.state('Loved').load());
    await again.waitForFunction(() => JSON.stringify(window.albumsTable.order()) === '[[1,"desc"]]');
    await again.evaluate(() =>
      (window.albumsTable as unknown as StateRestoreV1Api).stateRestore.state('State 1').remove(true),
    );
    expect(await serverNames(1)).toEqual(['Loved']);
    const last = await openAs('ana');
    expect(await stateNames(last, 1)).toEqual(['Loved']);
    // Another user has none of them.
    const ben = await openAs('ben');
    expect(await stateNames(ben, 0)).toEqual([]);
    expect(writes.length).toBeGreaterThanOrEqual(4);
    expect(writes.every((request) => request.headers()['x-csrf-token'] === SAVED_VIEWS_CSRF_TOKEN)).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
