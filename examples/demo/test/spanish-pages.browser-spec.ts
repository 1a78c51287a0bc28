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
  'Data',
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
  'none',
  'route',
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
  // The Trash view and the cells edited in place, with the server's refusals they show.
  'Trash',
  'Deleted',
  'Restore',
  'Actions',
  'restored',
  'Keep',
  'mine',
  'Take',
  'theirs',
  'Someone',
  'changed',
  'Yours',
  'Press',
  'click',
  'change',
  'saved',
  'Saving',
  'cancelled',
  'empty',
  'between',
  'whole',
  'number',
  'body',
  'version',
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
    // What screen readers say beyond the visible text: descriptions (a cell's editing hint) and live regions.
    const spoken = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll<HTMLElement>('[aria-describedby]')]
          .filter((element) => element.checkVisibility())
          .flatMap((element) => element.getAttribute('aria-describedby')!.split(/\s+/))
          .map((id) => document.getElementById(id)?.textContent ?? ''),
        ...[...document.querySelectorAll('[role=status], [role=alert], [aria-live]')].map(
          (region) => region.textContent ?? '',
        ),
      ].join('\n'),
    );
    const directory = process.env.WIDGETLIB_SCREENSHOTS;
    if (directory) await page.screenshot({ path: join(directory, `es-${name}.png`) });
    expect({ page: name, english: englishWordsIn(`${text}\n${attributes}\n${spoken}`) }).toEqual({
      page: name,
      english: [],
    });
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
      // SearchBuilder's condition, its column picker first.
      await page.getByRole('button', { name: 'Constructor de búsqueda' }).click();
      await page.locator('.dtsb-searchBuilder .dtsb-criteria').first().waitFor();
      expect(await check('albums-search-builder')).toContain('Añadir condición');
      await page.keyboard.press('Escape');
      await page.locator('.dtsb-searchBuilder').waitFor({ state: 'hidden' });
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
    'edits a cell in place in Spanish: the editor, its hint, a refusal and a conflict',
    async () => {
      await page.goto(`${demo.baseUrl}/albums`);
      await tableDrawn('albums');
      const cell = (column: number) => page.locator('#albums tbody tr').first().locator('td').nth(column);
      const id = await page
        .locator('#albums tbody tr')
        .first()
        .evaluate((row) => row.id);
      await cell(1).focus();
      expect(await cell(1).getAttribute('aria-label')).toBe(`Título: ${(await cell(1).textContent())!.trim()}`);
      await page.keyboard.press('Enter');
      await page.getByRole('textbox', { name: 'Editar Título', exact: true }).waitFor();
      await check('albums-inline-editor');
      const hint = await cell(1).evaluate(
        (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      expect(hint).toBe('Pulse Intro o F2, o haga doble clic, para editar.');
      await page.keyboard.press('Escape');

      await cell(3).focus();
      await page.keyboard.press('F2');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#albums .widgetlib-inline-error:not([hidden])');
      expect(await check('albums-inline-error')).toContain(
        'No se guardó el cambio: Las pistas deben estar entre 1 y 99',
      );
      await page.keyboard.press('Escape');

      await cell(1).focus();
      await page.keyboard.press('Enter');
      // Another user changes the album first.
      const other = demo.client();
      const token = await other.signIn('editor');
      const changed = await other.json('PATCH', `/api/albums/${id}/`, { tracks: 12 }, { 'x-csrf-token': token });
      expect(changed.status).toBe(200);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Mío');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#albums .widgetlib-inline-conflict');
      const conflict = await check('albums-inline-conflict');
      expect(conflict).toContain('Otra persona cambió esta fila mientras usted la editaba.');
      expect(conflict).toContain('El suyo: Mío');
      await page.getByRole('button', { name: 'Tomar el guardado' }).click();
      await page.waitForSelector('#albums .widgetlib-inline-conflict', { state: 'detached' });
    },
    SLOW,
  );

  it(
    'shows the Trash view, its buttons and a restore in Spanish',
    async () => {
      await page.goto(`${demo.baseUrl}/albums`);
      await tableDrawn('albums');
      const id = await page
        .locator('#albums tbody tr')
        .first()
        .evaluate((row) => row.id);
      const other = demo.client();
      const token = await other.signIn('admin');
      const deleted = await other.request('DELETE', `/api/albums/${id}/`, { headers: { 'x-csrf-token': token } });
      expect(deleted.status).toBe(204);
      await page.getByRole('button', { name: 'Papelera' }).click();
      await tableDrawn('albums-trash');
      const trash = await check('albums-trash');
      expect(trash).toContain('Restaurar');
      expect(trash).toContain('Eliminar definitivamente');
      await page.locator('#albums-trash tbody tr').first().getByRole('button', { name: 'Restaurar' }).click();
      await page.waitForSelector('.widgetlib-trash-status:text-is("La fila se restauró.")');
      await page.waitForSelector('#albums-trash tbody td.dt-empty');
      await check('albums-trash-restored');
      await page.getByRole('button', { name: 'Papelera' }).click();
      await tableDrawn('albums');
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
    "keeps the user's name and Cerrar sesión apart in the sidebar, for every user",
    async () => {
      const own = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        for (const username of ['admin', 'editor', 'viewer']) {
          const user = await own.newPage();
          await user.goto(`${demo.baseUrl}/sign-in?lang=es`);
          await user.fill('#username', username);
          await user.fill('#password', username);
          await Promise.all([
            user.waitForURL((url) => !url.pathname.startsWith('/sign-in')),
            user.click('button[type=submit]'),
          ]);
          const gap = await user.$eval('.sidebar-user', (bar) => {
            const [name, signOut] = [...bar.children].map((child) => child.getBoundingClientRect());
            return name!.bottom <= signOut!.top ? Infinity : signOut!.left - name!.right;
          });
          expect({ username, apart: gap >= 8 }).toEqual({ username, apart: true });
          await user.close();
          await own.clearCookies();
        }
      } finally {
        await own.close();
      }
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
