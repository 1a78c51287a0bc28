import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { Help, HelpRevision, HelpUsageCounter } from '@widgetlib/nest';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { TEST_USER_HEADER, type TestUser } from '@widgetlib/test-support/test-app.js';
import { HELP_PANEL_VIEW_ID } from './help-panel-fixtures/help-panel-fixture.controller.js';
import { HELP_PANEL_CSRF_TOKEN } from './help-panel-fixtures/help-panel-page.html.js';
import { startHelpPanelApp, type HelpPanelApp } from './help-panel-fixtures/help-panel-test-app.js';

const USERS = {
  viewer: { permissions: ['widgetlib.view_help'] },
  author: { permissions: ['widgetlib.view_help', 'widgetlib.add_help'] },
  admin: { isSuperuser: true },
} satisfies Record<string, TestUser>;

const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const TOGGLE = '.widgetlib-palette-toggle';
const ENTRY = `${PANEL} .widgetlib-palette__entry`;
const PAGE_PATH = '/help-panel-fixture/albums/edit';
/** The page's labelled fields without help once `year` and `notes` have entries, in page order. */
const FIELDS_WITHOUT_HELP = [
  'Album name',
  'Genre',
  'Record label',
  'Catalogue number',
  'Producer',
  'Rating',
  'Barcode',
];

async function until(condition: () => Promise<boolean> | boolean, what: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('help panel authoring mode, deep links and usage in the browser', (kind) => {
  let app: HelpPanelApp;
  let quietApp: HelpPanelApp;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const entryIds = new Map<HelpPanelApp, { year: number; notes: number }>();
  /** The ids of the seeded entries in the host that records usage. */
  let ids: { year: number; notes: number };

  beforeAll(async () => {
    [app, quietApp, chromium] = await Promise.all([
      startHelpPanelApp(kind, { helpUsage: true }),
      startHelpPanelApp(kind),
      startChromium(),
    ]);
  });

  afterAll(async () => {
    await chromium?.close();
    await Promise.all([app?.close(), quietApp?.close()]);
  });

  beforeEach(async () => {
    for (const host of [app, quietApp]) {
      const { dataSource } = host.testApp;
      await dataSource.getRepository(HelpUsageCounter).clear();
      await dataSource.getRepository(HelpRevision).clear();
      const helps = dataSource.getRepository(Help);
      await helps.clear();
      const [year, notes] = await helps.save([
        helps.create({
          id_view: HELP_PANEL_VIEW_ID,
          question_name: 'year',
          help_title: 'Release year',
          help_text: '<p>Four digits.</p>',
        }),
        helps.create({
          id_view: HELP_PANEL_VIEW_ID,
          question_name: 'notes',
          help_title: 'Liner notes',
          help_text: '<p>Text from the sleeve.</p>',
        }),
      ]);
      entryIds.set(host, { year: year!.id, notes: notes!.id });
    }
    ids = entryIds.get(app)!;
    pageErrors.length = 0;
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors).toEqual([]);
  });

  const counters = (host: HelpPanelApp = app) => host.testApp.dataSource.getRepository(HelpUsageCounter);

  interface Tab {
    page: Page;
    /** The answers to the page's usage reports so far. */
    usageAnswers: { status: number; csrf: string | undefined }[];
    /** How many usage reports the page sent (answered or not). */
    usageRequests: () => number;
  }

  /** The album page for `user` (with `address` after the path), its entries loaded. */
  async function openPage(user: TestUser, address = '', host: HelpPanelApp = app): Promise<Tab> {
    const context = await chromium.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(user) },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const usageAnswers: Tab['usageAnswers'] = [];
    let usageRequests = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/help/usage/')) usageRequests += 1;
    });
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !request.url().endsWith('/help/usage/')) return;
      usageAnswers.push({ status: response.status(), csrf: request.headers()['x-csrf-token'] });
    });
    await page.goto(`${host.baseUrl}${PAGE_PATH}${address}`);
    await page.locator(`${ENTRY}[data-question-name=year]`).waitFor({ state: 'attached' });
    return { page, usageAnswers, usageRequests: () => usageRequests };
  }

  async function reportsAnswered({ usageAnswers }: Tab, count: number): Promise<void> {
    await until(() => usageAnswers.length >= count, `${count} usage reports`);
    expect(usageAnswers.length).toBe(count);
  }

  const entry = (page: Page, questionName: string) => page.locator(`${ENTRY}[data-question-name=${questionName}]`);
  const addButtons = (page: Page) => page.locator('main .widgetlib-help-add');
  const statusText = (page: Page) => page.locator(`${PANEL} .widgetlib-palette__status`).textContent();

  /** The entry is the one shown: highlighted, focused and in view. */
  async function expectShown(page: Page, questionName: string): Promise<void> {
    await until(
      () => page.evaluate(() => document.activeElement?.classList.contains('widgetlib-palette__entry') ?? false),
      'an entry focused',
    );
    const item = entry(page, questionName);
    expect(await item.getAttribute('aria-current')).toBe('true');
    expect(await item.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await item.isVisible()).toBe(true);
    expect(await page.locator(PANEL).isVisible()).toBe(true);
  }

  describe('authoring mode', () => {
    it('is offered only to users who may add help', async () => {
      const { page } = await openPage(USERS.viewer);
      await page.click(TOGGLE);
      expect(await page.getByRole('button', { name: 'Authoring mode' }).count()).toBe(0);
      expect(await addButtons(page).count()).toBe(0);
    });

    it('puts a named "+" after each field without help only, and removes them when left', async () => {
      const { page } = await openPage(USERS.author);
      await page.click(TOGGLE);
      const toggle = page.getByRole('button', { name: 'Authoring mode' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await addButtons(page).count()).toBe(0);
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await addButtons(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(
        FIELDS_WITHOUT_HELP.map((label) => `Add help for “${label}”`),
      );
      // The fields with help have their "?" and no "+".
      for (const label of ['Year', 'Liner notes']) {
        const next = page.locator(`main label:text-is("${label}") + *`);
        expect(await next.getAttribute('class')).toBe('widgetlib-help-icon');
      }
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await addButtons(page).count()).toBe(0);
    });

    it('"+" is reached by keyboard and opens the add form for its field; saved, the "+" becomes a "?"', async () => {
      const { page } = await openPage(USERS.author);
      await page.click(TOGGLE);
      await page.getByRole('button', { name: 'Authoring mode' }).click();
      await page.getByRole('button', { name: 'Close help' }).click();
      // The "+" follows its label: Tab from the year field (Year's "?" precedes it) reaches Genre's.
      await page.focus('#id_year');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Add help for “Genre”',
      );
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'New help entry' });
      expect(await form.getByLabel('Field').inputValue()).toBe('genre');
      await form.getByLabel('Title').fill('Genre');
      await form.getByRole('toolbar', { name: 'Formatting' }).waitFor();
      await form.getByRole('textbox', { name: 'Text', exact: true }).click();
      await page.keyboard.type('The main genre.');
      await form.getByRole('button', { name: 'Save' }).click();
      await entry(page, 'genre').waitFor();
      await page.getByRole('button', { name: 'Help: Genre' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add help for “Genre”' }).count()).toBe(0);
      expect(await addButtons(page).count()).toBe(FIELDS_WITHOUT_HELP.length - 1);
      expect(await app.testApp.dataSource.getRepository(Help).countBy({ question_name: 'genre' })).toBe(1);
    });
  });

  describe('deep links', () => {
    it('opens the entry of #help=<id>, then of each changed fragment', async () => {
      const tab = await openPage(USERS.viewer, `#help=${ids.notes}`);
      await expectShown(tab.page, 'notes');
      expect(await statusText(tab.page)).toBe('Showing help: Liner notes');
      await tab.page.evaluate((id) => (location.hash = `help=${id}`), ids.year);
      await until(async () => (await entry(tab.page, 'year').getAttribute('aria-current')) === 'true', 'year shown');
      await expectShown(tab.page, 'year');
    });

    it('opens the entry of ?help=<id>', async () => {
      const { page } = await openPage(USERS.viewer, `?help=${ids.year}`);
      await expectShown(page, 'year');
    });

    it('opens with a notice for an unknown or invalid id', async () => {
      const unknown = await openPage(USERS.viewer, '#help=99999');
      await until(async () => (await statusText(unknown.page)) !== 'Loading help…', 'the notice');
      expect(await unknown.page.locator(PANEL).isVisible()).toBe(true);
      expect(await statusText(unknown.page)).toBe('Help entry 99999 is not available on this page.');
      const invalid = await openPage(USERS.viewer, '?help=abc');
      await until(async () => (await statusText(invalid.page))?.includes('not valid') ?? false, 'the notice');
      expect(await statusText(invalid.page)).toBe('The help link of this address is not valid.');
    });

    it("gives each entry its link, which opens it on the page's address", async () => {
      const { page } = await openPage(USERS.viewer, '?tab=2');
      await page.click(TOGGLE);
      const link = entry(page, 'notes').getByRole('link', { name: 'Link to help “Liner notes”' });
      expect(await link.getAttribute('href')).toBe(`${app.baseUrl}${PAGE_PATH}?tab=2#help=${ids.notes}`);
      await link.click();
      await expectShown(page, 'notes');
    });
  });

  describe('usage', () => {
    it('records a "?" click (asked and opened) and each answer once, with the CSRF header', async () => {
      const tab = await openPage(USERS.viewer);
      const { page } = tab;
      await page.getByRole('button', { name: 'Help: Release year' }).click();
      await expectShown(page, 'year');
      await reportsAnswered(tab, 2);
      const year = entry(page, 'year');
      await year.getByRole('button', { name: 'Yes' }).click();
      await year.getByText('Thanks for your feedback.').waitFor();
      expect(await year.getByRole('button', { name: 'Yes' }).count()).toBe(0);
      const notes = entry(page, 'notes');
      await notes.getByRole('button', { name: 'No' }).click();
      await notes.getByText('Thanks for your feedback.').waitFor();
      await reportsAnswered(tab, 4);
      expect(tab.usageAnswers).toEqual(Array(4).fill({ status: 204, csrf: HELP_PANEL_CSRF_TOKEN }));

      const rows = await counters().find({ order: { id: 'ASC' } });
      expect(
        rows
          .map(({ kind, id_view, question_name, help_id, count }) => ({ kind, id_view, question_name, help_id, count }))
          .sort((a, b) => a.kind.localeCompare(b.kind)),
      ).toEqual([
        { kind: 'asked', id_view: HELP_PANEL_VIEW_ID, question_name: 'year', help_id: 0, count: 1 },
        { kind: 'helpful', id_view: HELP_PANEL_VIEW_ID, question_name: 'year', help_id: ids.year, count: 1 },
        { kind: 'not_helpful', id_view: HELP_PANEL_VIEW_ID, question_name: 'notes', help_id: ids.notes, count: 1 },
        { kind: 'opened', id_view: HELP_PANEL_VIEW_ID, question_name: 'year', help_id: ids.year, count: 1 },
      ]);
    });

    it('records a request for help on a field without any, and the summary counts every event', async () => {
      const tab = await openPage(USERS.viewer, `#help=${ids.notes}`);
      const { page } = tab;
      await expectShown(page, 'notes');
      const ask = page.getByRole('form', { name: 'No help for a field yet?' });
      expect(
        await ask
          .getByLabel('Help missing for')
          .evaluate((select: HTMLSelectElement) => [...select.options].map((o) => o.text)),
      ).toEqual(FIELDS_WITHOUT_HELP);
      await ask.getByLabel('Help missing for').selectOption('genre');
      await ask.getByRole('button', { name: 'Ask for help' }).click();
      await ask.getByText('Thanks: the authors will see that “Genre” needs help.').waitFor();
      // Asked once: Genre is no longer offered.
      expect(await ask.locator('option[value=genre]').count()).toBe(0);
      await entry(page, 'notes').getByRole('button', { name: 'No' }).click();
      await reportsAnswered(tab, 3);

      const admin = await openPage(USERS.admin);
      const summary = await admin.page.evaluate(async (view) => {
        const response = await fetch(`/help/usage/?id_view=${encodeURIComponent(view)}`);
        return { status: response.status, body: await response.json() };
      }, HELP_PANEL_VIEW_ID);
      expect(summary).toEqual({
        status: 200,
        body: {
          id_view: HELP_PANEL_VIEW_ID,
          most_opened: [{ help_id: ids.notes, question_name: 'notes', opened: 1, helpful: 0, not_helpful: 1 }],
          least_helpful: [{ help_id: ids.notes, question_name: 'notes', opened: 1, helpful: 0, not_helpful: 1 }],
          asked: [],
          missing: [{ question_name: 'genre', clicks: 1 }],
        },
      });
      expect(await counters().count()).toBe(3);
    });

    it('with usage off, sends and stores nothing and asks nothing', async () => {
      const tab = await openPage(USERS.viewer, `#help=${entryIds.get(quietApp)!.year}`, quietApp);
      const { page } = tab;
      await expectShown(page, 'year');
      await page.getByRole('button', { name: 'Help: Liner notes' }).click();
      await expectShown(page, 'notes');
      expect(await page.locator(`${PANEL} .widgetlib-palette__helpful`).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Yes' }).count()).toBe(0);
      expect(await page.locator(`${PANEL} .widgetlib-palette__ask-form`).count()).toBe(0);
      // A request of the page's own after the clicks: a report they sent would have gone before it.
      await page.evaluate(() => fetch('/help/?id_view=albums:edit'));
      expect(tab.usageRequests()).toBe(0);
      expect(await counters(quietApp).count()).toBe(0);
    });

    it('a configuration that does not say stops at the first 404 and hides the questions', async () => {
      const context = await chromium.newContext({
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(USERS.viewer) },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      // A host's own configuration, without `usage`, on a server that does not record usage.
      await page.route(`**${PAGE_PATH}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(',"usage":false', '') });
      });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/help/usage/')) posts.push(request.url());
      });
      await page.goto(`${quietApp.baseUrl}${PAGE_PATH}`);
      await page.click(TOGGLE);
      const year = entry(page, 'year');
      await year.getByRole('button', { name: 'Yes' }).click();
      await until(
        () =>
          page
            .locator(`${PANEL} .widgetlib-palette__helpful`)
            .count()
            .then((n) => n === 0),
        'questions hidden',
      );
      expect(await page.locator(`${PANEL} .widgetlib-palette__ask-form`).count()).toBe(0);
      await page.getByRole('button', { name: 'Help: Liner notes' }).click();
      await expectShown(page, 'notes');
      expect(posts).toHaveLength(1);
      expect(await counters(quietApp).count()).toBe(0);
    });
  });
});
