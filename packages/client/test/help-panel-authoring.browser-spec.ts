import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { Help, HelpRevision } from '@widgetlib/nest';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { TEST_USER_HEADER, type TestUser } from '@widgetlib/test-support/test-app.js';
import { HELP_PANEL_VIEW_ID } from './help-panel-fixtures/help-panel-fixture.controller.js';
import { startHelpPanelApp, type HelpPanelApp } from './help-panel-fixtures/help-panel-test-app.js';

const ADMIN: TestUser = { isSuperuser: true };
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const TOGGLE = '.widgetlib-palette-toggle';
const ENTRY = `${PANEL} .widgetlib-palette__entry`;
const TEXT_LABEL = 'Text';

describeEachDatabase('help panel authoring in the browser', (kind) => {
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

  const helps = () => app.testApp.dataSource.getRepository(Help);

  beforeEach(async () => {
    await helps().clear();
    await helps().save(
      helps().create({
        id_view: HELP_PANEL_VIEW_ID,
        question_name: 'year',
        help_title: 'Release year',
        help_text: '<p>Four digits.</p>',
      }),
    );
    // MySQL/MariaDB reuse ids after a clear: the revisions of earlier tests' entries go too, and the
    // seed's own creation, so that each test sees only the revisions it makes.
    await app.testApp.dataSource.getRepository(HelpRevision).clear();
    pageErrors.length = 0;
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors).toEqual([]);
  });

  interface PageOptions {
    user?: TestUser;
    /** The page's `<html lang>` instead of `en`; `''` removes it. */
    htmlLang?: string;
    /** The browser's language (its `Accept-Language`). */
    locale?: string;
    /** `window.helpPanelSettings` of the page. */
    settings?: object;
  }

  /** A page of its own browser profile with the panel open and the view's entries loaded. */
  async function openPanelPage({ user = ADMIN, htmlLang, locale, settings }: PageOptions = {}): Promise<Page> {
    const context = await chromium.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(user) },
      ...(locale ? { locale } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    if (settings) await page.addInitScript((value) => Object.assign(window, { helpPanelSettings: value }), settings);
    if (htmlLang !== undefined) {
      await page.route('**/help-panel-fixture/albums/edit', async (route) => {
        const response = await route.fetch();
        const lang = htmlLang ? ` lang="${htmlLang}"` : '';
        await route.fulfill({ response, body: (await response.text()).replace('<html lang="en">', `<html${lang}>`) });
      });
    }
    await page.goto(`${app.baseUrl}/help-panel-fixture/albums/edit`);
    await page.click(TOGGLE);
    await page.locator(`${ENTRY}[data-question-name=year]`).waitFor();
    return page;
  }

  const entry = (page: Page) => page.locator(`${ENTRY}[data-question-name=year]`);
  const stored = () => helps().findOneByOrFail({ id_view: HELP_PANEL_VIEW_ID, question_name: 'year' });

  async function statusIs(page: Page, text: string): Promise<void> {
    await page.waitForFunction(
      ([panel, expected]) => document.querySelector(`${panel} [role=status]`)?.textContent === expected,
      [PANEL, text] as const,
    );
  }

  /** Both pages open the edit form; the first saves its change; the second types its own and saves. */
  async function editConcurrently(): Promise<{ first: Page; second: Page }> {
    const [first, second] = await Promise.all([openPanelPage(), openPanelPage()]);
    for (const page of [first, second]) await page.getByRole('button', { name: 'Edit help “Release year”' }).click();
    const firstForm = entry(first).locator('form');
    await firstForm.getByLabel('Title').fill('Year (first author)');
    await firstForm.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await firstForm.getByRole('textbox', { name: TEXT_LABEL, exact: true }).click();
    await first.keyboard.press('Control+a');
    await first.keyboard.type('First author.');
    await firstForm.getByRole('button', { name: 'Save' }).click();
    await statusIs(first, 'Help saved.');

    const secondForm = entry(second).locator('form');
    await secondForm.getByLabel('Title').fill('Year (second author)');
    await secondForm.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await secondForm.getByRole('textbox', { name: TEXT_LABEL, exact: true }).click();
    await second.keyboard.press('Control+a');
    await second.keyboard.type('Second ');
    await second.getByRole('button', { name: 'Italic' }).click();
    await second.keyboard.type('author');
    await second.keyboard.press('Control+i');
    await second.keyboard.type('.');
    await secondForm.getByRole('button', { name: 'Save' }).click();
    await secondForm.locator('.widgetlib-palette__conflict').waitFor();
    return { first, second };
  }

  it('shows the second author the conflict with their text kept; "Overwrite" saves theirs', async () => {
    const { second } = await editConcurrently();
    const form = entry(second).locator('form');
    const conflict = form.getByRole('group', { name: /Someone else changed this help/ });
    expect(await form.getByLabel('Title').inputValue()).toBe('Year (second author)');
    // The editor still shows the author's text, and its HTML is what "Overwrite" saves.
    expect(await form.getByRole('textbox', { name: TEXT_LABEL, exact: true }).innerHTML()).toBe(
      '<p>Second <em>author</em>.</p>',
    );
    expect(await conflict.locator('.widgetlib-palette__conflict-theirs').innerText()).toContain('Year (first author)');
    expect(await conflict.locator('.widgetlib-palette__conflict-theirs').innerText()).toContain('First author.');
    expect(await conflict.locator('.widgetlib-palette__conflict-mine').innerText()).toContain('Year (second author)');
    expect(await form.locator('[aria-live=assertive]').innerText()).toContain('Someone else changed this help');
    // The stored entry is the first author's: nothing was overwritten without a word.
    expect(await stored()).toMatchObject({ help_title: 'Year (first author)', help_text: '<p>First author.</p>' });
    // Focus is on "Overwrite"; Enter chooses it.
    expect(await second.evaluate(() => document.activeElement?.textContent)).toBe('Overwrite');
    await second.keyboard.press('Enter');
    await statusIs(second, 'Help saved.');
    expect(await stored()).toMatchObject({
      help_title: 'Year (second author)',
      help_text: '<p>Second <em>author</em>.</p>',
    });
    expect(await entry(second).locator('form').count()).toBe(0);
    expect(await entry(second).locator('.widgetlib-palette__entry-title').textContent()).toBe('Year (second author)');
  });

  it('"Discard mine" keeps the saved entry and shows it', async () => {
    const { second } = await editConcurrently();
    await entry(second).getByRole('button', { name: 'Discard mine' }).click();
    await statusIs(second, 'Your changes were discarded; the saved help is shown.');
    expect(await entry(second).locator('form').count()).toBe(0);
    expect(await entry(second).locator('.widgetlib-palette__entry-title').textContent()).toBe('Year (first author)');
    expect(await stored()).toMatchObject({ help_title: 'Year (first author)', help_text: '<p>First author.</p>' });
  });

  it('a delete of an entry changed in between asks again and deletes only when confirmed again', async () => {
    const page = await openPanelPage();
    const current = await stored();
    await helps().save({ ...current, help_title: 'Changed elsewhere' });
    await page.getByRole('button', { name: 'Delete help “Release year”' }).click();
    const confirm = entry(page).locator('.widgetlib-palette__confirm');
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await confirm.getByRole('alert').getByText('Someone else changed this help (now “Changed elsewhere”)').waitFor();
    expect(await helps().count()).toBe(1);
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await statusIs(page, 'Help deleted.');
    expect(await helps().count()).toBe(0);
  });

  describe('languages', () => {
    beforeEach(async () => {
      await helps().save(
        helps().create({
          id_view: HELP_PANEL_VIEW_ID,
          question_name: 'year',
          language: 'es',
          help_title: 'Año de publicación',
          help_text: '<p>Cuatro cifras.</p>',
        }),
      );
    });

    const languageOptions = (page: Page, form: string) =>
      page.$$eval(`${form} select[name=language] option`, (options) =>
        options.map((option) => `${(option as HTMLOptionElement).value}=${option.textContent}`),
      );

    it("lists each field's entry in the page's language and offers the page's language by default", async () => {
      const english = await openPanelPage();
      expect(await entry(english).locator('.widgetlib-palette__entry-title').textContent()).toBe('Release year');
      expect(await entry(english).locator('.widgetlib-palette__language').count()).toBe(0);
      await english.getByRole('button', { name: 'Add help' }).click();
      expect(await languageOptions(english, `${PANEL} form`)).toEqual(['=Every language', 'en=English (en)']);

      const spanish = await openPanelPage({ htmlLang: 'es-CR' });
      expect(await entry(spanish).locator('.widgetlib-palette__entry-title').textContent()).toBe('Año de publicación');
      // `es` is the reader's language for an `es-CR` page: no label.
      expect(await entry(spanish).locator('.widgetlib-palette__language').count()).toBe(0);
      await spanish.getByRole('button', { name: 'Edit help “Año de publicación”' }).click();
      expect(await languageOptions(spanish, `${ENTRY} form`)).toEqual([
        '=Every language',
        'es-CR=español (Costa Rica) (es-CR)',
        'es=español (es)',
      ]);
      expect(await entry(spanish).locator('form').getByLabel('Language').inputValue()).toBe('es');
    });

    it("labels an entry that is not in the reader's language", async () => {
      const page = await openPanelPage({ htmlLang: '', locale: 'es' });
      const badge = entry(page).locator('.widgetlib-palette__language');
      expect(await entry(page).locator('.widgetlib-palette__entry-title').textContent()).toBe('Año de publicación');
      expect(await badge.textContent()).toBe('In español (es)');
      expect(await badge.getAttribute('lang')).toBe('es');
    });

    it("adds and edits entries in the language the author picks from the host's list", async () => {
      const page = await openPanelPage({ settings: { languages: ['en', 'es', 'de'] } });
      await page.getByRole('button', { name: 'Add help' }).click();
      const addForm = page.locator(`${PANEL} form`);
      expect(await languageOptions(page, `${PANEL} form`)).toEqual([
        '=Every language',
        'en=English (en)',
        'es=Spanish (es)',
        'de=German (de)',
      ]);
      await addForm.getByLabel('Field').selectOption('name');
      await addForm.getByLabel('Language').selectOption('de');
      await addForm.getByLabel('Title').fill('Albumtitel');
      await addForm.getByRole('button', { name: 'Save' }).click();
      await statusIs(page, 'Help saved.');
      expect(await helps().findOneByOrFail({ question_name: 'name' })).toMatchObject({
        language: 'de',
        help_title: 'Albumtitel',
      });

      await page.getByRole('button', { name: 'Edit help “Release year”' }).click();
      const editForm = entry(page).locator('form');
      expect(await editForm.getByLabel('Language').inputValue()).toBe('');
      await editForm.getByLabel('Language').selectOption('en');
      await editForm.getByRole('button', { name: 'Save' }).click();
      // The status still says so from the add: the form closing tells that this save is done.
      await editForm.waitFor({ state: 'detached' });
      await statusIs(page, 'Help saved.');
      const years = await helps().find({ where: { question_name: 'year' }, order: { language: 'ASC' } });
      expect(years.map(({ language, help_title }) => `${language}:${help_title}`)).toEqual([
        'en:Release year',
        'es:Año de publicación',
      ]);
    });
  });

  describe('history', () => {
    async function editTitle(page: Page, from: string, to: string): Promise<void> {
      await page.getByRole('button', { name: `Edit help “${from}”` }).click();
      const form = entry(page).locator('form');
      await form.getByLabel('Title').fill(to);
      await form.getByRole('button', { name: 'Save' }).click();
      await statusIs(page, 'Help saved.');
    }

    it('shows who changed what and when, and restores a revision with one click', async () => {
      const page = await openPanelPage({ user: { isSuperuser: true, name: 'Ana <b>' } });
      await editTitle(page, 'Release year', 'Year A');
      await editTitle(page, 'Year A', 'Year B');
      await page.getByRole('button', { name: 'History of help “Year B”' }).click();
      const history = entry(page).getByRole('region', { name: 'History' });
      const revisions = history.locator('.widgetlib-palette__revision');
      await revisions.first().waitFor();
      expect(await revisions.count()).toBe(2);
      const newest = await revisions.first().innerText();
      expect(newest).toContain('Changed by Ana <b>, ');
      expect(newest).toContain('Changed: Title');
      expect(newest).not.toContain('Text');
      expect(await revisions.nth(1).locator('.widgetlib-palette__revision-title').textContent()).toBe('Year A');
      // Focus is on the newest revision's Restore button, named by its date for screen readers.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
        /^Restore the version of /,
      );

      await revisions.nth(1).getByRole('button', { name: 'Restore' }).click();
      await statusIs(page, 'Help restored.');
      expect(await stored()).toMatchObject({ help_title: 'Year A' });
      expect(await entry(page).locator('.widgetlib-palette__entry-title').textContent()).toBe('Year A');
    });

    it('restores only the version it listed: a change in between is reported, and restoring again restores', async () => {
      const page = await openPanelPage();
      await editTitle(page, 'Release year', 'Year A');
      await page.getByRole('button', { name: 'History of help “Year A”' }).click();
      const history = entry(page).getByRole('region', { name: 'History' });
      await history.locator('.widgetlib-palette__revision').first().waitFor();
      await helps().save({ ...(await stored()), help_title: 'Changed elsewhere' });
      await history.getByRole('button', { name: 'Restore' }).first().click();
      await history.getByRole('alert').getByText('Someone else changed this help (now “Changed elsewhere”)').waitFor();
      expect(await stored()).toMatchObject({ help_title: 'Changed elsewhere' });
      // Restoring again, knowing, restores over the change.
      await history.getByRole('button', { name: 'Restore' }).first().click();
      await statusIs(page, 'Help restored.');
      expect(await stored()).toMatchObject({ help_title: 'Year A' });
    });

    it('is offered only to users with change permission', async () => {
      const page = await openPanelPage({ user: { permissions: ['widgetlib.view_help', 'widgetlib.delete_help'] } });
      expect(
        await entry(page)
          .getByRole('button', { name: /History/ })
          .count(),
      ).toBe(0);
    });
  });
  describe('deleted entries', () => {
    const DELETED_TOGGLE = 'Deleted entries';

    it('lists the view’s deleted entries to users who may restore them, and restores one from the panel', async () => {
      // Deleted from another view: not this page's.
      const other = await helps().save(
        helps().create({ id_view: 'artists:edit', question_name: 'name', help_title: 'Artist name', help_text: '' }),
      );
      const otherId = other.id;
      await helps().remove(other);
      const page = await openPanelPage({
        user: { name: 'Ana <b>', permissions: ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.delete_help'] },
      });
      const toggle = page.locator(PANEL).getByRole('button', { name: DELETED_TOGGLE });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      await page.getByRole('button', { name: 'Delete help “Release year”' }).click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await statusIs(page, 'Help deleted.');
      const { id } = (await app.testApp.dataSource
        .getRepository(HelpRevision)
        .findOneByOrFail({ action: 'delete', before_id_view: HELP_PANEL_VIEW_ID })) as { id: number };
      expect(id).toBeGreaterThan(0);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const section = page.locator(PANEL).getByRole('region', { name: DELETED_TOGGLE });
      const items = section.locator('.widgetlib-palette__deleted-entry');
      await items.first().waitFor();
      expect(await items.count()).toBe(1);
      const shown = await items.first().innerText();
      expect(shown).toContain('Release year');
      expect(shown).toContain('Deleted by Ana <b>, ');
      expect(shown).not.toContain('Artist name');

      await section.getByRole('button', { name: 'Restore “Release year”' }).click();
      await statusIs(page, 'Help restored.');
      expect(await stored()).toMatchObject({ help_title: 'Release year', help_text: '<p>Four digits.</p>' });
      expect(await entry(page).locator('.widgetlib-palette__entry-title').textContent()).toBe('Release year');
      await section.getByText('No deleted entries on this page.').waitFor();
      expect(await helps().findOneBy({ id: otherId })).toBeNull();
    });

    it('shows nothing of them to a user without the permission to restore them', async () => {
      await helps().remove(await stored());
      await helps().save(
        helps().create({ id_view: HELP_PANEL_VIEW_ID, question_name: 'name', help_title: 'Album name', help_text: '' }),
      );
      const user = { permissions: ['widgetlib.view_help', 'widgetlib.change_help', 'widgetlib.delete_help'] };
      const context = await chromium.newContext({
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(user) },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(`${app.baseUrl}/help-panel-fixture/albums/edit`);
      await page.click(TOGGLE);
      await page.locator(`${ENTRY}[data-question-name=name]`).waitFor();
      expect(await page.locator(PANEL).getByRole('button', { name: DELETED_TOGGLE }).count()).toBe(0);
      expect(await page.locator(PANEL).innerText()).not.toMatch(/deleted|Release year/i);
      expect(requests.filter((url) => url.includes('/deleted'))).toEqual([]);
    });
  });
});
