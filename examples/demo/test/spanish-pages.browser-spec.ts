// Issue 30, item 3: with the demo's switch on Español, every word a page shows is Spanish — the
// templates, the menu, the form and its validation messages, the tables with DataTables' own words and
// its extensions', and the help panel. Set WIDGETLIB_SCREENSHOTS to a folder to keep a screenshot of
// each page there (docs/screenshots/es-*.png were taken so).
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';

/**
 * English words of the interface (the library's catalogues, DataTables' own, the demo's), as whole
 * words and case-sensitive: none may remain in a page's visible text in Spanish. Album data (titles,
 * artists, genres) is content, not interface, and is not checked.
 */
const ENGLISH_WORDS = [
  'Albums',
  'Album',
  'Help',
  'Sign',
  'User',
  'Password',
  'Menu',
  'Title',
  'Artist',
  'Tracks',
  'Release',
  'Format',
  'Genres',
  'Notes',
  'Homepage',
  'Explicit',
  'Save',
  'Cancel',
  'Edit',
  'Delete',
  'Show',
  'Showing',
  'entries',
  'Search',
  'Previous',
  'Next',
  'Filter',
  'Clear',
  'filters',
  'Saved',
  'views',
  'Shared',
  'Link',
  'Catalogue',
  'Entries',
  'Language',
  'Field',
  'Text',
  'View',
  'coverage',
  'Loading',
  'Close',
  'required',
  'must',
  'Please',
  'correct',
  'Add',
  'entry',
  'Every',
  'language',
  'Was',
  'helpful',
  'Yes',
  'Code',
  'Released',
  'Added',
  'Vinyl',
  'Cassette',
  'All',
  'From',
  'To',
  'Choose',
  'Select',
  'rows',
  'Custom',
  'Panes',
  'Authoring',
  'mode',
  'History',
  'Ask',
];

function englishWordsIn(text: string): string[] {
  return ENGLISH_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text));
}

/** Pages with every extension load slowly on a busy machine. */
const SLOW = 120_000;

describe('the demo in Spanish (Chromium, SQLite)', () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite'), startChromium()]);
    context = await chromium.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, SLOW);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await demo?.close();
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  /** The visible text of the page (the panel included), every English word found, and the screenshot. */
  async function check(name: string): Promise<string> {
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    const text = await page.evaluate(() => document.body.innerText);
    const attributes = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')]
        .filter((element) => element.checkVisibility())
        .map((element) => ['placeholder', 'aria-label', 'title'].map((name) => element.getAttribute(name) ?? ''))
        .flat()
        .join('\n'),
    );
    const directory = process.env.WIDGETLIB_SCREENSHOTS;
    if (directory) await page.screenshot({ path: join(directory, `es-${name}.png`) });
    expect({ page: name, english: englishWordsIn(`${text}\n${attributes}`) }).toEqual({ page: name, english: [] });
    return text;
  }

  const tableDrawn = (id: string) => page.waitForSelector(`#${id} tbody tr td:not(.dt-empty)`);

  it(
    'signs in on a page in Spanish, which the session keeps',
    async () => {
      await page.goto(`${demo.baseUrl}/sign-in?lang=es`);
      expect(await check('sign-in')).toContain('Nombre de usuario');
      await page.fill('#username', 'admin');
      await page.fill('#password', 'admin');
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith('/sign-in')),
        page.click('button[type=submit]'),
      ]);
    },
    SLOW,
  );

  it(
    'shows the albums table, its extensions and its controls in Spanish',
    async () => {
      await page.goto(`${demo.baseUrl}/albums`);
      await tableDrawn('albums');
      await page.waitForSelector('.widgetlib-saved-views');
      const text = await check('albums');
      expect(text).toMatch(/Mostrando (registros del )?1 al 10 de 20 registros|Mostrando 1 a 10 de 20/);
      expect(text).toContain('Paneles de búsqueda');
      expect(text).toContain('Vistas guardadas');
      // Responsive's child rows (the columns that do not fit at 1280 pixels), opened by keyboard.
      await page.focus('#albums tbody tr:first-child > td.dtr-control');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#albums tbody tr.dtr-expanded + tr.child');
      const titles = await page.$$eval('#albums tr.child .dtr-title', (spans) => spans.map((span) => span.textContent));
      expect(titles.length).toBeGreaterThan(0);
      await check('albums-child-rows');
    },
    SLOW,
  );

  it(
    'shows the album form with its help panel, and its validation messages, in Spanish',
    async () => {
      await page.goto(`${demo.baseUrl}/albums/new`);
      await page.click('.widgetlib-palette-toggle');
      await page.waitForSelector('.widgetlib-palette:not([hidden]) li');
      expect(await check('album-form')).toContain('Ayuda');
      await page.fill('#title', '');
      await page.fill('#released_on', 'mañana');
      await Promise.all([page.waitForURL(`${demo.baseUrl}/albums/new`), page.click('.album-form button[type=submit]')]);
      const text = await check('album-form-errors');
      expect(text).toContain('Corrija los campos marcados abajo.');
      expect(text).toContain('El título es obligatorio');
      expect(text).toContain('La fecha de publicación debe ser una fecha');
    },
    SLOW,
  );

  it(
    'shows the help entries page, its table and coverage in Spanish',
    async () => {
      await page.goto(`${demo.baseUrl}/help-entries`);
      await tableDrawn('help-entries');
      // The entries written in English are content: the table shows the Spanish ones.
      await page.fill('#help-entries thead input >> nth=2', 'es');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('#help-entries tbody tr')].every(
          (row) => row.querySelectorAll('td')[2]?.textContent === 'es',
        ),
      );
      await page.waitForSelector('#help-coverage-table tbody tr');
      expect(await check('help-entries')).toContain('Cobertura de la ayuda');
    },
    SLOW,
  );

  it(
    'switches back to English with the switch',
    async () => {
      await page.click('.language-switch a[lang=en]');
      await tableDrawn('help-entries');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.evaluate(() => document.body.innerText)).toContain('Showing 1 to');
    },
    SLOW,
  );
});
