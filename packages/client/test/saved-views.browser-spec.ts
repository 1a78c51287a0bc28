// Saved views in Chromium: the state kept on the server per user (stateSave), the control saving,
// sharing and loading named views, a #view=<id> link restoring the table, and StateRestore's Ajax.
import type { Api } from 'datatables.net';
import type { Page, Request } from 'playwright-core';
import { SavedView, SavedViewsService, SavedViewTables, type SavedViewTable } from '@widgetlib/nest';
import { TEST_USER_HEADER } from '@widgetlib/test-support/test-app.js';
import { DATATABLES_LINES } from './fixtures/datatables-fixture.page.js';
import { SAVED_VIEWS_CSRF_TOKEN } from './fixtures/saved-views.fixture.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    makeAlbumsTable(extra?: object): boolean;
  }
}

const browser = useDataTablesBrowser();
const VIEW = 'app.view_album';
let writes: Request[];
let pageErrors: string[];

async function openAs(user: string, path = '/sv/page', extra: object = {}): Promise<Page> {
  const page = await browser.newPage({ width: 1200, height: 800 });
  page.setDefaultTimeout(5000);
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/saved-views/') && request.method() !== 'GET') writes.push(request);
  });
  await page.setExtraHTTPHeaders({ [TEST_USER_HEADER]: JSON.stringify({ name: user, permissions: [VIEW] }) });
  await page.goto(`${browser.server.baseUrl}${path}`);
  await page.evaluate((options) => window.makeAlbumsTable(options), extra);
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
  return page;
}

/** The table's ordering and global search as DataTables holds them. */
function tableState(page: Page): Promise<{ order: unknown; search: unknown }> {
  return page.evaluate(() => ({ order: window.albumsTable.order(), search: window.albumsTable.search() }));
}

/** Reads until the value is as wanted (the server's side of a change the page makes); fails after 5 s. */
async function eventually<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (wanted(value)) return value;
    if (Date.now() > end) throw new Error(`Still ${JSON.stringify(value)} after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the table's last request asked for this ordering and search. */
async function waitForDrawn(page: Page, order: unknown, search: string): Promise<void> {
  await page.waitForFunction(
    ([wantedOrder, wantedSearch]) =>
      JSON.stringify(window.albumsTable.order()) === JSON.stringify(wantedOrder) &&
      window.albumsTable.search() === wantedSearch,
    [order, search] as const,
  );
}

function service(): SavedViewsService {
  return browser.server.testApp.app.get(SavedViewsService);
}

function tableOf(): SavedViewTable {
  return browser.server.testApp.app.get(SavedViewTables).get('dt-albums')!;
}

const as = (name: string) => ({ table: tableOf(), name });

describe('Saved views in the browser', () => {
  beforeEach(async () => {
    writes = [];
    await browser.server.testApp.dataSource.getRepository(SavedView).clear();
  });

  it.each(DATATABLES_LINES)(
    "keeps the user's table state on the server and restores it (DataTables %s)",
    async (line) => {
      const path = `/sv/page?datatables=${line}`;
      const first = await openAs('ana', path);
      await first.evaluate(() => window.albumsTable.order([1, 'desc']).search('the').draw());
      await waitForDrawn(first, [[1, 'desc']], 'the');
      await eventually(
        () => service().current(as('ana')),
        (state) => state?.search?.search === 'the',
      );

      const again = await openAs('ana', path);
      expect(await tableState(again)).toEqual({ order: [[1, 'desc']], search: 'the' });
      // Another user starts from the table's defaults.
      const other = await openAs('ben', path);
      expect((await tableState(other)).search).toBe('');
      expect(writes.every((request) => request.headers()['x-csrf-token'] === SAVED_VIEWS_CSRF_TOKEN)).toBe(true);
      expect(writes.length).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    },
  );

  it('saves a view with the control, shares it, and another user loads it read-only', async () => {
    const ana = await openAs('ana');
    await ana.evaluate(() => window.albumsTable.order([2, 'asc']).search('love').draw());
    await waitForDrawn(ana, [[2, 'asc']], 'love');
    await ana.fill('.widgetlib-saved-views__name', '<b>Loved</b> by year');
    await ana.click('.widgetlib-saved-views__save');
    const item = ana.locator('.widgetlib-saved-views__item');
    await item.waitFor();
    expect(await item.locator('.widgetlib-saved-views__load').textContent()).toBe('<b>Loved</b> by year');
    expect(await ana.locator('.widgetlib-saved-views__item b').count()).toBe(0);
    await item.locator('.widgetlib-saved-views__share input').check();
    await eventually(
      () => service().list(as('ben')),
      (views) => views.length === 1,
    );

    const ben = await openAs('ben');
    const shared = ben.locator('.widgetlib-saved-views__item');
    await shared.waitFor();
    expect(await shared.locator('.widgetlib-saved-views__owner').textContent()).toBe('shared by ana');
    expect(await shared.locator('.widgetlib-saved-views__delete, .widgetlib-saved-views__share').count()).toBe(0);
    await shared.locator('.widgetlib-saved-views__load').click();
    await waitForDrawn(ben, [[2, 'asc']], 'love');
    expect(ben.url()).toMatch(/#view=\d+$/);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((request) => request.headers()['x-csrf-token'] === SAVED_VIEWS_CSRF_TOKEN)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('opens the table in the state of a view linked by #view=<id>', async () => {
    const view = await service().create(as('ana'), {
      name: 'Linked',
      shared: true,
      state: { order: [[1, 'desc']], search: { search: 'blue' }, columns: columnsState() },
    });
    const ben = await openAs('ben', `/sv/page#view=${view.id}`);
    expect(await tableState(ben)).toEqual({ order: [[1, 'desc']], search: 'blue' });
    const query = await ben.evaluate(() => window.albumsTable.ajax.params() as Record<string, unknown>);
    expect(JSON.stringify(query)).toContain('blue');
    // A private view of another user is not there: the table opens as it would without the link.
    const hidden = await service().create(as('ana'), {
      name: 'Private',
      state: { search: { search: 'secret' }, columns: columnsState() },
    });
    const other = await openAs('cy', `/sv/page#view=${hidden.id}`);
    expect((await tableState(other)).search).toBe('');
  });

  it("keeps StateRestore's states on the server, shared ones loaded by other users", async () => {
    const ana = await openAs('ana', '/sv/page?mode=restore');
    await ana.evaluate(() => window.albumsTable.order([1, 'desc']).draw());
    await waitForDrawn(ana, [[1, 'desc']], '');
    await ana.evaluate(() => {
      (window.albumsTable as unknown as { stateRestore: { add(name: string): void } }).stateRestore.add('Team view');
    });
    const modal = ana.locator('.dtsb-modal');
    await modal.locator('input[name=share]').check();
    await modal.getByRole('button', { name: 'Save' }).click();
    const listed = await eventually(
      () => service().list(as('ben')),
      (views) => views.length > 0,
    );
    expect(listed.map((view) => view.name)).toEqual(['Team view']);
    const created = writes.find((request) => request.postData()?.includes('"state-create"'));
    expect(created?.headers()['x-csrf-token']).toBe(SAVED_VIEWS_CSRF_TOKEN);
    expect(created?.postDataJSON()).toMatchObject({ action: 'state-create', name: 'Team view', isSharedOut: true });

    const ben = await openAs('ben', '/sv/page?mode=restore');
    const states = () =>
      ben.evaluate(() =>
        (
          window.albumsTable as unknown as {
            stateRestore: { states(): { details(): Array<{ id: number; name: string; isSharedIn: boolean }> } };
          }
        ).stateRestore
          .states()
          .details()
          .map(({ id, name, isSharedIn }) => ({ id, name, isSharedIn })),
      );
    const [loaded] = await eventually(states, (found) => found.length > 0);
    expect(loaded).toEqual({ id: expect.any(Number), name: 'Team view (ana)', isSharedIn: true });
    const { id } = loaded!;
    await ben.evaluate((stateId) => {
      (window.albumsTable as unknown as { stateRestore: { state(id: number): { load(): void } } }).stateRestore
        .state(stateId)
        .load();
    }, id);
    await waitForDrawn(ben, [[1, 'desc']], '');
    expect(pageErrors).toEqual([]);
  });
});

function columnsState() {
  return ['id', 'title', 'year', 'artist__name', ''].map((name) => ({ name, visible: true }));
}
