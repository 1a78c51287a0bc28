import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';
import { countOf, expectInfo } from './support/albums-table.js';

const ALBUMS = 120;
const LAPTOP = { width: 1280, height: 800 };
const VIEWS = '.widgetlib-saved-views';
const ANNOUNCER = '#albums_wrapper .widgetlib-table-announcer';

/** The focused element: a description for messages, and whether a ring or shadow shows it. */
interface Focused {
  description: string;
  indicated: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { description: 'body', indicated: false };
    const shows = (target: Element): boolean => {
      const style = getComputedStyle(target);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== '' && style.boxShadow !== 'none');
    };
    // A header's ordering icon: its ring is drawn around the whole header cell.
    // Tom Select's inner input: its ring is on its control box.
    const header = element.matches('.dt-column-order') ? element.closest('th') : element.closest('.ts-control');
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      description: `${element.tagName.toLowerCase()}.${element.className} "${name}"`,
      indicated: header ? shows(header) && !shows(element) : shows(element),
    };
  });
}

/** Presses `key` and checks that the element that then has the focus shows it. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  if (now.description !== 'body') expect([now.description, now.indicated]).toEqual([now.description, true]);
  return now;
}

/** Tabs (at most `limit` times) until the focused element matches `selector`; every stop shows its focus. */
async function tabTo(page: Page, selector: string, limit = 80, key = 'Tab'): Promise<number> {
  if (await isFocused(page, selector)) return 0;
  for (let stops = 1; stops <= limit; stops++) {
    await press(page, key);
    if (await isFocused(page, selector)) return stops;
  }
  throw new Error(
    `${selector} not reached in ${limit} presses of ${key}; focus on ${(await focused(page)).description}`,
  );
}

/** Whether an element that `selector` (a Playwright selector) finds has the focus. */
async function isFocused(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll((found) => found.includes(document.activeElement as HTMLElement));
}

async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  await page
    .waitForFunction(([where, wanted]) => document.querySelector(where!)?.textContent === wanted, [selector, text], {
      timeout: 10_000,
    })
    .catch(() => undefined);
  expect(await page.textContent(selector)).toBe(text);
}

describe('the albums page by keyboard alone in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite', { albumCount: ALBUMS }), startChromium()]);
  }, 120_000);

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function signIn(username: 'admin' | 'editor' | 'viewer', path = '/albums'): Promise<Page> {
    context = await chromium.newContext({ viewport: LAPTOP });
    pageErrors = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, username, path);
    if (path !== '/albums') return page;
    await page.waitForSelector('#albums tbody tr td:not(.dt-empty)');
    // The saved views' control and the bulk bar are loaded as the table starts.
    await page.waitForSelector(`${VIEWS}__name`);
    if (username !== 'viewer') await page.waitForSelector('.widgetlib-bulk-action');
    await page.locator('body').focus();
    return page;
  }

  // A table nobody left filtered, paged or ordered (the views' test leaves the editor's table filtered).
  const forgetTableStates = () =>
    demo.app.get(DataSource).query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);

  const count = (where: string) => countOf(demo.app.get(DataSource), `SELECT COUNT(*) AS n FROM album WHERE ${where}`);

  it('opens SearchPanes, SearchBuilder and each ColumnControl menu, works inside, and leaves with Escape', async () => {
    const page = await signIn('viewer');
    const panes = '#albums_wrapper .dt-buttons button:has-text("SearchPanes")';
    await tabTo(page, '#albums_wrapper .dt-buttons > button.dt-button');
    expect(await isFocused(page, panes)).toBe(true);
    await press(page, 'Enter');
    await page.waitForSelector('.dt-button-collection .dtsp-searchPane tbody tr');
    await page.waitForFunction(() => document.activeElement?.closest('.dt-button-collection') !== null);
    expect(await isFocused(page, '.dtsp-searchPane input.dtsp-search')).toBe(true);
    // Tab goes round the panes: to an option of the Format pane, which Space selects.
    await tabTo(page, '.dt-button-collection .dtsp-searchPane tbody tr', 30);
    for (let stop = 0; stop < 60; stop++) {
      if (await isFocused(page, '.dt-button-collection tr:has(span.dtsp-name:text-is("Cassette"))')) break;
      await press(page, 'Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.dt-button-collection') !== null)).toBe(true);
    }
    await press(page, 'Space');
    const cassettes = await count("format = 'cassette'");
    await expectInfo(
      page,
      `Showing 1 to ${Math.min(10, cassettes)} of ${cassettes} entries (filtered from ${ALBUMS} total entries)`,
    );
    await waitForText(page, ANNOUNCER, `${cassettes} albums match. Page 1 of ${Math.ceil(cassettes / 10)}`);
    await press(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('.dt-button-collection'));
    expect(await isFocused(page, panes)).toBe(true);

    await press(page, 'Tab');
    expect(await isFocused(page, '#albums_wrapper .dt-buttons button:has-text("Search Builder")')).toBe(true);
    await press(page, 'Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.dt-button-collection .dtsb-searchBuilder'));
    await press(page, 'Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.dt-button-collection') !== null)).toBe(true);
    await press(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('.dt-button-collection'));
    expect(await isFocused(page, '#albums_wrapper .dt-buttons button:has-text("Search Builder")')).toBe(true);

    const menus = await page
      .locator('#albums thead .dtcc-button_dropdown')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(menus).toEqual(['Menu of the Artist column', 'Menu of the Tracks column', 'Menu of the Format column']);
    for (const column of ['Artist', 'Tracks']) {
      const button = `#albums thead .dtcc-button_dropdown[aria-label="Menu of the ${column} column"]`;
      await tabTo(page, button, 40);
      await press(page, 'Enter');
      await page.waitForSelector('.dtcc-dropdown');
      expect(await page.evaluate(() => document.activeElement?.closest('.dtcc-dropdown') !== null)).toBe(true);
      await press(page, 'Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.dtcc-dropdown') !== null)).toBe(true);
      await press(page, 'Escape');
      expect(await page.locator('.dtcc-dropdown').count()).toBe(0);
      expect(await isFocused(page, button)).toBe(true);
    }
  }, 120_000);

  it('sorts a column, filters in the filter row and pages, announcing each change', async () => {
    const page = await signIn('viewer');
    const title = '#albums thead .dt-column-order[aria-label^="Title:"]';
    await tabTo(page, title);
    await press(page, 'Enter');
    await page.waitForSelector('#albums thead th[aria-sort=ascending] .dt-column-title:text-is("Title")');
    expect(await isFocused(page, title)).toBe(true);
    expect((await focused(page)).indicated).toBe(true);

    await tabTo(page, '#albums [aria-label="Filter Tracks"]', 40);
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    const twelve = await count('tracks = 12');
    expect(twelve).toBeGreaterThan(0);
    await expectInfo(
      page,
      `Showing 1 to ${Math.min(10, twelve)} of ${twelve} entries (filtered from ${ALBUMS} total entries)`,
    );
    await waitForText(page, ANNOUNCER, `${twelve} albums match. Page 1 of ${Math.ceil(twelve / 10)}`);

    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    await waitForText(page, ANNOUNCER, `${ALBUMS} albums match. Page 1 of ${ALBUMS / 10}`);
    await tabTo(page, '#albums_wrapper .dt-paging-button.next', 200);
    await press(page, 'Enter');
    await expectInfo(page, `Showing 11 to 20 of ${ALBUMS} entries`);
    await waitForText(page, ANNOUNCER, `Page 2 of ${ALBUMS / 10}`);
  }, 120_000);

  it('picks two rows with Space on their checkboxes and runs the bulk action on them', async () => {
    const page = await signIn('editor');
    page.on('dialog', (dialog) => void dialog.accept());
    const checkbox = (row: number) => `#albums tbody tr:nth-child(${row}) input.dt-select-checkbox`;
    await tabTo(page, checkbox(1), 200);
    await press(page, 'Space');
    await waitForText(page, '.widgetlib-bulk-status', '1 selected');
    await tabTo(page, checkbox(2), 40);
    await press(page, 'Space');
    await waitForText(page, '.widgetlib-bulk-status', '2 selected');
    const picked = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) => [row.classList.contains('selected'), row.querySelector('input')?.checked]),
    );
    expect(picked.slice(0, 3)).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    const ids = await page.$$eval('#albums tbody tr.selected', (rows) => rows.map((row) => Number(row.id)));
    expect(await count(`id IN (${ids.join(', ')}) AND explicit = 1`)).toBeLessThan(2);
    await tabTo(page, '.widgetlib-bulk-action', 200, 'Shift+Tab');
    await press(page, 'Enter');
    await waitForText(page, '.widgetlib-bulk-status', 'Marked 2 albums as explicit.');
    expect(await count(`id IN (${ids.join(', ')}) AND explicit = 1`)).toBe(2);
  }, 120_000);

  it('selects every matching row and runs the bulk action', async () => {
    const page = await signIn('editor');
    page.on('dialog', (dialog) => void dialog.accept());
    await tabTo(page, '.widgetlib-bulk-select');
    await press(page, 'Enter');
    await waitForText(page, '.widgetlib-bulk-status', `All ${ALBUMS} matching rows are selected.`);
    await tabTo(page, '.widgetlib-bulk-action', 10);
    await press(page, 'Enter');
    await waitForText(page, '.widgetlib-bulk-status', `Marked ${ALBUMS} albums as explicit.`);
    expect(await count('explicit = 1')).toBe(ALBUMS);
  }, 120_000);

  it('saves, loads and shares views from a list that takes one Tab stop', async () => {
    const page = await signIn('editor');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.baseUrl });
    for (const name of ['Keys one', 'Keys two']) {
      await tabTo(page, `${VIEWS}__name`);
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await page.locator(`${VIEWS}__item`, { hasText: name }).waitFor();
      await page.locator('body').focus();
    }
    // From the name field: its button, one stop in the list, then the control after the list.
    await tabTo(page, `${VIEWS}__name`);
    await press(page, 'Tab');
    expect(await isFocused(page, `${VIEWS}__save`)).toBe(true);
    await press(page, 'Tab');
    expect(await isFocused(page, `${VIEWS}__list ${VIEWS}__load`)).toBe(true);
    await press(page, 'Tab');
    expect(await page.evaluate((list) => !document.activeElement?.closest(list), `${VIEWS}__list`)).toBe(true);
    expect(await page.locator(`${VIEWS}__list [tabindex="0"]`).count()).toBe(1);

    await press(page, 'Shift+Tab');
    expect(await isFocused(page, `${VIEWS}__load`)).toBe(true);
    await press(page, 'End');
    expect(await isFocused(page, `${VIEWS}__item:last-child ${VIEWS}__load`)).toBe(true);
    await press(page, 'Home');
    // Down to the second of the two views saved here.
    const own = await page
      .locator(`${VIEWS}__item`)
      .evaluateAll((items) => items.map((item) => item.querySelector('.widgetlib-saved-views__load')!.textContent));
    const [first, last] = own.filter((name) => name?.startsWith('Keys ')) as [string, string];
    for (let step = 0; step < own.indexOf(last); step++) await press(page, 'ArrowDown');
    expect(await isFocused(page, `${VIEWS}__load:text-is("${last}")`)).toBe(true);
    // Right: the view's link, then its copy button.
    await press(page, 'ArrowRight');
    expect(await isFocused(page, `${VIEWS}__link[aria-label="Link: ${last}"]`)).toBe(true);
    await press(page, 'ArrowRight');
    expect(await isFocused(page, `${VIEWS}__copy`)).toBe(true);
    await press(page, 'Enter');
    await waitForText(page, `${VIEWS}__status`, `The link to \u201c${last}\u201d was copied.`);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#view=\d+$/);
    await press(page, 'ArrowRight');
    expect(await isFocused(page, `${VIEWS}__share input`)).toBe(true);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      press(page, 'Space'),
    ]);
    await page.waitForFunction(() => document.activeElement?.matches('.widgetlib-saved-views__share input:checked'));

    // Another filter, then Up to the first view, Home to its load button, Enter loads it.
    await tabTo(page, '#albums [aria-label="Filter Tracks"]');
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expectInfo(
      page,
      `Showing 1 to ${Math.min(10, await count('tracks = 12'))} of ${await count('tracks = 12')} entries (filtered from ${ALBUMS} total entries)`,
    );
    await tabTo(page, `${VIEWS}__list [tabindex="0"]`, 80, 'Shift+Tab');
    await press(page, 'ArrowUp');
    await press(page, 'Home');
    expect(await isFocused(page, `${VIEWS}__load:text-is("${first}")`)).toBe(true);
    await press(page, 'Enter');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    expect(await page.getAttribute(`${VIEWS}__load:text-is("${first}")`, 'aria-current')).toBe('true');
  }, 120_000);

  it('uses the help panel and its editor on the album form, then leaves it with Escape', async () => {
    const page = await signIn('admin', '/albums/new');
    await page.waitForSelector('.widgetlib-palette-toggle');
    await page.locator('body').focus();
    await tabTo(page, '.widgetlib-palette-toggle');
    await press(page, 'Enter');
    const panel = page.locator('.widgetlib-palette[data-widgetlib-palette]');
    await panel.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.widgetlib-palette') !== null);
    await tabTo(page, '.widgetlib-palette button:text-is("Add help")', 20);
    await press(page, 'Enter');
    const form = panel.locator('form');
    await form.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await tabTo(page, '.widgetlib-palette form select:not([name=language])', 20);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, '.widgetlib-palette form input[name=help_title]', 20);
    await page.keyboard.type('Keyboard help');
    await tabTo(page, '.widgetlib-palette form [contenteditable=true]', 30);
    await page.keyboard.type('Typed ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('by keyboard');
    await tabTo(page, '.widgetlib-palette form button[type=submit]', 40);
    await press(page, 'Enter');
    await waitForText(page, '.widgetlib-palette__status', 'Help saved.');
    expect(await panel.locator('.widgetlib-palette__entry', { hasText: 'Keyboard help' }).count()).toBe(1);
    expect(await panel.locator('.widgetlib-palette__entry strong', { hasText: 'by keyboard' }).count()).toBe(1);
    // The search's results are said in the status line.
    await tabTo(page, '.widgetlib-palette__search', 40, 'Shift+Tab');
    await page.keyboard.type('zzz-no-such-help');
    await waitForText(page, '.widgetlib-palette__status', 'No entry matches the search.');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() =>
      /^\d+ entries$/.test(document.querySelector('.widgetlib-palette__status')?.textContent ?? ''),
    );

    await press(page, 'Escape');
    await page.waitForFunction(
      () => (document.querySelector('.widgetlib-palette[data-widgetlib-palette]') as HTMLElement).hidden,
    );
    expect(await isFocused(page, '.widgetlib-palette-toggle')).toBe(true);
  }, 120_000);

  it('opens the Trash view, restores an album and goes back, announcing the outcome', async () => {
    const dataSource = demo.app.get(DataSource);
    const [album] = (await dataSource.query(
      'SELECT id, catalogue_code FROM album WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
    )) as Array<{ id: number; catalogue_code: string }>;
    const other = demo.client();
    const token = await other.signIn('editor');
    const deleted = await other.request('DELETE', `/api/albums/${album!.id}/`, { headers: { 'x-csrf-token': token } });
    expect(deleted.status).toBe(204);

    await forgetTableStates();
    const page = await signIn('editor');
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS - 1} entries`);
    const toggle = 'button.widgetlib-trash-toggle';
    await tabTo(page, toggle);
    await press(page, 'Enter');
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('true');
    await page.waitForSelector('#albums-trash tbody tr td:not(.dt-empty)');
    expect(await page.locator('#albums_wrapper').isHidden()).toBe(true);
    const restore = `#albums-trash tbody tr:has(td:text-is("${album!.catalogue_code}")) button.widgetlib-trash-restore`;
    await tabTo(page, restore, 40);
    await press(page, 'Enter');
    const status = '.widgetlib-trash-status';
    expect(await page.getAttribute(status, 'role')).toBe('status');
    expect(await page.getAttribute(status, 'aria-live')).toBe('polite');
    await waitForText(page, status, 'The row was restored.');
    expect(await count(`id = ${album!.id} AND deleted_at IS NULL`)).toBe(1);
    // The restored row has left the trash: the focus waits on the trash itself, and shows there.
    await page.waitForSelector('#albums-trash tbody td.dt-empty');
    expect(await isFocused(page, '.widgetlib-trash')).toBe(true);
    expect((await focused(page)).indicated).toBe(true);

    await tabTo(page, toggle, 40, 'Shift+Tab');
    await press(page, 'Enter');
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('false');
    expect(await isFocused(page, toggle)).toBe(true);
    await expectInfo(page, `Showing 1 to 10 of ${ALBUMS} entries`);
    await waitForText(page, ANNOUNCER, `${ALBUMS} albums match. Page 1 of ${ALBUMS / 10}`);
  }, 120_000);

  it('edits a cell in place with Enter, moves to another by arrow, cancels it with F2 and Escape, focus back on the cell', async () => {
    await forgetTableStates();
    const page = await signIn('editor');
    const row = await page
      .locator('#albums tbody tr')
      .first()
      .evaluate((element) => Number(element.id));
    const title = '#albums tbody tr:first-child > td.widgetlib-inline-editable >> nth=0';
    await tabTo(page, title, 200);
    expect(await page.locator(title).getAttribute('aria-describedby')).toBeTruthy();
    await press(page, 'Enter');
    expect(await isFocused(page, '#albums input.widgetlib-inline-control[aria-label="Edit Title"]')).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Typed in place');
    await press(page, 'Enter');
    await waitForText(page, ANNOUNCER, 'Title saved.');
    expect(await page.textContent(title)).toBe('Typed in place');
    expect(await isFocused(page, title)).toBe(true);
    expect((await focused(page)).indicated).toBe(true);
    expect(await count(`id = ${row} AND title = 'Typed in place'`)).toBe(1);

    // The editable cells are one Tab stop: the row's next one is to the right, Tab leaves them.
    const tracks = '#albums tbody tr:first-child > td.widgetlib-inline-editable >> nth=1';
    const before = await page.textContent(tracks);
    await press(page, 'ArrowRight');
    expect(await isFocused(page, tracks)).toBe(true);
    expect(await page.locator(tracks).getAttribute('aria-label')).toBe(`Tracks: ${before!}`);
    await press(page, 'Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('td.widgetlib-inline-editable'))).toBeNull();
    await press(page, 'Shift+Tab');
    expect(await isFocused(page, tracks)).toBe(true);
    await press(page, 'F2');
    expect(await isFocused(page, '#albums input.widgetlib-inline-control[aria-label="Edit Tracks"]')).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('77');
    await press(page, 'Escape');
    await waitForText(page, ANNOUNCER, 'Edit cancelled.');
    expect(await isFocused(page, tracks)).toBe(true);
    expect(await page.textContent(tracks)).toBe(before);
    expect(await count(`id = ${row} AND tracks = 77`)).toBe(0);
  }, 120_000);

  it('settles a conflict (412) of a cell edited in place by keyboard, keeping the value typed', async () => {
    await forgetTableStates();
    const page = await signIn('editor');
    const row = await page
      .locator('#albums tbody tr')
      .first()
      .evaluate((element) => Number(element.id));
    const title = '#albums tbody tr:first-child > td.widgetlib-inline-editable >> nth=0';
    await tabTo(page, title, 200);
    await press(page, 'Enter');
    // Another user changes the album's title meanwhile.
    const other = demo.client();
    const token = await other.signIn('admin');
    const changed = await other.json(
      'PATCH',
      `/api/albums/${row}/`,
      { title: 'Changed elsewhere' },
      {
        'x-csrf-token': token,
      },
    );
    expect(changed.status).toBe(200);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Mine by keyboard');
    await press(page, 'Enter');
    await page.waitForSelector('#albums .widgetlib-inline-conflict [role=alert]');
    expect(await isFocused(page, '#albums button.widgetlib-inline-keep-mine')).toBe(true);
    expect((await focused(page)).indicated).toBe(true);
    expect(await page.textContent('#albums .widgetlib-inline-theirs')).toBe('Saved now: Changed elsewhere');
    expect(await page.textContent(ANNOUNCER)).toBe('');
    await press(page, 'Tab');
    expect(await isFocused(page, '#albums button.widgetlib-inline-take-theirs')).toBe(true);
    await press(page, 'Shift+Tab');
    await press(page, 'Enter');
    await waitForText(page, ANNOUNCER, 'Title saved.');
    expect(await isFocused(page, title)).toBe(true);
    expect(await page.textContent(title)).toBe('Mine by keyboard');
    expect(await count(`id = ${row} AND title = 'Mine by keyboard'`)).toBe(1);
  }, 120_000);
});
