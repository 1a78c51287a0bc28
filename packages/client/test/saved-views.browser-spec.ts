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
/** Every request of the table's rows (`/sv/albums`) and of the saved-view routes, in the order sent. */
let sent: string[];
/** The query of the last request of the table's rows. */
let lastRows: URLSearchParams;
/** Per page, the answer of the control's list request. */
const lists = new WeakMap<Page, Promise<unknown>>();

async function openAs(user: string, path = '/sv/page', extra: object = {}): Promise<Page> {
  sent = [];
  const page = await browser.newPage({ width: 1200, height: 800 });
  page.setDefaultTimeout(5000);
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/saved-views/') && request.method() !== 'GET') writes.push(request);
    const { pathname } = new URL(request.url());
    if (pathname === '/sv/albums' || pathname.startsWith('/saved-views/')) sent.push(`${request.method()} ${pathname}`);
    if (pathname === '/sv/albums') lastRows = new URL(request.url()).searchParams;
  });
  await page.setExtraHTTPHeaders({ [TEST_USER_HEADER]: JSON.stringify({ name: user, permissions: [VIEW] }) });
  const list = page.waitForResponse((response) => new URL(response.url()).pathname === '/saved-views/dt-albums/');
  list.catch(() => undefined);
  lists.set(page, list);
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
    sent = [];
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

const CONTROL = '.widgetlib-saved-views';
const LIST = 'GET /saved-views/dt-albums/';
const CURRENT = 'GET /saved-views/dt-albums/current/';
const ROWS = 'GET /sv/albums';

/** Waits until the control listed the views (its list request answered). */
async function listed(page: Page): Promise<void> {
  await lists.get(page);
}

function search(page: Page, text: string): Promise<void> {
  return page.evaluate((value) => void window.albumsTable.search(value).draw(), text);
}

async function waitForSearch(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (value) => window.albumsTable.search() === value && window.albumsTable.ajax.params() !== undefined,
    text,
  );
  await page.waitForFunction(() => !document.querySelector('.dt-processing[style*="block"]'));
}

describe('Saved views: one request per load, links that say what they open', () => {
  beforeEach(async () => {
    writes = [];
    sent = [];
    await browser.server.testApp.dataSource.getRepository(SavedView).clear();
  });

  it.each(DATATABLES_LINES)(
    'asks for the rows once per load, in the saved or linked state, and saves nothing until it changes (DataTables %s)',
    async (line) => {
      // DataTables 2.3 with SearchPanes, which draws a loaded state's page again as it starts.
      const path = `/sv/page?datatables=${line}${line === '2.3' ? '&panes=1' : ''}`;
      const fresh = await openAs('ana', path);
      await listed(fresh);
      expect(sent).toEqual([CURRENT, ROWS, LIST]);

      await service().saveCurrent(as('ana'), {
        start: 10,
        length: 10,
        order: [['year', 'desc']],
        search: { search: '' },
        columns: columnsState(),
      });
      const saved = await openAs('ana', path);
      await listed(saved);
      expect(sent).toEqual([CURRENT, ROWS, LIST]);
      expect([lastRows.get('offset'), lastRows.get('ordering')]).toEqual(['10', '-year']);

      const view = await service().create(as('ana'), {
        name: 'Blue',
        state: { order: [['title', 'asc']], search: { search: 'blue' }, columns: columnsState() },
      });
      const linked = await openAs('ana', `${path}#view=${view.id}`);
      await listed(linked);
      expect(sent.filter((request) => request === ROWS)).toHaveLength(1);
      expect(sent.indexOf(ROWS)).toBeLessThan(sent.indexOf(LIST));
      expect(await tableState(linked)).toEqual({ order: [[1, 'asc']], search: 'blue' });
      // Three loads, none of them a change: nothing was saved.
      expect(writes).toEqual([]);

      await search(linked, 'love');
      const stored = await eventually(
        () => service().current(as('ana')),
        (state) => state?.search?.search === 'love',
      );
      expect(stored?.order).toEqual([['title', 'asc']]);
      // Chromium reports a request to the test a moment after the server may have answered it.
      await eventually(
        async () => writes.length,
        (count) => count > 0,
      );
      expect(writes.map((request) => request.method())).toEqual(['PUT']);
      expect(pageErrors).toEqual([]);
    },
  );

  // The page is not left here: the test user travels in a header that Chromium does not add to a
  // request of a page being left (the demo's test leaves the page for real, signed in by cookie).
  it('saves a change at once when the page is being left, with the CSRF token', async () => {
    const page = await openAs('ana');
    await listed(page);
    // The rows of the change are held until the state is on its way: it must not wait for them.
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await page.route(/\/sv\/albums\?.*search=leaving/, async (route) => {
      await put;
      await route.continue();
    });
    await page.evaluate(() => {
      // Before the answer of the change arrives: DataTables has not saved the new state yet.
      window.albumsTable.search('leaving').draw();
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
    });
    await eventually(
      () => service().current(as('ana')),
      (state) => state?.search?.search === 'leaving',
    );
    expect(writes.map((request) => request.headers()['x-csrf-token'])).toEqual([SAVED_VIEWS_CSRF_TOKEN]);
  });

  it.each(DATATABLES_LINES)(
    "says on the page when a link's view is gone or not shared, and keeps the user's last state (DataTables %s)",
    async (line) => {
      const path = `/sv/page?datatables=${line}`;
      await service().saveCurrent(as('cy'), { search: { search: 'wind' }, columns: columnsState() });
      const hidden = await service().create(as('ana'), { name: 'Private', state: { search: { search: 'secret' } } });
      const page = await openAs('cy', `${path}#view=${hidden.id}`);
      const alert = page.locator(`${CONTROL}__error[role=alert]`);
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'The saved view of this link does not exist or is not shared with you. The table shows your last state.',
      );
      expect((await tableState(page)).search).toBe('wind');

      // Without the control, a status line before the table says it.
      const gone = await openAs('cy', `${path}#view=987654`, {
        savedViews: { url: '/saved-views/dt-albums/', control: false },
      });
      const line2 = gone.locator('.widgetlib-saved-views-status[role=alert]');
      await line2.waitFor();
      expect(await line2.textContent()).toMatch(/^The saved view of this link does not exist/);
      expect(await gone.locator(CONTROL).count()).toBe(0);
      expect((await tableState(gone)).search).toBe('wind');
      expect(pageErrors).toEqual([]);
    },
  );

  it.each(DATATABLES_LINES)(
    'marks the view the table shows, after a link and a load, until the state changes away from it (DataTables %s)',
    async (line) => {
      const cassettes = await service().create(as('ana'), {
        name: 'Blue',
        state: { search: { search: 'blue' }, columns: columnsState() },
      });
      await service().create(as('ana'), {
        name: 'Wind',
        state: { search: { search: 'wind' }, columns: columnsState() },
      });
      const page = await openAs('ana', `/sv/page?datatables=${line}#view=${cassettes.id}`);
      await listed(page);
      const current = page.locator(`${CONTROL}__load[aria-current=true]`);
      await current.waitFor();
      expect(await current.textContent()).toBe('Blue');
      expect(await page.locator(`${CONTROL}__item--current ${CONTROL}__current`).isVisible()).toBe(true);
      expect(await page.locator(`${CONTROL}__current:visible`).count()).toBe(1);

      // Another page of the same view is still that view; another search is not.
      await page.evaluate(() => void window.albumsTable.page.len(5).draw(false));
      await search(page, 'blue train');
      await waitForSearch(page, 'blue train');
      await page.waitForFunction(() => !document.querySelector('[aria-current=true].widgetlib-saved-views__load'));
      expect(await page.locator(`${CONTROL}__current:visible`).count()).toBe(0);

      const wind = page.locator(`${CONTROL}__item`, { hasText: 'Wind' });
      await wind.locator(`${CONTROL}__load`).click();
      await waitForSearch(page, 'wind');
      await wind.locator(`${CONTROL}__load[aria-current=true]`).waitFor();
      expect(await page.locator(`${CONTROL}__load[aria-current=true]`).count()).toBe(1);
      expect(pageErrors).toEqual([]);
    },
  );

  it('asks before it deletes a view, in the page and from the keyboard', async () => {
    await service().create(as('ana'), { name: 'Keep me', state: {} });
    const page = await openAs('ana');
    await listed(page);
    const item = page.locator(`${CONTROL}__item`, { hasText: 'Keep me' });
    await item.locator(`${CONTROL}__delete`).click();
    const question = item.locator(`${CONTROL}__confirm[role=group]`);
    expect(await question.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await item.locator(`${CONTROL}__question`).textContent()).toBe('Delete the view \u201cKeep me\u201d?');
    // Focus is on "Keep it"; Escape keeps the view and gives focus back to Delete.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await page.keyboard.press('Escape');
    expect(await question.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('widgetlib-saved-views__delete');
    expect(await service().list(as('ana'))).toHaveLength(1);

    await page.keyboard.press('Enter');
    // The list is one Tab stop: the arrow keys move inside a view's row, to the question's Delete too.
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    await page.keyboard.press('Enter');
    await page.locator(`${CONTROL}__status`, { hasText: 'The view \u201cKeep me\u201d was deleted.' }).waitFor();
    expect(await item.count()).toBe(0);
    expect(await service().list(as('ana'))).toEqual([]);
    expect(writes.map((request) => request.method())).toEqual(['DELETE']);
  });

  it('refuses a second view of one name, saying so in the control', async () => {
    await service().create(as('ana'), { name: 'Mine', state: {} });
    const page = await openAs('ana');
    await listed(page);
    await page.fill(`${CONTROL}__name`, ' mine ');
    await page.click(`${CONTROL}__save`);
    const alert = page.locator(`${CONTROL}__error[role=alert]`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe('You already have a view named \u201cmine\u201d. Choose another name.');
    expect(await service().list(as('ana'))).toHaveLength(1);
    // Another name is saved, and becomes the view the table shows.
    await page.fill(`${CONTROL}__name`, 'Other');
    await page.click(`${CONTROL}__save`);
    await page.locator(`${CONTROL}__load[aria-current=true]`, { hasText: 'Other' }).waitFor();
    expect(await alert.isHidden()).toBe(true);
  });
});

function columnsState() {
  return ['id', 'title', 'year', 'artist__name', ''].map((name) => ({ name, visible: true }));
}
