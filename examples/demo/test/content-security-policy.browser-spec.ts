import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { countOf } from './support/albums-table.js';

const ALBUMS = 60;
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';
const COLUMN = { title: 1, explicit: 4, format: 7, genres: 8 } as const;
const VIEWS = '.widgetlib-saved-views';
const BULK = '.widgetlib-bulk-actions';

/**
 * Every feature of the demo under its Content-Security-Policy: each test signs in through the
 * sign-in form and uses the pages' widgets while the browser reports every violation (the
 * `securitypolicyviolation` event of each document, and Chromium's console errors about the policy).
 */
describe("the demo's Content-Security-Policy in Chromium (SQLite)", () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite', { albumCount: ALBUMS }), startChromium()]);
    dataSource = demo.app.get(DataSource);
  });

  beforeEach(() => violations.splice(0));

  // Closing a context that downloaded files takes a while on a busy machine.
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  /** A page that reports each violation of the policy into `violations`, from its first script on. */
  async function watchedPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
    const context = await chromium.newContext({ viewport, acceptDownloads: true });
    contexts.push(context);
    await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
      violations.push(violation);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:` +
            `${event.lineNumber} ${event.sample}`,
        );
      });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  async function signIn(
    username: 'admin' | 'editor' | 'viewer',
    path: string,
    viewport?: { width: number; height: number },
  ) {
    const page = await watchedPage(viewport);
    await page.goto(`${demo.baseUrl}${path}`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.fill('#username', username);
    await page.fill('#password', username);
    await Promise.all([page.waitForURL(`${demo.baseUrl}${path}`), page.click('button[type=submit]')]);
    return page;
  }

  const count = (sql: string) => countOf(dataSource, sql);

  async function waitForInfo(page: Page, matching: number): Promise<void> {
    const filtered = matching === ALBUMS ? '' : ` (filtered from ${ALBUMS} total entries)`;
    const expected =
      matching === 0
        ? `Showing 0 to 0 of 0 entries${filtered}`
        : `Showing 1 to ${Math.min(10, matching)} of ${matching} entries${filtered}`;
    await page
      .waitForFunction((text) => document.querySelector('#albums_info')?.textContent === text, expected, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    expect(await page.textContent('#albums_info')).toBe(expected);
  }

  async function clearFilters(page: Page): Promise<void> {
    await page.click('#albums_wrapper button:has-text("Clear filters")');
    await waitForInfo(page, ALBUMS);
  }

  it('serves the sign-in page under the policy, which refuses and reports an inline script or style', async () => {
    const page = await watchedPage();
    const answer = await page.goto(`${demo.baseUrl}/sign-in`);
    const policy = answer!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).not.toContain('unsafe-inline');
    expect(violations).toEqual([]);
    // An inline script and a style attribute in markup are refused, and reported: the watcher works.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      document.body.insertAdjacentHTML('beforeend', '<p id="styled" style="color: rgb(255, 0, 0)">styled</p>');
    });
    const reported = (directive: string) =>
      violations.some((violation) => violation.startsWith(`${directive} blocked inline`));
    for (let waited = 0; !(reported('script-src-elem') && reported('style-src-attr')) && waited < 5_000; waited += 50) {
      await sleep(50);
    }
    expect([reported('script-src-elem'), reported('style-src-attr')]).toEqual([true, true]);
    expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    expect(await page.$eval('#styled', (element) => getComputedStyle(element).color)).not.toBe('rgb(255, 0, 0)');
    violations.splice(0);
  });

  it('runs the albums table with its filter row, SearchPanes, SearchBuilder, ColumnControl and exports', async () => {
    const page = await signIn('admin', '/albums');
    await waitForInfo(page, ALBUMS);

    // The filter row: a text filter, a select, and Tom Select's remote choices.
    // A letter without accented forms in the seed's titles: the search ignores accents, SQL's LIKE does not.
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.title + 1}) input`).pressSequentially('r');
    await waitForInfo(page, await count("SELECT COUNT(*) AS n FROM album WHERE lower(title) LIKE '%r%'"));
    await clearFilters(page);
    const genres = page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.genres + 1}) .ts-control input`);
    await genres.click();
    await genres.pressSequentially('jazz');
    await page.locator('.ts-dropdown .option', { hasText: 'Jazz' }).click();
    await waitForInfo(
      page,
      await count(
        "SELECT COUNT(*) AS n FROM album WHERE id IN (SELECT album_id FROM album_genre JOIN genre ON genre.id = genre_id WHERE genre.name = 'Jazz')",
      ),
    );
    await clearFilters(page);

    // SearchPanes.
    await page.click('#albums_wrapper .dt-buttons button:has-text("SearchPanes")');
    const formats = page
      .locator('.dtsp-searchPane')
      .filter({ has: page.locator('input[placeholder="Format"]') })
      .locator('tbody tr')
      .filter({ has: page.locator('span.dtsp-name', { hasText: /^Cassette$/ }) });
    await formats.locator('td').first().click();
    await waitForInfo(page, await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'"));
    await page.click('.dtsp-panesContainer button.dtsp-clearAll');
    await waitForInfo(page, ALBUMS);
    await page.keyboard.press('Escape');

    // SearchBuilder, with a date condition and its DateTime picker.
    await page.click('#albums_wrapper .dt-buttons button:has-text("Search Builder")');
    const criteria = page.locator('.dtsb-criteria').nth(0);
    await criteria.locator('select.dtsb-data').selectOption({ label: 'Released' });
    await criteria.locator('select.dtsb-condition').selectOption('<');
    await criteria.locator('input.dtsb-value').first().click();
    await page.locator('.dt-datetime').first().waitFor();
    await criteria.locator('input.dtsb-value').first().fill('1990-01-01');
    await criteria.locator('input.dtsb-value').first().press('Enter');
    await waitForInfo(page, await count("SELECT COUNT(*) AS n FROM album WHERE released_on < '1990-01-01'"));
    await page.click('.dtsb-clearAll');
    await waitForInfo(page, ALBUMS);
    await page.keyboard.press('Escape');

    // ColumnControl's dropdown.
    await page.click(`#albums thead tr:first-child th:nth-child(${COLUMN.format + 1}) .dtcc-button_dropdown`);
    await page.locator('.dtcc-dropdown .dtcc-list-buttons button', { hasText: 'Vinyl' }).click();
    const vinyl = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'vinyl'");
    await waitForInfo(page, vinyl);
    await page.keyboard.press('Escape');

    // Exports (Buttons): the files come through fetch() and a blob: link.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button.widgetlib-dt-export-csv')]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.click('button.widgetlib-dt-export-xlsx')]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

    expect(violations).toEqual([]);
  }, 90_000);

  it('saves a view and runs a bulk action on every matching album', async () => {
    const page = await signIn('editor', '/albums');
    await waitForInfo(page, ALBUMS);
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.format + 1}) select`).selectOption({ label: 'CD' });
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.explicit + 1}) select`).selectOption({ label: 'No' });
    const matching = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cd' AND explicit = 0");
    await waitForInfo(page, matching);

    await page.fill(`${VIEWS}__name`, 'Clean CDs');
    await page.click(`${VIEWS}__save`);
    await page.locator(`${VIEWS}__item`, { hasText: 'Clean CDs' }).waitFor();

    await page.click(`${BULK} button.widgetlib-bulk-select`);
    await page.click(`${BULK} button:has-text("Mark as explicit")`);
    await page
      .locator(`${BULK} [role=status]`, { hasText: `Marked ${matching} albums as explicit.` })
      .waitFor({ timeout: 10_000 });
    await waitForInfo(page, 0);
    expect(await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cd' AND explicit = 0")).toBe(0);
    // The table's state is kept per user: the next page of this user starts unfiltered.
    await clearFilters(page);

    expect(violations).toEqual([]);
  }, 90_000);

  it('opens the help panel and writes help in the rich-text editor', async () => {
    const page = await signIn('editor', '/albums/new');
    // The form's remote-search select (Tom Select).
    await page.locator('#artist_id + .ts-wrapper .ts-control').click();
    await page.keyboard.type('a');
    await page.locator('.ts-dropdown .option').first().waitFor();
    await page.keyboard.press('Escape');

    await page.click('.widgetlib-palette-toggle');
    const panel = page.locator(PANEL);
    await panel.locator('.widgetlib-palette__entry').first().waitFor();
    await panel.getByRole('button', { name: 'Add help' }).click();
    await panel.getByLabel('Field', { exact: true }).selectOption('homepage');
    await panel.getByRole('textbox', { name: 'Title', exact: true }).fill('Homepage');
    // widgetlib.editor.min.js, loaded when the form opens.
    await panel.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await panel.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('The ');
    await panel.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('official');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' page.');
    expect(await panel.locator('.ProseMirror strong').textContent()).toBe('official');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.locator('.widgetlib-palette__entry[data-question-name="homepage"]').waitFor();
    expect(await dataSource.query("SELECT help_text FROM widgetlib_help WHERE question_name = 'homepage'")).toEqual([
      { help_text: '<p>The <strong>official</strong> page.</p>' },
    ]);

    expect(violations).toEqual([]);
  }, 90_000);

  it("shows the columns that Responsive hides on a phone screen, behind each row's control", async () => {
    // The viewer: the editor's table state, saved by the test before, holds that test's filters.
    const page = await signIn('viewer', '/albums', { width: 390, height: 844 });
    await page.locator('#albums tbody tr td.dtr-control').first().click();
    await page.locator('#albums tbody tr.dtr-expanded + tr.child').waitFor();

    expect(violations).toEqual([]);
  }, 90_000);

  it("shows the help entries page with the admin's coverage and usage sections", async () => {
    const page = await signIn('admin', '/help-entries');
    await page.waitForFunction(() => document.querySelector('#help-entries_info')?.textContent?.startsWith('Showing'));
    await page.locator('#help-coverage:not([hidden])').waitFor();
    await page.locator('#help-usage:not([hidden])').waitFor();
    await page.click('.widgetlib-palette-toggle');
    await page.locator(`${PANEL}:not([hidden])`).waitFor();

    expect(violations).toEqual([]);
  }, 90_000);
});
