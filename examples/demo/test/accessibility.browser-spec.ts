import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { Help } from '@widgetlib/nest';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { axeViolations } from '@widgetlib/test-support/axe.js';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1920, height: 1000 };
const ALBUMS = 60;
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const ENTRY = `${PANEL} .widgetlib-palette__entry`;
const FORMATS = ['cd', 'cassette', 'digital', 'vinyl'];

type User = 'admin' | 'editor' | 'viewer';

/** A state of the demo a user can open: where it starts, as whom, and how it is reached from there. */
interface State {
  name: string;
  path: string;
  /** Signed out when null. */
  user: User | null;
  viewport?: { width: number; height: number };
  open?: (page: Page, demo: DemoServer) => Promise<void>;
}

async function tableShown(page: Page, id = 'albums'): Promise<void> {
  await page.waitForSelector(`#${id} tbody tr td:not(.dt-empty)`);
  await page.waitForSelector(`#${id}_processing`, { state: 'hidden' });
}

const albumsShown = (page: Page) => tableShown(page);

/** Waits until the Buttons popover has faded in: axe measures contrast through its opacity. */
async function popoverShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const popover = document.querySelector('.dt-button-collection');
    return popover !== null && getComputedStyle(popover).opacity === '1';
  });
}

async function openSearchPanes(page: Page): Promise<void> {
  await tableShown(page);
  await page.click('#albums_wrapper .dt-buttons button:has-text("SearchPanes")');
  await page.waitForSelector('.dtsp-searchPane tbody tr');
  await popoverShown(page);
}

async function openSearchBuilder(page: Page): Promise<void> {
  await tableShown(page);
  await page.click('#albums_wrapper .dt-buttons button:has-text("Search Builder")');
  await page.click('.dtsb-searchBuilder button.dtsb-add');
  await page.waitForSelector('.dtsb-criteria select.dtsb-data');
  await popoverShown(page);
}

/** Opens the `index`-th ColumnControl menu (Artist, Tracks, Format). */
function openColumnControl(index: number) {
  return async (page: Page): Promise<void> => {
    await tableShown(page);
    await page.locator('#albums thead .dtcc-button_dropdown').nth(index).click();
    await page.waitForSelector('.dtcc-dropdown');
  };
}

/** Every row's Responsive child row open, the page showing enough rows for every format's badge. */
async function openChildRows(page: Page): Promise<void> {
  await tableShown(page);
  await page.selectOption('#albums_wrapper select.dt-input', '50');
  await page.waitForFunction(() => document.querySelectorAll('#albums tbody > tr:not(.child)').length === 50);
  const controls = page.locator('#albums tbody > tr:not(.child) > td.dtr-control');
  for (let row = 0; row < (await controls.count()); row += 1) await controls.nth(row).click();
  const formats = await page.$$eval('#albums tbody tr.child .badge', (badges) =>
    badges.map((badge) => badge.className),
  );
  for (const format of FORMATS) expect(formats).toContain(`badge format-${format}`);
}

async function openPanel(page: Page): Promise<void> {
  await page.waitForSelector('.widgetlib-help-icon');
  await page.click('.widgetlib-palette-toggle');
  await page.waitForSelector(`${ENTRY}[data-question-name=title]`);
}

async function openEditor(page: Page, button: string): Promise<void> {
  await openPanel(page);
  await page.locator(PANEL).getByRole('button', { name: button }).first().click();
  await page.locator(PANEL).getByRole('toolbar', { name: 'Formatting' }).waitFor();
}

/** The id of the first album the table shows. */
async function firstAlbumId(page: Page): Promise<string> {
  await tableShown(page);
  return page
    .locator('#albums tbody tr')
    .first()
    .evaluate((row) => row.id);
}

/**
 * Another session of `user` (signed in through the sign-in form, its CSRF token sent as the page's
 * scripts send it) writes to the album `id` through the API: `DELETE` moves it to the trash, `PATCH` changes it.
 */
async function writeElsewhere(demo: DemoServer, user: User, method: 'DELETE' | 'PATCH', id: string, body?: object) {
  const other = demo.client();
  const headers = { 'x-csrf-token': await other.signIn(user) };
  const response =
    method === 'PATCH'
      ? await other.json('PATCH', `/api/albums/${id}/`, body, headers)
      : await other.request('DELETE', `/api/albums/${id}/`, { headers });
  expect(response.status).toBe(method === 'PATCH' ? 200 : 204);
}

/** The Trash view open, showing an album `user` moved there. */
function openTrash(user: User) {
  return async (page: Page, demo: DemoServer): Promise<void> => {
    await writeElsewhere(demo, user, 'DELETE', await firstAlbumId(page));
    await page.click('button.widgetlib-trash-toggle');
    await tableShown(page, 'albums-trash');
    await page.locator('#albums-trash tbody tr').first().getByRole('button', { name: 'Restore' }).waitFor();
  };
}

/** The inline editor open on the first album's cell in `column` (0: code). */
async function openInlineEditor(page: Page, column: number): Promise<void> {
  await tableShown(page);
  await page.locator('#albums tbody tr').first().locator('td').nth(column).focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('#albums .widgetlib-inline-editor .widgetlib-inline-control:focus');
}

const STATES: State[] = [
  { name: 'sign-in', path: '/sign-in', user: null },
  {
    name: 'sign-in refused',
    path: '/sign-in',
    user: null,
    open: async (page) => {
      await page.fill('#username', 'admin');
      await page.fill('#password', 'wrong');
      await Promise.all([page.waitForSelector('.error[role=alert]'), page.click('button[type=submit]')]);
    },
  },
  { name: 'albums table', path: '/albums', user: 'admin', open: albumsShown },
  { name: 'albums table as a viewer', path: '/albums', user: 'viewer', open: albumsShown },
  { name: 'SearchPanes open', path: '/albums', user: 'admin', open: openSearchPanes },
  {
    name: 'SearchPanes open, an option selected',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await openSearchPanes(page);
      await page.locator('.dtsp-searchPane tbody tr td').first().click();
      await page.waitForSelector('.dtsp-searchPane tbody tr.selected');
    },
  },
  { name: 'SearchBuilder open, a condition added', path: '/albums', user: 'admin', open: openSearchBuilder },
  {
    name: 'SearchBuilder open, a condition filled in',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await openSearchBuilder(page);
      await page.selectOption('.dtsb-criteria select.dtsb-data', { label: 'Title' });
      await page.selectOption('.dtsb-criteria select.dtsb-condition', { index: 1 });
      await page.fill('.dtsb-criteria input.dtsb-value', 'a');
      await page.waitForSelector('#albums_processing', { state: 'hidden' });
    },
  },
  { name: 'ColumnControl menu of Artist', path: '/albums', user: 'admin', open: openColumnControl(0) },
  { name: 'ColumnControl menu of Tracks', path: '/albums', user: 'admin', open: openColumnControl(1) },
  // Responsive keeps the Format column (and its list menu) in the child rows below 1600 pixels.
  {
    name: 'ColumnControl list menu of Format (on a wide screen)',
    path: '/albums',
    user: 'admin',
    viewport: WIDE,
    open: openColumnControl(2),
  },
  { name: 'Responsive child rows', path: '/albums', user: 'admin', open: openChildRows },
  {
    name: 'Responsive child rows at phone width',
    path: '/albums',
    user: 'admin',
    viewport: PHONE,
    open: openChildRows,
  },
  {
    name: 'more filters open',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await tableShown(page);
      await page.click('#albums .widgetlib-filter-collapsed-row summary');
    },
  },
  {
    name: 'saved views control, a view saved',
    path: '/albums',
    user: 'editor',
    open: async (page) => {
      await tableShown(page);
      await page.fill('.widgetlib-saved-views__name', 'Checked by axe');
      await page.click('.widgetlib-saved-views__save');
      await page.waitForSelector('.widgetlib-saved-views__load:has-text("Checked by axe")');
    },
  },
  {
    name: 'bulk selection',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await tableShown(page);
      await page.locator('#albums tbody tr').first().getByRole('checkbox').check();
      await page.locator('#albums tbody tr').nth(1).getByRole('checkbox').check();
      await page.waitForSelector('.widgetlib-bulk-action:not([disabled])');
    },
  },
  {
    name: 'bulk selection of every matching album',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await tableShown(page);
      await page.click('.widgetlib-bulk-select');
      await page.waitForSelector('.widgetlib-bulk-select[aria-pressed=true]');
    },
  },
  {
    name: 'export under way',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await tableShown(page);
      // The answer is held back while the page is checked.
      await page.route('**/api/albums/export**', () => undefined);
      await page.click('#albums_wrapper button:has-text("CSV")');
      await page.waitForSelector('#albums_wrapper button.widgetlib-dt-export-csv.processing');
    },
  },
  {
    name: 'export refused',
    path: '/albums',
    user: 'admin',
    open: async (page) => {
      await tableShown(page);
      await page.route('**/api/albums/export**', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 400, message: 'Too many rows to export' }),
        }),
      );
      await page.click('#albums_wrapper button:has-text("CSV")');
      await page.waitForSelector('.widgetlib-dt-export-error');
    },
  },
  { name: 'albums table at phone width', path: '/albums', user: 'admin', viewport: PHONE, open: albumsShown },
  {
    name: 'album form',
    path: '/albums/new',
    user: 'admin',
    open: (page) => page.waitForSelector('.widgetlib-help-icon').then(() => undefined),
  },
  {
    name: 'album form with errors',
    path: '/albums/new',
    user: 'admin',
    open: async (page) => {
      await page.click('button:has-text("Save album")');
      await page.waitForSelector('.error[role=alert]');
    },
  },
  {
    name: 'album form, artist picker open',
    path: '/albums/new',
    user: 'admin',
    open: async (page) => {
      await page.click('.field:has(#artist_id) .ts-control');
      await page.waitForSelector('.ts-dropdown .option');
    },
  },
  {
    name: 'album form as a viewer',
    path: '/albums/new',
    user: 'viewer',
    open: (page) => page.waitForSelector('.widgetlib-help-icon').then(() => undefined),
  },
  { name: 'album form with the help panel (list)', path: '/albums/new', user: 'admin', open: openPanel },
  {
    name: 'help panel, an entry shown from its field',
    path: '/albums/new',
    user: 'admin',
    open: async (page) => {
      await page.waitForSelector('.widgetlib-help-icon');
      await page.locator('.widgetlib-help-icon').first().click();
      await page.waitForSelector(`${ENTRY}.widgetlib-palette__entry--highlighted`);
    },
  },
  {
    name: 'help panel, add form with the editor',
    path: '/albums/new',
    user: 'admin',
    open: (page) => openEditor(page, 'Add help'),
  },
  {
    name: 'help panel, edit form with the editor',
    path: '/albums/new',
    user: 'admin',
    open: (page) => openEditor(page, 'Edit help “Title”'),
  },
  {
    name: 'help panel, history',
    path: '/albums/new',
    user: 'admin',
    open: async (page) => {
      await openPanel(page);
      await page.locator(PANEL).getByRole('button', { name: 'History of help “Title”' }).click();
      await page
        .locator(PANEL)
        .getByRole('region', { name: 'History' })
        .locator('.widgetlib-palette__revision')
        .first()
        .waitFor();
    },
  },
  {
    name: 'help panel, conflict',
    path: '/albums/new',
    user: 'admin',
    open: async (page, demo) => {
      await openEditor(page, 'Edit help “Title”');
      const helps = demo.app.get(DataSource).getRepository(Help);
      const entry = await helps.findOneByOrFail({
        id_view: 'catalogue:album-form',
        question_name: 'title',
        language: 'en',
      });
      // Another author saves first.
      const other = demo.client();
      const token = await other.signIn('editor');
      const response = await other.json(
        'PUT',
        `/api/help/${entry.id}/`,
        {
          id_view: entry.id_view,
          question_name: entry.question_name,
          language: entry.language,
          help_title: 'Title (changed elsewhere)',
          help_text: entry.help_text,
        },
        { 'x-csrf-token': token, 'if-match': `"${entry.version}"` },
      );
      expect(response.status).toBe(200);
      await page.locator(PANEL).locator('form').getByRole('button', { name: 'Save' }).click();
      await page.waitForSelector(`${PANEL} .widgetlib-palette__conflict`);
    },
  },
  { name: 'album form at phone width', path: '/albums/new', user: 'admin', viewport: PHONE },
  {
    name: 'help entries page',
    path: '/help-entries',
    user: 'admin',
    open: async (page) => {
      await tableShown(page, 'help-entries');
      await page.waitForSelector('#help-coverage-table tbody tr');
    },
  },
  {
    name: 'help entries page, add form open',
    path: '/help-entries',
    user: 'admin',
    open: async (page) => {
      await tableShown(page, 'help-entries');
      await page.click('#help-entry-add');
      await page.waitForSelector('#help-entry-form:not([hidden])');
    },
  },
  {
    name: 'help entries page at phone width',
    path: '/help-entries',
    user: 'admin',
    viewport: PHONE,
    open: (page) => tableShown(page, 'help-entries'),
  },
  // Last: each of these deletes or changes an album.
  { name: 'Trash view open (a user who may delete)', path: '/albums', user: 'editor', open: openTrash('editor') },
  { name: 'Trash view open (an admin, who may purge)', path: '/albums', user: 'admin', open: openTrash('admin') },
  {
    name: 'Trash view at phone width, a row restored',
    path: '/albums',
    user: 'admin',
    viewport: PHONE,
    open: async (page, demo) => {
      await openTrash('admin')(page, demo);
      await page.locator('#albums-trash tbody tr').first().getByRole('button', { name: 'Restore' }).click();
      await page.waitForSelector('.widgetlib-trash-status:text-is("The row was restored.")');
    },
  },
  {
    name: 'an editable cell focused with the arrow keys (one Tab stop)',
    path: '/albums',
    user: 'editor',
    open: async (page) => {
      await tableShown(page);
      await page.locator('#albums tbody tr').first().locator('td').nth(1).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('#albums tbody tr:nth-child(2) td.widgetlib-inline-editable[tabindex="0"]:focus');
    },
  },
  { name: 'inline editor open on a cell', path: '/albums', user: 'editor', open: (page) => openInlineEditor(page, 1) },
  {
    name: 'inline editor, a validation error shown',
    path: '/albums',
    user: 'editor',
    open: async (page) => {
      await openInlineEditor(page, 3);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#albums .widgetlib-inline-error:not([hidden])');
    },
  },
  {
    name: 'inline editor, a conflict (412) shown',
    path: '/albums',
    user: 'editor',
    open: async (page, demo) => {
      const id = await firstAlbumId(page);
      await openInlineEditor(page, 1);
      // Another user changes the title first.
      await writeElsewhere(demo, 'admin', 'PATCH', id, { title: 'Changed elsewhere' });
      await page.keyboard.type('Mine');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#albums .widgetlib-inline-conflict .widgetlib-inline-keep-mine:focus');
    },
  },
];

describe('WCAG 2.1 AA (axe-core) in every state of the demo, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext | undefined;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite', { albumCount: ALBUMS }), startChromium()]);
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  it.each(STATES.map((state) => [state.name, state] as const))(
    '%s: no violation',
    async (_name, state) => {
      // Each state starts from a table nobody left filtered, paged or ordered.
      await demo.app.get(DataSource).query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);
      context = await chromium.newContext({ viewport: state.viewport ?? LAPTOP });
      pageErrors = [];
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('dialog', (dialog) => void dialog.accept());
      if (state.user) await signInOn(page, demo.baseUrl, state.user, state.path);
      else await page.goto(`${demo.baseUrl}${state.path}`);
      await state.open?.(page, demo);
      expect(await axeViolations(page)).toEqual([]);
      // Signing in, reaching the state and axe's run over the whole page.
    },
    90_000,
  );
});
