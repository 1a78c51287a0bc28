import type { Api } from 'datatables.net';
import type { Page } from 'playwright-core';
import type { FormatDataTableParams, WidgetLibColumn, WidgetLibTableOptions } from '../src/index.js';
import { DATATABLES_LINES, type DataTablesLine, type PageVariant } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    albumColumns(): WidgetLibColumn[];
    makeAlbumsTable(
      extraoptions?: WidgetLibTableOptions,
      addfilter?: boolean,
      formatter?: FormatDataTableParams,
    ): boolean;
    __xss?: string;
    __drawn?: Promise<void>;
  }
}

const ROWS = '#albums tbody tr';
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';

const browser = useDataTablesBrowser();
let page: Page;
let dialogs: string[];
/** The DataTables line of the running `describe` block. */
let line: DataTablesLine;
let pageErrors: string[];

/**
 * Opens the page in a fresh context; every dialog (alert) and script error is recorded. By default
 * the `<script>` bundle after DataTables' own script, with jQuery first for DataTables 2.3, which
 * needs it (3.x runs without).
 */
async function openPage(variant: PageVariant = line === '2.3' ? 'min-jquery' : 'min'): Promise<void> {
  page = await browser.newPage({ width: 1400, height: 900 });
  dialogs = [];
  pageErrors = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${browser.server.baseUrl}/dt-fixture/page?variant=${variant}&datatables=${line}`);
}

/** Runs `action` and waits for the table's next draw (the answer to the request it caused). */
async function afterDraw(action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    window.__drawn = new Promise<void>((resolve) => window.albumsTable.one('draw', () => resolve()));
  });
  await action();
  await page.evaluate(() => window.__drawn);
}

/** Builds the album table (with the filter row unless told otherwise) and waits for its first page. */
async function createTable(build: () => boolean = () => window.makeAlbumsTable()): Promise<void> {
  await page.evaluate(build);
  // DataTables keeps the answer (ajax.json()) and draws it in the same task.
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
}

async function cellTexts(column: number): Promise<string[]> {
  return page.$$eval(
    ROWS,
    (rows, index) => rows.map((row) => (row as HTMLTableRowElement).cells[index]?.textContent ?? ''),
    column,
  );
}

/** The version of the DataTables the page runs. */
async function dataTablesVersion(): Promise<string> {
  return page.evaluate(() => (window as unknown as { DataTable: { version: string } }).DataTable.version);
}

async function info(): Promise<string> {
  return (await page.textContent('#albums_info')) ?? '';
}

function lastQuery(): Record<string, unknown> {
  return browser.server.state.albumQueries.at(-1) ?? {};
}

/** The request parameters of every albums request after the first `skip` ones. */
function queriesSince(skip: number): Array<Record<string, unknown>> {
  return browser.server.state.albumQueries.slice(skip);
}

/** The filter control of a column (0-based) in the filter row. */
function filterCell(column: number): string {
  return `${FILTER_ROW} > td:nth-child(${column + 1})`;
}

const TITLE = 1;
const YEAR = 2;
const LIVE = 3;
const RELEASED = 4;
const RECORDED = 5;
const FORMAT = 6;
const ARTIST = 7;
const GENRES = 8;
const NOTES = 9;
const HOMEPAGE = 10;

describe.each(DATATABLES_LINES)(
  'createDataTable in Chromium against @DataTable (SQLite), DataTables %s',
  (dataTablesLine) => {
    beforeAll(async () => {
      line = dataTablesLine;
    });

    it('runs the DataTables release line it is about', async () => {
      await openPage();
      expect((await dataTablesVersion()).startsWith(`${line}.`)).toBe(true);
    });

    it('shows the first page with the counts, the rendered cells and the filter row', async () => {
      await openPage();
      await createTable();
      expect(await cellTexts(0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      expect(await info()).toBe('Showing 1 to 10 of 25 entries');
      expect(lastQuery()).toMatchObject({ offset: '0', limit: '10', draw: '1' });
      expect(lastQuery()).not.toHaveProperty('ordering');
      expect((await cellTexts(TITLE)).slice(0, 2)).toEqual(['Kind of Blue', 'Sketches of Spain']);
      expect((await cellTexts(LIVE)).slice(4, 6)).toEqual(['\u2714 Yes', '\u2718 No']);
      expect((await cellTexts(RELEASED)).slice(0, 2)).toEqual(['02/02/1959', '03/03/1960']);
      // 15:30 UTC sent as 10:30-05:00 (the server's zone) and shown as such.
      expect((await cellTexts(RECORDED)).slice(0, 2)).toEqual(['02/02/1959 10:30', '03/03/1960 10:30']);
      expect((await cellTexts(ARTIST))[0]).toBe('Miles Davis');
      expect((await cellTexts(GENRES))[0]).toBe('Jazz, Blues');
      expect((await cellTexts(NOTES))[0]).toBe('Liner notes of album nu\u2026');
      expect(await page.getAttribute(`${ROWS}:first-child td:nth-child(${NOTES + 1}) span`, 'title')).toBe(
        'Liner notes of album number 1, long enough to be cut short',
      );
      expect((await cellTexts(HOMEPAGE)).slice(0, 2)).toEqual(['--', 'Show']);
      expect(await page.getAttribute(`${ROWS}:nth-child(2) td:nth-child(${HOMEPAGE + 1}) a`, 'href')).toBe(
        'https://example.test/albums/2',
      );

      const controls = await page.$$eval(`${FILTER_ROW} > td`, (cells) =>
        cells.map((cell) =>
          Array.from(cell.querySelectorAll('input:not(.ts-control input), select, button')).map(
            (control) => control.getAttribute('aria-label') ?? control.textContent,
          ),
        ),
      );
      expect(controls).toEqual([
        [],
        ['Filter Title'],
        ['Filter Year'],
        ['Filter Live'],
        ['Filter Released (From)', 'Filter Released (To)'],
        ['Filter Recorded (From)', 'Filter Recorded (To)'],
        ['Filter Format'],
        ['Filter Artist'],
        [],
        [],
        ['Clear filters'],
      ]);
      await page.screenshot({ path: '/tmp/widgetlib-datatable-filter-row.png', fullPage: true });
      expect(dialogs).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    it("shows the server's capped count as 'more than', also where filters narrow the rows", async () => {
      await openPage();
      await createTable(() => {
        window.albumsTable = window.widgetlib.createDataTable(
          'albums',
          '/dt-fixture/albums-capped',
          { columns: window.albumColumns() },
          true,
        );
        return true;
      });
      expect(await page.evaluate(() => window.albumsTable.ajax.json())).toMatchObject({
        recordsTotal: 20,
        counts: { recordsTotal: 'capped', recordsFiltered: 'capped' },
      });
      expect(await info()).toBe('Showing 1 to 10 of more than 20 entries');
      await afterDraw(() =>
        page
          .fill(`${FILTER_ROW} input[aria-label="Filter Title"]`, 'Blue')
          .then(() => page.press(`${FILTER_ROW} input[aria-label="Filter Title"]`, 'Enter')),
      );
      expect(await info()).toMatch(/^Showing 1 to \d of \d entries \(filtered from more than 20 entries\)$/);
      expect(pageErrors).toEqual([]);
    });

    it('pages with offset and limit', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("2")'));
      expect(await cellTexts(0)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
      expect(lastQuery()).toMatchObject({ offset: '10', limit: '10' });
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("3")'));
      expect(await cellTexts(0)).toEqual(['21', '22', '23', '24', '25']);
      expect(await info()).toBe('Showing 21 to 25 of 25 entries');
    });

    it("method: 'POST' sends the parameters as a JSON body with the page's CSRF token, and pages", async () => {
      await openPage();
      await page.evaluate(() => {
        const meta = document.createElement('meta');
        meta.name = 'csrf-token';
        meta.content = 'token-1';
        document.head.append(meta);
      });
      const gets = browser.server.state.albumQueries.length;
      const posts = browser.server.state.albumPosts.length;
      await createTable(() => window.makeAlbumsTable({ method: 'POST' }));
      expect(await cellTexts(0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("2")'));
      expect(await cellTexts(0)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
      expect(await info()).toBe('Showing 11 to 20 of 25 entries');
      expect(browser.server.state.albumQueries).toHaveLength(gets);
      const sent = browser.server.state.albumPosts.slice(posts);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatchObject({ body: { draw: 1, offset: 0, limit: 10 }, csrfToken: 'token-1' });
      expect(sent[1]).toMatchObject({ body: { draw: 2, offset: 10, limit: 10 }, csrfToken: 'token-1' });
      expect(pageErrors).toEqual([]);
    });

    it('switches from GET to POST by itself while the URL is longer than maxGetUrlLength', async () => {
      await openPage();
      const firstUrl = `${browser.server.baseUrl}/dt-fixture/albums?draw=1&offset=0&limit=10`;
      const gets = browser.server.state.albumQueries.length;
      const posts = browser.server.state.albumPosts.length;
      await page.evaluate((max) => window.makeAlbumsTable({ maxGetUrlLength: max }, false), firstUrl.length + 5);
      await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
      expect(browser.server.state.albumQueries.slice(gets)).toEqual([{ draw: '1', offset: '0', limit: '10' }]);
      await afterDraw(() => page.fill('#albums_wrapper .dt-search input', 'kind of blue davis'));
      expect(await cellTexts(0)).toEqual(['1']);
      expect(browser.server.state.albumPosts.slice(posts)).toEqual([
        { body: { draw: 2, offset: 0, limit: 10, search: 'kind of blue davis' }, csrfToken: undefined },
      ]);
      await afterDraw(() => page.fill('#albums_wrapper .dt-search input', ''));
      expect(await cellTexts(0)).toHaveLength(10);
      expect(browser.server.state.albumQueries.slice(gets)).toHaveLength(2);
      expect(browser.server.state.albumPosts.slice(posts)).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    });

    it("falls back to GET for good where the endpoint has no POST form (404), with method: 'auto'", async () => {
      await openPage();
      const methods: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/dt-fixture/albums-capped')) methods.push(request.method());
      });
      await createTable(() => {
        window.albumsTable = window.widgetlib.createDataTable(
          'albums',
          '/dt-fixture/albums-capped',
          { columns: window.albumColumns(), maxGetUrlLength: 10 },
          false,
        );
        return true;
      });
      expect(await cellTexts(0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("2")'));
      expect(await cellTexts(0)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
      expect(methods).toEqual(['POST', 'GET', 'GET']);
      expect(pageErrors).toEqual([]);
    });

    it("sends the DataTables search box as search (the server's search fields)", async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.fill('#albums_wrapper .dt-search input', 'davis'));
      expect(lastQuery()).toMatchObject({ search: 'davis', offset: '0' });
      expect(await cellTexts(0)).toEqual(['1', '2', '3', '4', '5', '24', '25']);
      expect(await info()).toBe('Showing 1 to 7 of 7 entries (filtered from 25 total entries)');
    });

    it('gtCreateDataTable takes full DataTables options, its own translation, and escapes columns without a render function', async () => {
      await openPage();
      await createTable(() => {
        window.albumsTable = window.widgetlib.gtCreateDataTable('#albums', '/dt-fixture/albums', {
          columns: [
            { data: 'id', name: 'id', title: 'ID' },
            { data: 'title', name: 'title', title: 'Title' },
            { data: 'year', title: 'Year' },
          ],
          order: [[2, 'desc']],
          pageLength: 5,
          formatDataTableParams: window.widgetlib.formatDataTablePageParams,
        });
        return true;
      });
      expect(lastQuery()).toMatchObject({ ordering: '-year', page: '1', page_size: '5' });
      expect(await cellTexts(1)).toEqual([
        'Untitled demo',
        "<script>window.__xss='script'</script>",
        '<img src=x onerror="window.__xss=\'title\'">',
        'Bitches Brew',
        'Nefertiti',
      ]);
      expect(await page.locator(FILTER_ROW).count()).toBe(0);
      expect(await page.evaluate(() => window.__xss ?? null)).toBeNull();
    });

    it('orders by one column, both ways, from its header', async () => {
      await openPage();
      await createTable();
      const yearHeader = '#albums thead tr:first-child th:nth-child(3)';
      await afterDraw(() => page.click(yearHeader));
      expect(lastQuery().ordering).toBe('year');
      expect((await cellTexts(YEAR)).slice(0, 3)).toEqual(['1954', '1956', '1957']);
      await afterDraw(() => page.click(yearHeader));
      expect(lastQuery().ordering).toBe('-year');
      expect((await cellTexts(YEAR)).slice(0, 3)).toEqual(['2001', '2000', '1999']);
    });

    it('orders by several columns (shift-click) with one comma-separated ordering', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.click('#albums thead tr:first-child th:nth-child(3)'));
      const titleHeader = '#albums thead tr:first-child th:nth-child(2)';
      await afterDraw(() => page.click(titleHeader, { modifiers: ['Shift'] }));
      expect(lastQuery().ordering).toBe('year,title');
      await afterDraw(() => page.click(titleHeader, { modifiers: ['Shift'] }));
      expect(lastQuery().ordering).toBe('year,-title');
      // 1957 has two albums: by title descending, Miles Ahead (24) comes before Blue Train (13).
      expect((await cellTexts(0)).slice(0, 4)).toEqual(['19', '16', '24', '13']);
    });

    it('filters a string column by icontains, debounced: typing a word sends one request', async () => {
      await openPage();
      await createTable();
      const before = browser.server.state.albumQueries.length;
      await afterDraw(() => page.locator(`${filterCell(TITLE)} input`).pressSequentially('Miles'));
      const filtered = queriesSince(before);
      expect(filtered.map((query) => query.title__icontains)).toEqual(['Miles']);
      expect(filtered[0]).toMatchObject({ offset: '0' });
      expect(await cellTexts(TITLE)).toEqual(['Miles Smiles', 'Miles Ahead']);
      expect(await info()).toBe('Showing 1 to 2 of 2 entries (filtered from 25 total entries)');
    });

    it('sends at once on Enter, and only once', async () => {
      await openPage();
      await createTable();
      const before = browser.server.state.albumQueries.length;
      const title = page.locator(`${filterCell(TITLE)} input`);
      await afterDraw(async () => {
        await title.fill('blue');
        await title.press('Enter');
      });
      // A later, unrelated request marks the end: no debounced duplicate came in between.
      await afterDraw(() => page.evaluate(() => void window.albumsTable.ajax.reload(null as never, false)));
      expect(queriesSince(before).map((query) => query.title__icontains)).toEqual(['blue', 'blue']);
      expect(await cellTexts(TITLE)).toEqual(['Kind of Blue', 'Pastel Blues', 'Little Girl Blue', 'Blue Train']);
    });

    it('filters a number column by exact value', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.locator(`${filterCell(YEAR)} input`).pressSequentially('1965'));
      expect(lastQuery().year).toBe('1965');
      expect(await cellTexts(0)).toEqual(['5', '6', '7', '11']);
    });

    it('filters a boolean column with Yes and No', async () => {
      await openPage();
      await createTable();
      const live = page.locator(`${filterCell(LIVE)} select`);
      expect(await live.locator('option').allTextContents()).toEqual(['All', 'Yes', 'No']);
      await afterDraw(() => live.selectOption({ label: 'Yes' }));
      expect(lastQuery().is_live).toBe('true');
      expect(await cellTexts(0)).toEqual(['5', '8', '15', '17']);
      await afterDraw(() => live.selectOption({ label: 'No' }));
      expect(lastQuery().is_live).toBe('false');
      expect(await info()).toBe('Showing 1 to 10 of 21 entries (filtered from 25 total entries)');
    });

    it("filters a date column by a range typed in the column's dateformat and sent as ISO dates", async () => {
      await openPage();
      await createTable();
      const [from, to] = [
        page.locator(`${filterCell(RELEASED)} input`).first(),
        page.locator(`${filterCell(RELEASED)} input`).last(),
      ];
      expect(await from.getAttribute('placeholder')).toBe('From dd/MM/yyyy');
      await afterDraw(async () => {
        await from.fill('01/01/1960');
        await to.fill('31/12/1961');
        await to.press('Enter');
      });
      expect(lastQuery().released__range).toBe('1960-01-01,1961-12-31');
      expect(await cellTexts(0)).toEqual(['2', '12', '14', '17', '20']);

      const before = browser.server.state.albumQueries.length;
      await to.fill('31/13/1961');
      await to.press('Enter');
      expect(await to.getAttribute('aria-invalid')).toBe('');
      expect(await to.getAttribute('title')).toBe('Expected a date like dd/MM/yyyy');
      await afterDraw(async () => {
        await to.fill('');
        await to.press('Enter');
      });
      expect(queriesSince(before).map((query) => query.released__range)).toEqual(['1960-01-01,']);
      expect(await to.getAttribute('aria-invalid')).toBeNull();
      // Released on or after 1 January 1960: all but the eight albums of 1954-1959.
      expect(await info()).toBe('Showing 1 to 10 of 17 entries (filtered from 25 total entries)');
    });

    it("filters a date-time column by whole days in the page's date format", async () => {
      await openPage();
      await createTable();
      const [from, to] = [
        page.locator(`${filterCell(RECORDED)} input`).first(),
        page.locator(`${filterCell(RECORDED)} input`).last(),
      ];
      expect(await from.getAttribute('placeholder')).toBe('From dd/MM/yyyy');
      await afterDraw(async () => {
        await from.fill('02/02/1959');
        await to.fill('1959-02-02');
        await to.press('Enter');
      });
      expect(lastQuery().recorded_at__range).toBe('1959-02-02,1959-02-02');
      expect(await cellTexts(0)).toEqual(['1']);
    });

    it('filters a select column from its choices', async () => {
      await openPage();
      await createTable();
      const format = page.locator(`${filterCell(FORMAT)} select`);
      expect(await format.locator('option').allTextContents()).toEqual(['All', 'LP', 'EP', 'Single']);
      await afterDraw(() => format.selectOption('EP'));
      expect(lastQuery().format).toBe('EP');
      expect(await cellTexts(0)).toEqual(['7', '13', '19']);
    });

    it('filters a select2 column through a remote search (Tom Select) by __in', async () => {
      await openPage();
      await createTable();
      const control = page.locator(`${filterCell(ARTIST)} .ts-control input`);
      await control.click();
      await control.pressSequentially('nina');
      const option = page.locator('.ts-dropdown .option', { hasText: 'Nina Simone' });
      await option.waitFor();
      await afterDraw(() => option.click());
      expect(lastQuery().artist__in).toBe('2');
      expect(await cellTexts(0)).toEqual(['6', '7', '8', '9', '10']);

      await control.fill('');
      await control.pressSequentially('ella');
      await afterDraw(() => page.locator('.ts-dropdown .option', { hasText: 'Ella Fitzgerald' }).click());
      expect(lastQuery().artist__in).toBe('2,5');
      expect(await info()).toBe('Showing 1 to 10 of 10 entries (filtered from 25 total entries)');
    });

    it('clears every filter widget and reloads from the first page', async () => {
      await openPage();
      await createTable();
      const title = page.locator(`${filterCell(TITLE)} input`);
      await afterDraw(async () => {
        await title.fill('i');
        await title.press('Enter');
      });
      await afterDraw(() => page.locator(`${filterCell(FORMAT)} select`).selectOption('LP'));
      await afterDraw(() => page.locator(`${filterCell(LIVE)} select`).selectOption('false'));
      const from = page.locator(`${filterCell(RELEASED)} input`).first();
      await afterDraw(async () => {
        await from.fill('01/01/1950');
        await from.press('Enter');
      });
      const artist = page.locator(`${filterCell(ARTIST)} .ts-control input`);
      for (const name of ['Miles Davis', 'Nina Simone', 'John Coltrane']) {
        await artist.click();
        await artist.fill('');
        await artist.pressSequentially(name.split(' ')[0]!);
        await afterDraw(() => page.locator('.ts-dropdown .option', { hasText: name }).click());
      }
      expect(lastQuery()).toMatchObject({
        title__icontains: 'i',
        format: 'LP',
        is_live: 'false',
        released__range: '1950-01-01,',
        artist__in: '1,2,3',
      });
      expect(await info()).toBe('Showing 1 to 10 of 11 entries (filtered from 25 total entries)');
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("2")'));
      expect(lastQuery()).toMatchObject({ offset: '10', format: 'LP' });
      await page.screenshot({ path: '/tmp/widgetlib-datatable-filters-applied.png' });

      const before = browser.server.state.albumQueries.length;
      await afterDraw(() => page.click(`${FILTER_ROW} .widgetlib-filter-clear`));
      const sent = queriesSince(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ offset: '0' });
      expect(Object.keys(sent[0]!).sort()).toEqual(['draw', 'limit', 'offset']);
      expect(await info()).toBe('Showing 1 to 10 of 25 entries');
      const values = await page.$$eval(`${FILTER_ROW} input:not(.ts-control input), ${FILTER_ROW} select`, (controls) =>
        controls.map((control) => (control as HTMLInputElement | HTMLSelectElement).value),
      );
      expect(values.every((value) => value === '')).toBe(true);
      expect(await page.locator(`${filterCell(ARTIST)} .ts-control .item`).count()).toBe(0);
    });

    it('clearDataTableFilters(dataTable, tableId) does the same from code', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.locator(`${filterCell(FORMAT)} select`).selectOption('EP'));
      await afterDraw(() => page.evaluate(() => window.widgetlib.clearDataTableFilters(window.albumsTable, 'albums')));
      expect(lastQuery()).not.toHaveProperty('format');
      expect(await page.inputValue(`${filterCell(FORMAT)} select`)).toBe('');
      expect(await info()).toBe('Showing 1 to 10 of 25 entries');
    });

    it('ajax.reload(null, false) keeps the page; ajax.reload() goes back to the first', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("2")'));
      await afterDraw(() => page.evaluate(() => void window.albumsTable.ajax.reload(null as never, false)));
      expect(lastQuery()).toMatchObject({ offset: '10' });
      expect(await info()).toBe('Showing 11 to 20 of 25 entries');
      await afterDraw(() => page.evaluate(() => void window.albumsTable.ajax.reload()));
      expect(lastQuery()).toMatchObject({ offset: '0' });
      expect(await info()).toBe('Showing 1 to 10 of 25 entries');
    });

    it('events.filter adds a parameter that the server sees', async () => {
      await openPage();
      await createTable(() =>
        window.makeAlbumsTable({
          events: {
            filter: (params) => ({ ...params, scope: 'live' }),
          },
        }),
      );
      expect(lastQuery()).toMatchObject({ scope: 'live', offset: '0' });
      expect(await cellTexts(0)).toEqual(['5', '8', '15', '17']);
      expect(await info()).toBe('Showing 1 to 4 of 4 entries');
    });

    it('events.filter may change the parameters in place, and other events are DataTables events', async () => {
      await openPage();
      await createTable(() => {
        (window as unknown as { drawEvents: number }).drawEvents = 0;
        return window.makeAlbumsTable({
          events: {
            filter: (params) => {
              params.scope = 'live';
            },
            draw: () => {
              (window as unknown as { drawEvents: number }).drawEvents += 1;
            },
          },
        });
      });
      expect(lastQuery().scope).toBe('live');
      expect(await page.evaluate(() => (window as unknown as { drawEvents: number }).drawEvents)).toBeGreaterThan(0);
    });

    it('uses a custom formatDataTableParamsfnc (the page-based variant)', async () => {
      await openPage();
      await createTable(() => window.makeAlbumsTable({}, true, window.widgetlib.formatDataTablePageParams));
      expect(lastQuery()).toMatchObject({ page: '1', page_size: '10' });
      expect(lastQuery()).not.toHaveProperty('offset');
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("3")'));
      expect(lastQuery()).toMatchObject({ page: '3', page_size: '10' });
      expect(await cellTexts(0)).toEqual(['21', '22', '23', '24', '25']);
    });

    it('takes the filter row and the translation as named options (the options-object form)', async () => {
      await openPage();
      await createTable(() => {
        window.albumsTable = window.widgetlib.createDataTable('albums', '/dt-fixture/albums', {
          columns: window.albumColumns(),
          filterRow: true,
          formatDataTableParams: window.widgetlib.formatDataTablePageParams,
        });
        return true;
      });
      // createDataTable's own defaults still apply: the server's ordering, the filter row's widgets.
      expect(lastQuery()).toMatchObject({ page: '1', page_size: '10' });
      expect(lastQuery()).not.toHaveProperty('ordering');
      expect(await page.locator(`${FILTER_ROW} > td`).count()).toBe(11);
      expect(await page.evaluate(() => 'filterRow' in window.albumsTable.init())).toBe(false);
      const before = browser.server.state.albumQueries.length;
      await afterDraw(() => page.fill(`${filterCell(TITLE)} input`, 'Miles'));
      expect(queriesSince(before)).toEqual([
        expect.objectContaining({ title__icontains: 'Miles', page: '1', page_size: '10' }),
      ]);
      expect(await cellTexts(TITLE)).toEqual(['Miles Smiles', 'Miles Ahead']);
    });

    it('lets a positional addfilter or formatDataTableParamsfnc win over its named option', async () => {
      await openPage();
      await createTable(() => {
        window.albumsTable = window.widgetlib.createDataTable(
          'albums',
          '/dt-fixture/albums',
          {
            columns: window.albumColumns(),
            filterRow: true,
            formatDataTableParams: window.widgetlib.formatDataTablePageParams,
          },
          false,
          window.widgetlib.formatDataTableParams,
        );
        return true;
      });
      expect(await page.locator(FILTER_ROW).count()).toBe(0);
      expect(lastQuery()).toMatchObject({ offset: '0', limit: '10' });
      expect(lastQuery()).not.toHaveProperty('page');
    });

    it('shows a 400 from the server inside the table with its message, never as an alert', async () => {
      await openPage();
      await createTable(() =>
        window.makeAlbumsTable({
          columns: window
            .albumColumns()
            .map((column) => (column.data === 'notes' ? { ...column, type: 'string' } : column)),
        }),
      );
      const notes = page.locator(`${filterCell(NOTES)} input`);
      await afterDraw(async () => {
        await notes.fill('liner');
        await notes.press('Enter');
      });
      expect(lastQuery().notes__icontains).toBe('liner');
      const error = page.locator('#albums tbody td.widgetlib-dt-error[role="alert"]');
      const text = (await error.textContent()) ?? '';
      expect(text.startsWith('The rows could not be loaded: ')).toBe(true);
      expect(text).toContain('notes__icontains');
      expect(await error.getAttribute('colspan')).toBe('11');
      await page.screenshot({ path: '/tmp/widgetlib-datatable-error.png' });

      await afterDraw(() => page.click(`${FILTER_ROW} .widgetlib-filter-clear`));
      expect(await page.locator('#albums tbody td.widgetlib-dt-error').count()).toBe(0);
      expect(await cellTexts(0)).toHaveLength(10);
      expect(dialogs).toEqual([]);
    });

    it('shows an answer that is not the envelope as an error row too', async () => {
      await openPage();
      await createTable(() => {
        window.albumsTable = window.widgetlib.createDataTable('albums', '/dt-fixture/artists', {
          columns: window.albumColumns(),
        });
        return true;
      });
      expect(await page.textContent('#albums tbody td.widgetlib-dt-error')).toBe(
        'The rows could not be loaded: The server did not answer with table rows.',
      );
      expect(dialogs).toEqual([]);
    });

    it('writes the host’s words (texts option) and keeps hidden columns’ filters hidden', async () => {
      await openPage();
      await createTable(() =>
        window.makeAlbumsTable({
          texts: { clearFilters: 'Borrar filtros', anyOption: 'Todos', yes: 'Sí', textPlaceholder: 'Buscar' },
        }),
      );
      expect(await page.textContent(`${FILTER_ROW} .widgetlib-filter-clear`)).toBe('Borrar filtros');
      expect(await page.locator(`${filterCell(LIVE)} select option`).allTextContents()).toEqual(['Todos', 'Sí', 'No']);
      expect(await page.getAttribute(`${filterCell(TITLE)} input`, 'placeholder')).toBe('Buscar');

      await page.evaluate(() => void window.albumsTable.column(2).visible(false));
      const visibleFilterCells = await page.locator(`${FILTER_ROW} > td:not([hidden])`).count();
      const visibleHeaders = await page.locator('#albums thead tr:first-child > th').count();
      expect(visibleFilterCells).toBe(visibleHeaders);
      expect(await page.isHidden(`${filterCell(YEAR)} input`)).toBe(true);
    });

    it('never runs script held in cell data (titles, names, notes, links, remote options)', async () => {
      await openPage();
      await createTable();
      await afterDraw(() => page.click('#albums_wrapper .dt-paging-button:text-is("3")'));
      expect((await cellTexts(TITLE)).slice(0, 2)).toEqual([
        '<img src=x onerror="window.__xss=\'title\'">',
        "<script>window.__xss='script'</script>",
      ]);
      expect((await cellTexts(ARTIST))[0]).toBe('<svg onload="window.__xss=\'artist\'"></svg>');
      expect((await cellTexts(HOMEPAGE))[1]).toBe('--');
      await page.locator(`${filterCell(ARTIST)} .ts-control input`).click();
      await page.locator('.ts-dropdown .option', { hasText: 'onload' }).waitFor();
      const injected = await page.evaluate(() => ({
        xss: window.__xss ?? null,
        elements: document.querySelectorAll(
          '#albums tbody img, #albums tbody svg, #albums tbody script, .ts-dropdown svg, .ts-dropdown img',
        ).length,
        javascriptLinks: Array.from(document.querySelectorAll('a[href]')).filter((link) =>
          /^\s*javascript:/i.test(link.getAttribute('href') ?? ''),
        ).length,
      }));
      expect(injected).toEqual({ xss: null, elements: 0, javascriptLinks: 0 });
      expect(pageErrors).toEqual([]);
    });

    it.each<PageVariant>(['min-jquery', 'full'])('works the same with the page variant %s', async (variant) => {
      await openPage(variant);
      expect(await page.evaluate(() => typeof (window as unknown as { jQuery?: unknown }).jQuery)).toBe(
        variant === 'min-jquery' ? 'function' : 'undefined',
      );
      expect(await dataTablesVersion()).toMatch(`${line}.`);
      await createTable();
      expect(await info()).toBe('Showing 1 to 10 of 25 entries');
      await afterDraw(() => page.locator(`${filterCell(YEAR)} input`).pressSequentially('1959'));
      expect(await cellTexts(0)).toEqual(['1', '8']);
      await afterDraw(() => page.click('#albums thead tr:first-child th:nth-child(2)'));
      expect(lastQuery()).toMatchObject({ ordering: 'title', year: '1959' });
      expect(await cellTexts(TITLE)).toEqual(['Kind of Blue', 'Nina Simone at Town Hall']);
      expect(dialogs).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  },
);
