import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { AppModule } from '../src/app.module.js';
import { createDemoApp } from '../src/demo-app.js';
import { countOf, expectInfo } from './support/albums-table.js';

const ALBUMS = 300;
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';
const COLUMN = { title: 1, artist: 2, tracks: 3, explicit: 4, released: 5, format: 7, genres: 8 } as const;

describe('the demo in Chromium (SQLite)', () => {
  let app: NestExpressApplication;
  let dataSource: DataSource;
  let baseUrl: string;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.register({ database: { type: 'better-sqlite3', database: ':memory:' }, albumCount: ALBUMS })],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['fatal'] });
    createDemoApp(app);
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    dataSource = app.get(DataSource);
    chromium = await startChromium();
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  async function signIn(username: 'admin' | 'editor' | 'viewer', path = '/albums'): Promise<Page> {
    // Each test starts from a table nobody has left in a state: the last state a test's table saved
    // (a page, an order) would otherwise be the next test's starting point.
    await dataSource.query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${baseUrl}${path}`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.fill('#username', username);
    await page.fill('#password', username);
    await Promise.all([page.waitForURL(`${baseUrl}${path}`), page.click('button[type=submit]')]);
    return page;
  }

  const count = (sql: string) => countOf(dataSource, sql);

  /** The table's information line for the first page: `matching` rows of `all`. */
  function info(shown: number, matching: number, all = ALBUMS): string {
    const filtered = matching === all ? '' : ` (filtered from ${all} total entries)`;
    if (matching === 0) return `Showing 0 to 0 of 0 entries${filtered}`;
    return `Showing 1 to ${Math.min(shown, matching)} of ${matching} entries${filtered}`;
  }

  function filterCell(column: number): string {
    return `${FILTER_ROW} > td:nth-child(${column + 1})`;
  }

  async function columnTexts(page: Page, column: number): Promise<string[]> {
    return page.$$eval(
      '#albums tbody tr',
      (rows, index) => rows.map((row) => (row as HTMLTableRowElement).cells[index]?.textContent?.trim() ?? ''),
      column,
    );
  }

  it.each([
    ['admin', 'Ada Admin'],
    ['editor', 'Eddie Editor'],
    ['viewer', 'Vera Viewer'],
  ] as const)('signs in as %s and shows the albums table', async (username, displayName) => {
    const page = await signIn(username);
    expect(await page.textContent('.sidebar-user span')).toBe(displayName);
    await expectInfo(page, info(10, ALBUMS));
    expect(await page.locator('#albums tbody tr').count()).toBe(10);
    // Present in every row, and hidden where the answer's permissions do not grant delete.
    const deleteButtons = await page.locator('#albums button[data-delete-url]:visible').count();
    expect(deleteButtons).toBe(username === 'viewer' ? 0 : 10);
  });

  it('pages and orders the table', async () => {
    const page = await signIn('viewer');
    await expectInfo(page, info(10, ALBUMS));
    await page.click('#albums_wrapper .dt-paging-button.next');
    await expectInfo(page, `Showing 11 to 20 of ${ALBUMS} entries`);

    await page.click('#albums thead tr:first-child th:nth-child(2)');
    await expectInfo(page, info(10, ALBUMS));
    const titles = await columnTexts(page, COLUMN.title);
    const [first] = (await dataSource.query(
      'SELECT title FROM album ORDER BY lower(title), title, id LIMIT 1',
    )) as Array<{ title: string }>;
    expect(titles[0]).toBe(first!.title);
    const lowered = titles.map((title) => title.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
  });

  it("loads a table whose requests are POSTs, through the demo's CSRF protection with the page's token", async () => {
    const page = await signIn('viewer');
    await expectInfo(page, info(10, ALBUMS));
    const posts: Array<{ url: string; token: string | undefined; body: unknown }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST')
        posts.push({ url: request.url(), token: request.headers()['x-csrf-token'], body: request.postDataJSON() });
    });
    const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.id = 'posted';
      document.body.append(holder);
      const { createDataTable } = (window as unknown as { widgetlib: typeof import('@widgetlib/client') }).widgetlib;
      createDataTable('posted', '/api/albums/', {
        method: 'POST',
        columns: [{ data: 'title', name: 'title', title: 'Title', type: 'string' }],
      });
    });
    await page.waitForFunction(() =>
      document.querySelector('#posted-table_info')?.textContent?.startsWith('Showing 1 to 10'),
    );
    expect(await page.textContent('#posted-table_info')).toBe(`Showing 1 to 10 of ${ALBUMS} entries`);
    await page.click('#posted-table_wrapper .dt-paging-button.next');
    await page.waitForFunction(() =>
      document.querySelector('#posted-table_info')?.textContent?.startsWith('Showing 11 to 20'),
    );
    expect(posts).toEqual([
      { url: `${baseUrl}/api/albums/query`, token, body: expect.objectContaining({ offset: 0, limit: 10 }) },
      { url: `${baseUrl}/api/albums/query`, token, body: expect.objectContaining({ offset: 10, limit: 10 }) },
    ]);
  });

  it('filters with each filter type', async () => {
    const page = await signIn('viewer');
    await expectInfo(page, info(10, ALBUMS));

    await page.locator(`${filterCell(COLUMN.title)} input`).pressSequentially('frozen');
    await expectInfo(page, info(10, await count("SELECT COUNT(*) AS n FROM album WHERE lower(title) LIKE '%frozen%'")));
    await page.click('#albums_wrapper button:has-text("Clear filters")');
    await expectInfo(page, info(10, ALBUMS));

    await page.locator(`${filterCell(COLUMN.tracks)} input`).fill('12');
    await page.locator(`${filterCell(COLUMN.tracks)} input`).press('Enter');
    await expectInfo(page, info(10, await count('SELECT COUNT(*) AS n FROM album WHERE tracks = 12')));
    expect(new Set(await columnTexts(page, COLUMN.tracks))).toEqual(new Set(['12']));
    await page.click('#albums_wrapper button:has-text("Clear filters")');

    await page.locator(`${filterCell(COLUMN.explicit)} select`).selectOption({ label: 'Yes' });
    await expectInfo(page, info(10, await count('SELECT COUNT(*) AS n FROM album WHERE explicit = 1')));
    await page.click('#albums_wrapper button:has-text("Clear filters")');

    const [from, to] = [
      page.locator(`${filterCell(COLUMN.released)} input`).first(),
      page.locator(`${filterCell(COLUMN.released)} input`).last(),
    ];
    await from.fill('1990-01-01');
    await to.fill('1999-12-31');
    await to.press('Enter');
    await expectInfo(
      page,
      info(10, await count("SELECT COUNT(*) AS n FROM album WHERE released_on BETWEEN '1990-01-01' AND '1999-12-31'")),
    );
    await page.click('#albums_wrapper button:has-text("Clear filters")');

    await page.locator(`${filterCell(COLUMN.format)} select`).selectOption({ label: 'Cassette' });
    await expectInfo(page, info(10, await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'")));
    expect(new Set(await columnTexts(page, COLUMN.format))).toEqual(new Set(['Cassette']));
    await page.click('#albums_wrapper button:has-text("Clear filters")');

    const genres = page.locator(`${filterCell(COLUMN.genres)} .ts-control input`);
    await genres.click();
    await genres.pressSequentially('jazz');
    await page.locator('.ts-dropdown .option', { hasText: 'Jazz' }).click();
    await expectInfo(
      page,
      info(
        10,
        await count(
          "SELECT COUNT(*) AS n FROM album WHERE id IN (SELECT album_id FROM album_genre JOIN genre ON genre.id = genre_id WHERE genre.name = 'Jazz')",
        ),
      ),
    );
    for (const cell of await columnTexts(page, COLUMN.genres)) expect(cell).toContain('Jazz');
    await page.click('#albums_wrapper button:has-text("Clear filters")');
    await expectInfo(page, info(10, ALBUMS));
  });

  it.each([
    ['viewer', { add: 0, edit: 0, delete: 0 }],
    ['editor', { add: 1, edit: 8, delete: 0 }],
    ['admin', { add: 1, edit: 8, delete: 8 }],
  ] as const)("shows the page's help entries and the %s's controls in the help panel", async (username, controls) => {
    const page = await signIn(username, '/albums/new');
    await page.click('.widgetlib-palette-toggle');
    await page.waitForSelector(`${PANEL}:not([hidden]) .widgetlib-palette__entry`);
    const titles = await page.locator(`${PANEL} .widgetlib-palette__entry-title`).allTextContents();
    expect(titles.sort()).toEqual([
      'Artist',
      'Explicit lyrics',
      'Format',
      'Genres',
      'Notes',
      'Release date',
      'Title',
      'Tracks',
    ]);
    expect({
      add: await page.locator(`${PANEL} .widgetlib-palette__add`).count(),
      edit: await page.locator(`${PANEL} .widgetlib-palette__edit`).count(),
      delete: await page.locator(`${PANEL} .widgetlib-palette__delete`).count(),
    }).toEqual(controls);
  });

  it('lets an editor add and edit an entry that the next page load shows, and the admin delete it', async () => {
    const editor = await signIn('editor', '/albums/new');
    await editor.click('.widgetlib-palette-toggle');
    const panel = editor.locator(PANEL);
    await panel.getByRole('button', { name: 'Add help' }).click();
    await panel.getByLabel('Field', { exact: true }).selectOption('homepage');
    await panel.getByRole('textbox', { name: 'Title', exact: true }).fill('Homepage');
    // The rich-text editor (widgetlib.editor.min.js, loaded next to the page's widgetlib bundle).
    await panel.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await panel.getByRole('textbox', { name: 'Text', exact: true }).click();
    await editor.keyboard.type('The album’s ');
    await panel.getByRole('button', { name: 'Bold' }).click();
    await editor.keyboard.type('official');
    await editor.keyboard.press('Control+b');
    await editor.keyboard.type(' page.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await editor.locator(`${PANEL} .widgetlib-palette__entry[data-question-name="homepage"]`).waitFor();

    await editor.getByRole('button', { name: 'Edit help “Homepage”' }).click();
    const form = editor.locator(`${PANEL} .widgetlib-palette__entry[data-question-name="homepage"] form`);
    await form.getByLabel('Title', { exact: true }).fill('Official homepage');
    await form.getByRole('button', { name: 'Save' }).click();
    await editor
      .locator(`${PANEL} .widgetlib-palette__entry[data-question-name="homepage"] .widgetlib-palette__entry-title`, {
        hasText: 'Official homepage',
      })
      .waitFor();

    await editor.reload();
    await editor.click('.widgetlib-palette-toggle');
    const reloaded = editor.locator(`${PANEL} .widgetlib-palette__entry[data-question-name="homepage"]`);
    await reloaded.waitFor();
    expect(await reloaded.locator('.widgetlib-palette__entry-title').textContent()).toBe('Official homepage');
    expect(
      await dataSource.query("SELECT id_view, help_title FROM widgetlib_help WHERE question_name = 'homepage'"),
    ).toEqual([{ id_view: 'catalogue:album-form', help_title: 'Official homepage' }]);

    const admin = await signIn('admin', '/albums/new');
    await admin.click('.widgetlib-palette-toggle');
    await admin.getByRole('button', { name: 'Delete help “Official homepage”' }).click();
    await admin.getByRole('button', { name: 'Yes, delete' }).click();
    await admin
      .locator(`${PANEL} .widgetlib-palette__entry[data-question-name="homepage"]`)
      .waitFor({ state: 'detached' });
    expect(await dataSource.query("SELECT id FROM widgetlib_help WHERE question_name = 'homepage'")).toEqual([]);
    expect(await count("SELECT COUNT(*) AS n FROM widgetlib_help WHERE id_view = 'catalogue:album-form'")).toBe(16);
  });

  it('serves the help entries admin table from the library, with writes by permission', async () => {
    const page = await signIn('editor', '/help-entries');
    await page.waitForFunction(() =>
      document.querySelector('#help-entries_info')?.textContent?.startsWith('Showing 1 to 10 of 32'),
    );
    expect(await page.locator('#help-entries button[data-delete-url]:visible').count()).toBe(0);
    await page.click('#help-entry-add');
    await page.fill('#entry-id_view', 'help:admin');
    await page.fill('#entry-question_name', 'notes');
    await page.fill('#entry-help_title', '<img src=x onerror=window.__pwned=1>');
    // The rich-text editor's HTML source view: what is typed there is sent as it is.
    await page.locator('#help-entry-form').getByRole('button', { name: 'HTML source' }).click();
    await page.fill('#entry-help_text', '<p onclick="window.__pwned=1">Hi<script>window.__pwned=1</script></p>');
    await page.click('#help-entry-form button[type=submit]');
    await page.waitForFunction(
      () => document.querySelector('#help-entries-status')?.textContent === 'The entry was added.',
    );
    expect(
      await dataSource.query("SELECT help_title, help_text FROM widgetlib_help WHERE id_view = 'help:admin'"),
    ).toEqual([{ help_title: '<img src=x onerror=window.__pwned=1>', help_text: '<p>Hi</p>' }]);
    await page.fill('#help-entries_wrapper .dt-search input', 'pwned');
    await page.waitForFunction(() =>
      document.querySelector('#help-entries_info')?.textContent?.startsWith('Showing 1 to 1 of 1'),
    );
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.click('#help-entry-add');
    await page.fill('#entry-id_view', 'help:admin');
    await page.fill('#entry-question_name', 'notes');
    await page.fill('#entry-help_title', 'Duplicate');
    await page.click('#help-entry-form button[type=submit]');
    await page.waitForFunction(() =>
      document.querySelector('#help-entry-errors')?.textContent?.includes('already exists'),
    );
    expect(await page.inputValue('#entry-help_title')).toBe('Duplicate');
  });

  it('edits through the help API: the edit leaves a revision, and one made in between is reported, not overwritten', async () => {
    const page = await signIn('admin', '/help-entries');
    await page.fill('#help-entries_wrapper .dt-search input', 'Letras');
    await page.waitForFunction(() =>
      document.querySelector('#help-entries_info')?.textContent?.startsWith('Showing 1 to 2 of 2'),
    );
    // Ordered by view: the edit form's entry comes first.
    await page.locator('#help-entries button[data-edit-url]').first().click();
    await page.waitForFunction(() => !document.querySelector<HTMLFormElement>('#help-entry-form')?.hidden);
    await page.fill('#entry-help_title', 'Letras explícitas (mía)');
    const [{ id }] = (await dataSource.query(
      "SELECT id FROM widgetlib_help WHERE help_title = 'Letras explícitas' AND id_view = 'catalogue:album-edit'",
    )) as Array<{ id: number }>;
    // Another author saves first, through the same API.
    const other = await page.request.fetch(new URL(`/api/help/${id}/`, page.url()).href, {
      method: 'PATCH',
      headers: { 'X-CSRF-Token': (await page.getAttribute('meta[name="csrf-token"]', 'content')) ?? '' },
      data: { help_title: 'Letras explícitas (suya)' },
    });
    expect(other.status()).toBe(200);
    await page.click('#help-entry-form button[type=submit]');
    await page.waitForFunction(() =>
      document.querySelector('#help-entry-errors')?.textContent?.includes('Someone changed this entry'),
    );
    expect(await page.inputValue('#entry-help_title')).toBe('Letras explícitas (mía)');
    expect(await dataSource.query(`SELECT help_title FROM widgetlib_help WHERE id = ${Number(id)}`)).toEqual([
      { help_title: 'Letras explícitas (suya)' },
    ]);
    // Saving again, now that the author knows, overwrites.
    await page.click('#help-entry-form button[type=submit]');
    await page.waitForFunction(
      () => document.querySelector('#help-entries-status')?.textContent === 'The entry was saved.',
    );
    const revisions = (await dataSource.query(
      `SELECT action, user_name FROM widgetlib_help_revision WHERE help_id = ${Number(id)} ORDER BY id`,
    )) as Array<{ action: string; user_name: string | null }>;
    expect(revisions.slice(-2)).toEqual([
      { action: 'update', user_name: 'admin' },
      { action: 'update', user_name: 'admin' },
    ]);
  });

  it('shows admins which fields have help in which languages and which have none, and hides that from readers', async () => {
    // Readers' visits tell the server the form's labelled fields: a field is listed once two users reported it.
    const reportedFields = (page: Page) =>
      page.waitForFunction(
        () =>
          sessionStorage.length > 0 &&
          Object.keys(sessionStorage).some((key) => key.startsWith('widgetlib:help-fields:')),
      );
    // Earlier tests' visits (admin, editor) reported the form already: start from a view nobody reported.
    for (const table of ['widgetlib_help_field_report', 'widgetlib_help_field']) {
      await dataSource.query(`DELETE FROM ${table} WHERE id_view = 'catalogue:album-form'`);
    }
    const viewer = await signIn('viewer', '/albums/new');
    await reportedFields(viewer);
    const albumFormFields = async () =>
      (await dataSource.query(
        "SELECT question_name FROM widgetlib_help_field WHERE id_view = 'catalogue:album-form'",
      )) as unknown[];
    expect(await albumFormFields()).toEqual([]);
    await reportedFields(await signIn('editor', '/albums/new'));
    const admin = await signIn('admin', '/help-entries');
    const albumForm = admin.locator('#help-coverage-table tbody tr', { hasText: 'catalogue:album-form' });
    await albumForm.waitFor();
    // Each field by the label its page shows (its name as the tooltip).
    expect(await albumForm.locator('td').first().textContent()).toContain('Title: en, es');
    expect(await albumForm.locator('td').nth(1).textContent()).toBe('Homepage');
    expect(await albumForm.locator('td').nth(1).locator('li').getAttribute('title')).toBe('homepage');
    // The pages people see, not the albums API's routes.
    expect(await admin.locator('#help-coverage-table tbody th').allTextContents()).toEqual([
      'catalogue:album-edit',
      'catalogue:album-form',
      'catalogue:albums',
      'help:admin',
    ]);
    await viewer.goto(new URL('/help-entries', viewer.url()).href);
    await viewer.locator('#help-entries_info').waitFor();
    expect(await viewer.locator('#help-coverage').isHidden()).toBe(true);

    // The clear route is a write like the others: without the page's CSRF token it is refused.
    const withoutToken = await admin.request.fetch(
      new URL('/api/help/coverage/catalogue%3Aalbum-form/', admin.url()).href,
      {
        method: 'DELETE',
      },
    );
    expect(withoutToken.status()).toBe(403);
    expect((await albumFormFields()).length).toBeGreaterThan(0);

    // An admin clears what readers reported for the view (after confirming).
    await albumForm.getByRole('button', { name: 'Clear the reported fields of catalogue:album-form' }).click();
    await admin.waitForFunction(() =>
      document
        .querySelector('#help-coverage-status')
        ?.textContent?.startsWith('The reported fields of catalogue:album-form were cleared.'),
    );
    expect(await albumForm.locator('td').nth(1).textContent()).toBe('none');
    // The labels went with the reported fields: the entries show by name until pages report again.
    expect(await albumForm.locator('td').first().textContent()).toContain('title: en, es');
    expect(await albumFormFields()).toEqual([]);
  });

  it('searches with SearchBuilder and ColumnControl, each through its own controls', async () => {
    const page = await signIn('viewer');
    await expectInfo(page, info(10, ALBUMS));
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/albums/') answers.push(response.status());
    });

    // The button opens SearchBuilder with a first, empty condition.
    await page.click('#albums_wrapper .dt-buttons button:has-text("Search Builder")');
    const first = page.locator('.dtsb-criteria').nth(0);
    await first.locator('select.dtsb-data').selectOption({ label: 'Tracks' });
    await first.locator('select.dtsb-condition').selectOption('>=');
    await first.locator('input.dtsb-value').first().fill('12');
    await expectInfo(page, info(10, await count('SELECT COUNT(*) AS n FROM album WHERE tracks >= 12')));

    await page.click('.dtsb-add');
    const second = page.locator('.dtsb-criteria').nth(1);
    await second.locator('select.dtsb-data').selectOption({ label: 'Released' });
    await second.locator('select.dtsb-condition').selectOption('<');
    await second.locator('input.dtsb-value').first().fill('1990-01-01');
    await second.locator('input.dtsb-value').first().press('Enter');
    await expectInfo(
      page,
      info(10, await count("SELECT COUNT(*) AS n FROM album WHERE tracks >= 12 AND released_on < '1990-01-01'")),
    );

    expect(await page.textContent('#albums_wrapper .dt-buttons button:has-text("Search Builder")')).toBe(
      'Search Builder (2)',
    );
    await page.keyboard.press('Escape');

    await page.click(`#albums thead tr:first-child th:nth-child(${COLUMN.format + 1}) .dtcc-button_dropdown`);
    await page.locator('.dtcc-dropdown .dtcc-list-buttons button', { hasText: 'Cassette' }).click();
    await expectInfo(
      page,
      info(
        10,
        await count(
          "SELECT COUNT(*) AS n FROM album WHERE tracks >= 12 AND released_on < '1990-01-01' AND format = 'cassette'",
        ),
      ),
    );
    expect(new Set(await columnTexts(page, COLUMN.format))).toEqual(new Set(['Cassette']));
    await page.keyboard.press('Escape');

    await page.click(`#albums thead tr:first-child th:nth-child(${COLUMN.tracks + 1}) .dtcc-button_dropdown`);
    await page.locator('.dtcc-dropdown .dtcc-search select').selectOption('lessOrEqual');
    await page.locator('.dtcc-dropdown .dtcc-search input').fill('14');
    await expectInfo(
      page,
      info(
        10,
        await count(
          "SELECT COUNT(*) AS n FROM album WHERE tracks BETWEEN 12 AND 14 AND released_on < '1990-01-01' AND format = 'cassette'",
        ),
      ),
    );
    for (const tracks of await columnTexts(page, COLUMN.tracks)) expect([12, 13, 14]).toContain(Number(tracks));
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  });

  it("lists every artist of the table in the Artist column's ColumnControl list, not only the page's", async () => {
    const page = await signIn('viewer');
    await expectInfo(page, info(10, ALBUMS));
    const artists = (
      (await dataSource.query(
        'SELECT DISTINCT artist.name AS name FROM album JOIN artist ON artist.id = album.artist_id',
      )) as Array<{ name: string }>
    ).map((row) => row.name);
    const onFirstPage = new Set(await columnTexts(page, COLUMN.artist));
    const elsewhere = artists.filter((name) => !onFirstPage.has(name));
    expect(elsewhere.length).toBeGreaterThan(0);

    await page.click(`#albums thead tr:first-child th:nth-child(${COLUMN.artist + 1}) .dtcc-button_dropdown`);
    const buttons = page.locator('.dtcc-dropdown .dtcc-list-buttons button');
    await page.waitForFunction(
      (expected) => document.querySelectorAll('.dtcc-dropdown .dtcc-list-buttons button').length === expected,
      artists.length,
    );
    expect((await buttons.allTextContents()).map((text) => text.trim()).sort()).toEqual([...artists].sort());

    await buttons.filter({ has: page.getByText(elsewhere[0]!, { exact: true }) }).click();
    const [picked] = (await dataSource.query(
      'SELECT COUNT(*) AS n FROM album JOIN artist ON artist.id = album.artist_id WHERE artist.name = ?',
      [elsewhere[0]],
    )) as Array<{ n: number }>;
    const matching = Number(picked!.n);
    await expectInfo(page, info(10, matching));
    expect(new Set(await columnTexts(page, COLUMN.artist))).toEqual(new Set([elsewhere[0]]));
    await page.keyboard.press('Escape');
  });

  it("answers SearchPanes' options for its panes, counted within the other panes' selections", async () => {
    const page = await signIn('viewer');
    const answer = (await page.evaluate(() =>
      fetch('/api/albums/?searchPanes_options[cascade]=true&searchPanes[format][0]=cassette').then((response) =>
        response.json(),
      ),
    )) as {
      recordsFiltered: number;
      searchPanes: { options: Record<string, Array<{ value: string; count: number }>> };
    };
    const cassettes = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'");
    expect(answer.recordsFiltered).toBe(cassettes);
    expect(answer.searchPanes.options.format?.find((option) => option.value === 'cassette')?.count).toBe(cassettes);
    const jazz = answer.searchPanes.options['genres.name']?.find((option) => option.value === 'Jazz');
    expect(jazz?.count).toBe(
      await count(
        "SELECT COUNT(DISTINCT album.id) AS n FROM album JOIN album_genre ON album_genre.album_id = album.id JOIN genre ON genre.id = album_genre.genre_id WHERE genre.name = 'Jazz' AND album.format = 'cassette'",
      ),
    );
  });

  // Last: it changes the number of albums the other tests count on.
  it("deletes an album from the table's row action", async () => {
    const page = await signIn('admin');
    await expectInfo(page, info(10, ALBUMS));
    const firstCode = (await columnTexts(page, 0))[0]!;
    await page.locator('#albums tbody tr:first-child button[data-delete-url]').click();
    await page.waitForFunction(
      () => document.querySelector('#albums-status')?.textContent === 'The album was moved to the trash.',
    );
    await expectInfo(page, info(10, ALBUMS - 1, ALBUMS - 1));
    // In the trash (albums-trash.browser-spec.ts restores one from there).
    expect(
      await count(`SELECT COUNT(*) AS n FROM album WHERE catalogue_code = '${firstCode}' AND deleted_at IS NULL`),
    ).toBe(0);
    expect(
      await count(`SELECT COUNT(*) AS n FROM album WHERE catalogue_code = '${firstCode}' AND deleted_at IS NOT NULL`),
    ).toBe(1);
    expect(await columnTexts(page, 0)).not.toContain(firstCode);
  });
});
