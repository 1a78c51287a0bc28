import type { BrowserContext, Page } from 'playwright-core';
import { escapeHtml } from '#rules/html-escape.js';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { Help } from '@widgetlib/nest';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { TEST_USER_HEADER, type TestUser } from '@widgetlib/test-support/test-app.js';
import { HELP_PANEL_VIEW_ID } from './help-panel-fixtures/help-panel-fixture.controller.js';
import { startCrossOriginHelpApi } from './help-panel-fixtures/cross-origin-help-api.js';
import { HELP_PANEL_CSRF_TOKEN } from './help-panel-fixtures/help-panel-page.html.js';
import { startHelpPanelApp, type HelpPanelApp } from './help-panel-fixtures/help-panel-test-app.js';
import {
  forbiddenParts,
  HARMLESS_HELP_HTML,
  HOSTILE_HELP_HTML,
  type ElementSummary,
} from '@widgetlib/test-support/help-html.corpus.js';
import { HOSTILE_URLS, LEGITIMATE_URLS } from '@widgetlib/test-support/url.corpus.js';

const VIEW_ENTRIES = [
  {
    question_name: 'name',
    help_title: 'Album name',
    help_text: '<p>The title printed on the <strong>cover</strong>.</p>',
  },
  { question_name: 'year', help_title: 'Release year', help_text: '<p>Four digits, for example 1999.</p>' },
  { question_name: 'genre', help_title: 'Género musical', help_text: '<p>Elige el género principal del álbum.</p>' },
  { question_name: 'label', help_title: 'Record label', help_text: '<p>The company that released the album.</p>' },
  {
    question_name: 'catalogue_number',
    help_title: 'Catalogue number',
    help_text: '<p>The number the label gave it.</p>',
  },
  { question_name: 'producer', help_title: 'Producer', help_text: '<p>Who produced the recording.</p>' },
  {
    question_name: 'notes',
    help_title: 'Liner notes',
    help_text: '<p>Text from the sleeve:</p><ul><li>credits</li><li>thanks</li></ul>',
  },
  { question_name: 'rating', help_title: 'Rating', help_text: '<p>Your rating, from one to five stars.</p>' },
].map((entry) => ({ id_view: HELP_PANEL_VIEW_ID, ...entry }));

const OTHER_VIEW_ENTRIES = [
  { id_view: 'artists:edit', question_name: 'name', help_title: 'Artist name', help_text: '<p>Another view.</p>' },
  { id_view: 'albums:list', question_name: 'year', help_title: 'Year filter', help_text: '<p>Another view.</p>' },
];

/** Titles in the order the API lists them (by question_name). */
const VIEW_TITLES = [...VIEW_ENTRIES]
  .sort((a, b) => a.question_name.localeCompare(b.question_name))
  .map((entry) => entry.help_title);

const USERS = {
  viewer: { permissions: ['widgetlib.view_help'] },
  editor: { permissions: ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help'] },
  admin: { isSuperuser: true },
} satisfies Record<string, TestUser>;

const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const TOGGLE = '.widgetlib-palette-toggle';
const ENTRY = `${PANEL} .widgetlib-palette__entry`;
const VISIBLE_ENTRY = `${ENTRY}:not([hidden])`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

describeEachDatabase('help panel in the browser', (kind) => {
  let app: HelpPanelApp;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startHelpPanelApp(kind), startChromium()]);
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  beforeEach(async () => {
    const repository = app.testApp.dataSource.getRepository(Help);
    await repository.clear();
    await repository.save([...VIEW_ENTRIES, ...OTHER_VIEW_ENTRIES].map((entry) => repository.create(entry)));
    pageErrors.length = 0;
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors).toEqual([]);
  });

  const helps = () => app.testApp.dataSource.getRepository(Help);

  /**
   * Stores entries as an import or a direct database write would: without the entity's listeners,
   * so without the server's sanitising. Only the browser's sanitiser then stands between them and the page.
   */
  async function insertUnsanitised(
    entries: ReadonlyArray<Pick<Help, 'question_name' | 'help_title' | 'help_text'>>,
  ): Promise<void> {
    await helps()
      .createQueryBuilder()
      .insert()
      .values(entries.map((entry) => ({ id_view: HELP_PANEL_VIEW_ID, ...entry })))
      .callListeners(false)
      .execute();
  }

  /** A fresh browser profile for `user`, authenticated the way the test host reads users. */
  async function newContext(user: TestUser, viewport = { width: 1280, height: 720 }): Promise<BrowserContext> {
    const context = await chromium.newContext({
      viewport,
      extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(user) },
    });
    contexts.push(context);
    return context;
  }

  /** Opens the album page and waits until the panel has loaded the view's entries. */
  async function loadPage(context: BrowserContext, page?: Page, query = ''): Promise<Page> {
    const tab = page ?? (await context.newPage());
    if (!page) tab.on('pageerror', (error) => pageErrors.push(String(error)));
    await tab.goto(`${app.baseUrl}/help-panel-fixture/albums/edit${query}`);
    await tab.waitForFunction((panel) => {
      const status = document.querySelector(`${panel} .widgetlib-palette__status`)?.textContent ?? '';
      return status !== '' && status !== 'Loading help…';
    }, PANEL);
    return tab;
  }

  async function openPanel(page: Page): Promise<void> {
    await page.click(TOGGLE);
    await page.waitForSelector(`${PANEL}:not([hidden])`);
  }

  async function visibleTitles(page: Page): Promise<string[]> {
    return page.$$eval(`${VISIBLE_ENTRY} .widgetlib-palette__entry-title`, (titles) =>
      titles.map((title) => title.textContent ?? ''),
    );
  }

  async function panelBox(page: Page): Promise<Box> {
    const box = await page.locator(PANEL).boundingBox();
    if (!box) throw new Error('the panel is not shown');
    return box;
  }

  /** The focused element: its id (without the panel's id prefix), else its accessible label. */
  async function activeElement(page: Page): Promise<string> {
    return page.evaluate((panel) => {
      const active = document.activeElement as HTMLElement | null;
      const prefix = `${document.querySelector(panel)!.id}-`;
      if (active?.id) return active.id.startsWith(prefix) ? active.id.slice(prefix.length) : active.id;
      return active?.getAttribute('aria-label') || active?.className || '';
    }, PANEL);
  }

  async function searchFor(page: Page, text: string): Promise<void> {
    await page.fill(`${PANEL} input[type=search]`, text);
  }

  function entryBy(page: Page, questionName: string) {
    return page.locator(`${ENTRY}[data-question-name="${questionName}"]`);
  }

  async function dragBy(page: Page, selector: string, dx: number, dy: number): Promise<void> {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${selector} is not shown`);
    const x = box.x + Math.min(box.width / 2, 20);
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 8 });
    await page.mouse.up();
  }

  function expectInside(box: Box, viewport: { width: number; height: number }): void {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }

  it('opens and closes from the footer icon, keeping aria-expanded and focus in step', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');
    expect(await page.isHidden(PANEL)).toBe(true);

    await openPanel(page);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('true');
    expect(await page.getAttribute(PANEL, 'role')).toBe('dialog');
    expect(await activeElement(page)).toBe('search');
    expectInside(await panelBox(page), { width: 1280, height: 720 });
    await page.screenshot({ path: `/tmp/help-panel-${kind}-open-panel.png` });

    await page.getByRole('button', { name: 'Close help' }).click();
    expect(await page.isHidden(PANEL)).toBe(true);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');
    expect(await page.evaluate((toggle) => document.activeElement === document.querySelector(toggle), TOGGLE)).toBe(
      true,
    );

    await page.click(TOGGLE);
    expect(await page.isVisible(PANEL)).toBe(true);
    await page.click(TOGGLE);
    expect(await page.isHidden(PANEL)).toBe(true);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');
  });

  it('loads the parts a user needs: readers the sanitiser only, authors the authoring part too', async () => {
    const partsLoaded = async (user: TestUser) => {
      const context = await newContext(user);
      const parts: string[] = [];
      context.on('request', (request) => {
        const part = /\/widgetlib\.([a-z-]+)\.min\.js/.exec(request.url())?.[1];
        if (part) parts.push(part);
      });
      const page = await loadPage(context);
      await openPanel(page);
      return parts.sort();
    };
    expect(await partsLoaded(USERS.viewer)).toEqual(['help-text']);
    expect(await partsLoaded(USERS.editor)).toEqual(['help-authoring', 'help-text']);
  });

  it("says in the panel's words when its sanitiser cannot be loaded, and lists nothing unsanitised", async () => {
    const context = await newContext(USERS.viewer);
    await context.route('**/widgetlib.help-text.min.js*', (route) => route.fulfill({ status: 404, body: '' }));
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/help-panel-fixture/albums/edit`);
    await openPanel(page);
    const error = page.locator(`${PANEL} .widgetlib-palette__error`);
    await error.waitFor();
    expect(await error.textContent()).toBe('Part of the help panel could not be loaded; reload the page to try again.');
    expect(await page.locator(ENTRY).count()).toBe(0);
  });

  it('lists only the entries of the current view', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    await openPanel(page);
    expect(await visibleTitles(page)).toEqual(VIEW_TITLES);
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('8 entries');
  });

  it('search narrows the list by title and text, ignoring case and accents', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    await openPanel(page);

    await searchFor(page, 'GENERO');
    expect(await visibleTitles(page)).toEqual(['Género musical']);
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('1 of 8 entries match');

    await searchFor(page, 'four digits');
    expect(await visibleTitles(page)).toEqual(['Release year']);

    await searchFor(page, 'album');
    expect(await visibleTitles(page)).toEqual(['Género musical', 'Record label', 'Album name']);

    await searchFor(page, 'strong');
    expect(await visibleTitles(page)).toEqual([]);
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('No entry matches the search.');

    await searchFor(page, '');
    expect(await visibleTitles(page)).toEqual(VIEW_TITLES);
  });

  it('drags by the header, resizes from the handle, and stays inside the viewport', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    await openPanel(page);
    // From the top left corner (where the panel first opens depends on the page around it).
    await dragBy(page, `${PANEL} .widgetlib-palette__title`, -2000, -2000);
    const start = await panelBox(page);

    await dragBy(page, `${PANEL} .widgetlib-palette__title`, 300, 120);
    const moved = await panelBox(page);
    expect(moved.x).toBeCloseTo(start.x + 300, 0);
    expect(moved.y).toBeCloseTo(start.y + 120, 0);
    expect(moved.width).toBe(start.width);

    await dragBy(page, `${PANEL} .widgetlib-palette__resize`, 90, 60);
    const resized = await panelBox(page);
    expect(resized.width).toBeCloseTo(moved.width + 90, 0);
    expect(resized.height).toBeCloseTo(moved.height + 60, 0);
    expect(resized.x).toBe(moved.x);

    await dragBy(page, `${PANEL} .widgetlib-palette__title`, -2000, -2000);
    const cornered = await panelBox(page);
    expectInside(cornered, { width: 1280, height: 720 });
    expect(cornered.x).toBeLessThan(20);
    expect(cornered.y).toBeLessThan(20);

    await dragBy(page, `${PANEL} .widgetlib-palette__resize`, 3000, 3000);
    expectInside(await panelBox(page), { width: 1280, height: 720 });

    await page.setViewportSize({ width: 640, height: 420 });
    await page.waitForFunction(
      (panel) => document.querySelector(panel)!.getBoundingClientRect().right <= document.documentElement.clientWidth,
      PANEL,
    );
    expectInside(await panelBox(page), { width: 640, height: 420 });
  });

  it('remembers position and size across page loads', async () => {
    const context = await newContext(USERS.viewer);
    const page = await loadPage(context);
    await openPanel(page);
    await dragBy(page, `${PANEL} .widgetlib-palette__title`, 400, -150);
    await dragBy(page, `${PANEL} .widgetlib-palette__resize`, 60, -40);
    const chosen = await panelBox(page);

    await loadPage(context, page);
    await openPanel(page);
    expect(await panelBox(page)).toEqual(chosen);
  });

  it('puts a question-mark icon after each label with an entry; clicking it highlights the entry and keeps the others', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    const icons = page.locator('main .widgetlib-help-icon');
    expect(await icons.count()).toBe(8);
    expect(await page.locator('label[for=id_barcode] + .widgetlib-help-icon').count()).toBe(0);
    expect(await page.getAttribute('label[for=id_year] + .widgetlib-help-icon', 'aria-label')).toBe(
      'Help: Release year',
    );

    await page.getByRole('button', { name: 'Help: Rating', exact: true }).click();
    await page.waitForSelector(`${PANEL}:not([hidden])`);
    const rating = entryBy(page, 'rating');
    expect(await rating.getAttribute('class')).toContain('widgetlib-palette__entry--highlighted');
    expect(await rating.getAttribute('aria-current')).toBe('true');
    expect(await rating.evaluate((item) => document.activeElement === item)).toBe(true);
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('Showing help: Rating');
    const body = (await page.locator(`${PANEL} .widgetlib-palette__body`).boundingBox())!;
    const shown = (await rating.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(body.y);
    expect(shown.y + shown.height).toBeLessThanOrEqual(body.y + body.height);
    await page.screenshot({ path: `/tmp/help-panel-${kind}-highlighted-entry.png` });

    expect(await visibleTitles(page)).toEqual(VIEW_TITLES);
    expect(await page.locator(`${ENTRY}.widgetlib-palette__entry--highlighted`).count()).toBe(1);
    const first = entryBy(page, 'catalogue_number');
    await first.scrollIntoViewIfNeeded();
    const firstBox = (await first.boundingBox())!;
    expect(firstBox.y).toBeGreaterThanOrEqual(body.y);

    await page.keyboard.press('Escape');
    expect(await page.isHidden(PANEL)).toBe(true);
    expect(await activeElement(page)).toBe('Help: Rating');

    // The label wrapping its field matches by the field's name; a search hiding the entry is cleared.
    await page.click(TOGGLE);
    await searchFor(page, 'rating');
    await page.click(TOGGLE);
    await page.getByRole('button', { name: 'Help: Record label', exact: true }).click();
    expect(await entryBy(page, 'label').getAttribute('aria-current')).toBe('true');
    expect(await entryBy(page, 'rating').getAttribute('aria-current')).toBeNull();
    expect(await visibleTitles(page)).toEqual(VIEW_TITLES);
  });

  it.each([
    ['a viewer', USERS.viewer, { add: 0, edit: 0, delete: 0 }],
    ['an editor (view, add, change)', USERS.editor, { add: 1, edit: 8, delete: 0 }],
    ['an admin', USERS.admin, { add: 1, edit: 8, delete: 8 }],
  ])('shows %s only the controls the permissions grant', async (_who, user, expected) => {
    const page = await loadPage(await newContext(user));
    await openPanel(page);
    expect({
      add: await page.locator(`${PANEL} .widgetlib-palette__add`).count(),
      edit: await page.locator(`${PANEL} .widgetlib-palette__edit`).count(),
      delete: await page.locator(`${PANEL} .widgetlib-palette__delete`).count(),
    }).toEqual(expected);
  });

  it('adds an entry for the current view, for a field chosen from the page', async () => {
    const page = await loadPage(await newContext(USERS.editor));
    await openPanel(page);
    await page.getByRole('button', { name: 'Add help' }).click();
    const field = page.getByLabel('Field');
    expect(await activeElement(page)).toBe('add-question');
    expect(await field.locator('option[value=name]').isDisabled()).toBe(true);
    expect(await field.locator('option[value=barcode]').isDisabled()).toBe(false);
    expect(await field.locator('option').allTextContents()).toContain('Album name (has help)');

    await field.selectOption('barcode');
    await page.getByLabel('Title').fill('Barcode number');
    // Typed into the rich-text editor (once it has loaded), italics by its keyboard shortcut.
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('The ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('EAN');
    await page.keyboard.press('Control+i');
    await page.keyboard.type(' under the bars.');
    await page.getByRole('button', { name: 'Save' }).click();
    await entryBy(page, 'barcode').waitFor();

    const stored = await helps().findOneByOrFail({ question_name: 'barcode' });
    expect(stored).toMatchObject({
      id_view: HELP_PANEL_VIEW_ID,
      help_title: 'Barcode number',
      help_text: '<p>The <em>EAN</em> under the bars.</p>',
    });
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('Help saved.');
    expect(await entryBy(page, 'barcode').getAttribute('aria-current')).toBe('true');
    expect(await page.getAttribute('label[for=id_barcode] + .widgetlib-help-icon', 'aria-label')).toBe(
      'Help: Barcode number',
    );
    expect(await page.locator(`${PANEL} form`).count()).toBe(0);
  });

  it('edits an entry', async () => {
    const page = await loadPage(await newContext(USERS.editor));
    await openPanel(page);
    await page.getByRole('button', { name: 'Edit help “Release year”' }).click();
    const form = entryBy(page, 'year').locator('form');
    expect(await form.getByLabel('Title').inputValue()).toBe('Release year');
    await form.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    const text = form.getByRole('textbox', { name: 'Text', exact: true });
    expect(await text.innerHTML()).toBe('<p>Four digits, for example 1999.</p>');
    expect(await activeElement(page)).toBe(`edit-${await idOf('year')}-title`);
    await form.getByLabel('Title').fill('Year of release');
    await text.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('As printed on the sleeve.');
    await page.screenshot({ path: `/tmp/help-panel-${kind}-edit-form.png` });
    await form.getByRole('button', { name: 'Save' }).click();
    // The panel closes the form, then reloads the entries and only then says so.
    await page.waitForFunction(
      (panel) => document.querySelector(`${panel} [role=status]`)?.textContent === 'Help saved.',
      PANEL,
    );
    expect(await page.locator(`${ENTRY}[data-question-name=year] form`).count()).toBe(0);

    const stored = await helps().findOneByOrFail({ id_view: HELP_PANEL_VIEW_ID, question_name: 'year' });
    expect(stored).toMatchObject({ help_title: 'Year of release', help_text: '<p>As printed on the sleeve.</p>' });
    expect(await entryBy(page, 'year').locator('.widgetlib-palette__entry-title').textContent()).toBe(
      'Year of release',
    );
    expect(await page.getAttribute('label[for=id_year] + .widgetlib-help-icon', 'aria-label')).toBe(
      'Help: Year of release',
    );
    expect(await helps().count()).toBe(VIEW_ENTRIES.length + OTHER_VIEW_ENTRIES.length);
  });

  async function idOf(questionName: string): Promise<number> {
    return (await helps().findOneByOrFail({ id_view: HELP_PANEL_VIEW_ID, question_name: questionName })).id;
  }

  it('deletes only the chosen entry', async () => {
    const page = await loadPage(await newContext(USERS.admin));
    await openPanel(page);
    const yearId = await idOf('year');
    await page.getByRole('button', { name: 'Delete help “Release year”' }).click();
    await page
      .getByRole('group', { name: 'Delete “Release year”?' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await entryBy(page, 'year').waitFor({ state: 'detached' });

    expect(await helps().findOneBy({ id: yearId })).toBeNull();
    const remaining = await helps().find({ order: { id: 'ASC' } });
    expect(remaining.map(({ id_view, question_name }) => `${id_view}/${question_name}`).sort()).toEqual(
      [...VIEW_ENTRIES, ...OTHER_VIEW_ENTRIES]
        .filter((entry) => !(entry.id_view === HELP_PANEL_VIEW_ID && entry.question_name === 'year'))
        .map(({ id_view, question_name }) => `${id_view}/${question_name}`)
        .sort(),
    );
    expect(await visibleTitles(page)).toEqual(VIEW_TITLES.filter((title) => title !== 'Release year'));
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('Help deleted.');
    expect(await page.locator('label[for=id_year] + .widgetlib-help-icon').count()).toBe(0);
  });

  it("shows the server's message when a write fails and keeps what the user typed", async () => {
    const page = await loadPage(await newContext(USERS.editor));
    await openPanel(page);
    await page.getByRole('button', { name: 'Add help' }).click();
    await page.getByLabel('Field').selectOption('barcode');
    await page.getByLabel('Title').fill('My barcode help');
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('Typed with care');
    // Someone else documents the same field meanwhile: the API answers 409.
    await helps().save(
      helps().create({ id_view: HELP_PANEL_VIEW_ID, question_name: 'barcode', help_title: 'Theirs', help_text: '' }),
    );

    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.locator(`${PANEL} form [role=alert]`);
    await alert.getByText('already exists').waitFor();
    expect(await alert.textContent()).toBe(
      `A help entry for id_view "${HELP_PANEL_VIEW_ID}" and question_name "barcode" already exists`,
    );
    expect(await page.getByLabel('Field').inputValue()).toBe('barcode');
    expect(await page.getByLabel('Title').inputValue()).toBe('My barcode help');
    expect(await page.getByRole('textbox', { name: 'Text', exact: true }).innerHTML()).toBe('<p>Typed with care</p>');
    expect(await helps().countBy({ question_name: 'barcode' })).toBe(1);
  });

  it("sends the host's CSRF token with writes", async () => {
    const page = await loadPage(await newContext(USERS.admin));
    await openPanel(page);
    await page.evaluate(() =>
      document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'stale-token'),
    );
    await page.getByRole('button', { name: 'Delete help “Rating”' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await entryBy(page, 'rating').locator('[role=alert]').getByText('Invalid CSRF token').waitFor();
    expect(await helps().countBy({ id_view: HELP_PANEL_VIEW_ID, question_name: 'rating' })).toBe(1);

    await page.evaluate(() =>
      document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'help-panel-test-csrf-token'),
    );
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await entryBy(page, 'rating').waitFor({ state: 'detached' });
    expect(await helps().countBy({ id_view: HELP_PANEL_VIEW_ID, question_name: 'rating' })).toBe(0);
  });

  it('sends no CSRF token when help_url names another origin', async () => {
    const elsewhere = await startCrossOriginHelpApi();
    try {
      const context = await newContext(USERS.admin);
      // The page of a host whose help API is on another origin (another port of 127.0.0.1).
      const page = await loadPage(context, undefined, `?help_url=${encodeURIComponent(`${elsewhere.baseUrl}/help/`)}`);
      expect(await page.getAttribute('meta[name="csrf-token"]', 'content')).toBe(HELP_PANEL_CSRF_TOKEN);
      await openPanel(page);
      await page.getByRole('button', { name: 'Add help' }).click();
      await page.getByLabel('Field').selectOption('barcode');
      await page.getByLabel('Title').fill('Barcode number');
      await page.getByRole('button', { name: 'Save' }).click();
      await entryBy(page, 'barcode').waitFor();
      await page.getByRole('button', { name: 'Delete help “Barcode number”' }).click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await entryBy(page, 'barcode').waitFor({ state: 'detached' });

      const writes = elsewhere.requests.filter(({ method }) => method === 'POST' || method === 'DELETE');
      // The page's labelled fields go to the help coverage first (also a POST, also without the token).
      expect(writes.map(({ method, url }) => `${method} ${url}`)).toEqual([
        'POST /help/coverage/fields/',
        'POST /help/',
        'DELETE /help/1/',
      ]);
      expect(JSON.parse(writes[1]!.body)).toMatchObject({ id_view: HELP_PANEL_VIEW_ID, question_name: 'barcode' });
      for (const { headers } of elsewhere.requests) {
        expect(headers['x-csrf-token']).toBeUndefined();
        expect(JSON.stringify(headers)).not.toContain(HELP_PANEL_CSRF_TOKEN);
      }
      expect(await helps().countBy({ question_name: 'barcode' })).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('never runs script from a hostile title, text or field name', async () => {
    const title = `<img src=x onerror="window.__widgetlibPwned='title'">Hostile`;
    await insertUnsanitised([
      {
        question_name: 'barcode',
        help_title: title,
        help_text:
          `<p>Safe part</p><img src=x onerror="window.__widgetlibPwned='text'">` +
          `<script>window.__widgetlibPwned='script'</script>` +
          `<a href="javascript:window.__widgetlibPwned='link'">a link</a>` +
          `<svg><animate onbegin="window.__widgetlibPwned='svg'" attributeName="x" dur="1s"></animate></svg>` +
          `<iframe srcdoc="<script>parent.__widgetlibPwned='iframe'</script>"></iframe>`,
      },
      {
        question_name: `"><img src=x onerror="window.__widgetlibPwned='question'">`,
        help_title: 'Odd field',
        help_text: '',
      },
    ]);
    const page = await loadPage(await newContext(USERS.admin));
    // The flag works: the same payload unsanitised does run in this page.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', `<img src=x onerror="window.__control='ran'">`),
    );
    await page.waitForFunction(() => (window as unknown as { __control?: string }).__control === 'ran');

    await page.getByRole('button', { name: `Help: ${title}`, exact: true }).click();
    const hostile = entryBy(page, 'barcode');
    expect(await hostile.locator('.widgetlib-palette__entry-title').textContent()).toBe(title);
    const text = hostile.locator('.widgetlib-palette__text');
    expect(await text.locator('script, iframe, [onerror], [onbegin]').count()).toBe(0);
    expect(await text.locator('a').getAttribute('href')).toBeNull();
    await text.locator('a').click();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await hostile.getByRole('button', { name: `Edit help “${title}”` }).click();
    expect(await hostile.locator('form').getByLabel('Title').inputValue()).toBe(title);
    expect(await page.locator(`${PANEL} .widgetlib-palette__question`).allTextContents()).toContain(
      `"><img src=x onerror="window.__widgetlibPwned='question'">`,
    );
    expect(
      await page.evaluate(() => (window as unknown as { __widgetlibPwned?: string }).__widgetlibPwned),
    ).toBeUndefined();
  });

  it("shows help text through the server's allowlist: nothing runs, restyles or leads to another host", async () => {
    const entries = [
      ...HOSTILE_HELP_HTML.map((html, index) => ({ question_name: `hostile_${index}`, help_text: html })),
      ...HOSTILE_URLS.map((url, index) => ({
        question_name: `url_${index}`,
        help_text: `<a href="${escapeHtml(url)}">link</a><img src="${escapeHtml(url)}" alt="image">`,
      })),
      { question_name: 'fine', help_text: HARMLESS_HELP_HTML.join('') },
    ];
    await insertUnsanitised(entries.map((entry) => ({ help_title: entry.question_name, ...entry })));
    expect(
      await helps().countBy({
        question_name: 'url_1',
        help_text: `<a href="\\\\evil.example">link</a><img src="\\\\evil.example" alt="image">`,
      }),
    ).toBe(1);
    const page = await loadPage(await newContext(USERS.viewer));
    await openPanel(page);
    expect(await page.locator(ENTRY).count()).toBe(VIEW_ENTRIES.length + entries.length);

    const shown = await page.$$eval(`${ENTRY} .widgetlib-palette__text *`, (elements) =>
      elements.map((element): ElementSummary => ({
        tag: element.localName,
        namespace: element.namespaceURI,
        attributes: [...element.attributes].map((attribute) => [attribute.name, attribute.value] as const),
      })),
    );
    expect(forbiddenParts(shown)).toEqual([]);

    // Where Chromium would go: no link or image of the URL entries leaves the page's host.
    const pageHost = new URL(app.baseUrl).host;
    const targets = await page.$$eval(
      `${ENTRY}[data-question-name^="url_"] .widgetlib-palette__text :is(a, img)`,
      (elements) =>
        elements.map((element) =>
          element instanceof HTMLAnchorElement ? element.href : (element as HTMLImageElement).src,
        ),
    );
    expect(targets).toHaveLength(HOSTILE_URLS.length * 2);
    expect(targets.filter((target) => target !== '' && new URL(target).host !== pageHost)).toEqual([]);

    const fine = entryBy(page, 'fine').locator('.widgetlib-palette__text');
    const pageUrl = page.url();
    expect(
      await fine.locator('a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href)),
    ).toEqual([
      'https://example.com/docs?a=1&b=2',
      'http://example.com/',
      'mailto:help@example.com',
      new URL('/relative/page', pageUrl).href,
      ...LEGITIMATE_URLS.map((url) => new URL(url, pageUrl).href),
    ]);
    expect(
      await fine.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src)),
    ).toEqual(['https://example.com/a.png', new URL('/static/relative.png', pageUrl).href]);
  });

  it("shows the host's words instead of the default ones", async () => {
    const context = await newContext(USERS.admin);
    await context.addInitScript(() => {
      (window as unknown as { helpPanelSettings: unknown }).helpPanelSettings = {
        fieldIconClass: 'fa fa-question-circle',
        texts: {
          title: 'Ayuda',
          close: 'Cerrar la ayuda',
          searchLabel: 'Buscar en la ayuda',
          searchPlaceholder: 'Buscar…',
          add: 'Añadir',
          edit: 'Editar',
          editEntry: (title: string) => `Editar «${title}»`,
          delete: 'Borrar',
          count: (shown: number, total: number) => `${shown} de ${total}`,
          fieldHelp: (title: string) => `Ayuda: ${title}`,
        },
      };
    });
    const page = await loadPage(context);
    await page.getByRole('button', { name: 'Ayuda: Rating', exact: true }).click();
    expect(await page.textContent(`${PANEL} .widgetlib-palette__title`)).toBe('Ayuda');
    expect(await page.getAttribute(`${PANEL} input[type=search]`, 'placeholder')).toBe('Buscar…');
    expect(await page.getByLabel('Buscar en la ayuda').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cerrar la ayuda' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Añadir' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Editar «Rating»' }).textContent()).toBe('Editar');
    expect(await page.locator(`${PANEL} .widgetlib-palette__delete`).first().textContent()).toBe('Borrar');
    expect(await page.locator('label[for=id_rating] + .widgetlib-help-icon > span').getAttribute('class')).toBe(
      'fa fa-question-circle',
    );
    await searchFor(page, 'r');
    expect(await page.textContent(`${PANEL} [role=status]`)).toMatch(/^\d+ de 8$/);
  });

  it('works by keyboard alone: open, search, move, resize, close', async () => {
    const page = await loadPage(await newContext(USERS.viewer));
    await page.keyboard.press('Tab');
    expect(await page.evaluate((toggle) => document.activeElement === document.querySelector(toggle), TOGGLE)).toBe(
      true,
    );
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${PANEL}:not([hidden])`);
    expect(await activeElement(page)).toBe('search');
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('true');

    await page.keyboard.type('liner');
    expect(await visibleTitles(page)).toEqual(['Liner notes']);
    expect(await page.textContent(`${PANEL} [role=status]`)).toBe('1 of 8 entries match');

    const before = await panelBox(page);
    await page.keyboard.press('Shift+Tab');
    expect(await activeElement(page)).toBe('Close help');
    await page.keyboard.press('Shift+Tab');
    expect(await activeElement(page)).toBe('Move help panel');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Shift+ArrowUp');
    const moved = await panelBox(page);
    expect(moved.y).toBe(before.y - 60);
    expect(moved.x).toBe(before.x);

    await page.focus(`${PANEL} .widgetlib-palette__resize`);
    expect(await activeElement(page)).toBe('Resize help panel');
    await page.keyboard.press('ArrowDown');
    expect((await panelBox(page)).height).toBe(moved.height + 10);

    await page.keyboard.press('Escape');
    expect(await page.isHidden(PANEL)).toBe(true);
    expect(await page.getAttribute(TOGGLE, 'aria-expanded')).toBe('false');
    expect(await page.evaluate((toggle) => document.activeElement === document.querySelector(toggle), TOGGLE)).toBe(
      true,
    );

    await page.keyboard.press('Enter');
    expect(await page.inputValue(`${PANEL} input[type=search]`)).toBe('liner');
    expect(await visibleTitles(page)).toEqual(['Liner notes']);
  });
});
