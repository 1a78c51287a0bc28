// The albums table's cells edited in place (title, tracks, format), in Chromium on the demo (SQLite):
// an editor changes them by keyboard, a refused value is said beside its cell, the cells are one Tab
// stop whose focus stays through a live update, a viewer gets no editor.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const COLUMN = { code: 0, title: 1, tracks: 3, format: 7 } as const;
/** Sets `window.liveReady` once the live table's stream has said it is ready. */
const WATCH_LIVE_STREAM = `
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('ready', () => (window.liveReady = true));
    }
  };
`;

describe('editing albums in place, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite');
    dataSource = demo.app.get(DataSource);
    chromium = await startChromium();
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function signIn(username: 'editor' | 'viewer'): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(WATCH_LIVE_STREAM);
    await signInOn(page, demo.baseUrl, username, '/albums');
    await page.waitForSelector('#albums tbody tr td');
    return page;
  }

  const cell = (page: Page, column: number) => page.locator('#albums tbody tr').first().locator('td').nth(column);

  it('saves a title, tracks and format changed by keyboard, each with the album version and the CSRF token', async () => {
    const page = await signIn('editor');
    const patches: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request);
    });
    const code = (await cell(page, COLUMN.code).textContent())!.trim();
    const album = () => dataSource.getRepository(Album).findOneByOrFail({ catalogue_code: code });
    const before = await album();

    await cell(page, COLUMN.title).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Edit Title' }).fill('Edited in place');
    await page.keyboard.press('Enter');
    await cell(page, COLUMN.title).filter({ hasText: 'Edited in place' }).waitFor();
    await page.locator('.widgetlib-table-announcer').filter({ hasText: 'Title saved.' }).waitFor();
    // The row drawn from the answer keeps what only the list gives it: its Edit, History and Delete.
    const firstRow = page.locator('#albums tbody tr').first();
    for (const name of ['Edit', 'History', 'Delete']) await firstRow.getByText(name, { exact: true }).waitFor();

    await cell(page, COLUMN.tracks).focus();
    await page.keyboard.press('F2');
    const tracks = page.getByRole('spinbutton', { name: 'Edit Tracks' });
    await tracks.fill('0');
    await tracks.press('Enter');
    await cell(page, COLUMN.tracks)
      .getByRole('alert')
      .filter({ hasText: 'The change was not saved: Tracks must be between 1 and 99' })
      .waitFor();
    await tracks.fill('12');
    await tracks.press('Enter');
    await cell(page, COLUMN.tracks).filter({ hasText: /^12$/ }).waitFor();

    await cell(page, COLUMN.format).dblclick();
    await page.getByRole('combobox', { name: 'Edit Format' }).selectOption({ label: 'Cassette' });
    await page.keyboard.press('Enter');
    await cell(page, COLUMN.format).filter({ hasText: 'Cassette' }).waitFor();

    expect(await album()).toMatchObject({
      title: 'Edited in place',
      tracks: 12,
      format: 'cassette',
      version: before.version + 3,
      // Fields the changes did not send keep their values.
      notes: before.notes,
      explicit: before.explicit,
    });
    expect(patches.map((request) => request.postDataJSON() as unknown)).toEqual([
      { title: 'Edited in place' },
      { tracks: 0 },
      { tracks: 12 },
      { format: 'cassette' },
    ]);
    expect(patches.map((request) => request.headers()['if-match'])).toEqual([
      `"${before.version}"`,
      `"${before.version + 1}"`,
      `"${before.version + 1}"`,
      `"${before.version + 2}"`,
    ]);
    for (const request of patches) expect(request.headers()['x-csrf-token']).toMatch(/.{16,}/);
  });

  it('reaches the cells as one Tab stop, moved through with the arrows; the focus stays through a live update', async () => {
    const page = await signIn('editor');
    const cells = page.locator('#albums td.widgetlib-inline-editable');
    expect(await cells.count()).toBe(30);
    expect(await page.locator('#albums td.widgetlib-inline-editable[tabindex="0"]').count()).toBe(1);
    await cell(page, COLUMN.title).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const second = page.locator('#albums tbody tr').nth(1);
    const id = await second.evaluate((row) => row.id);
    const tracks = await second.locator('td').nth(COLUMN.tracks).textContent();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focusedName()).toBe(`Tracks: ${tracks!}`);
    // Another user renames the album: the live table reloads its page, new rows, the focus on the same cell.
    await page.waitForFunction(() => (window as unknown as { liveReady?: boolean }).liveReady === true);
    const other = demo.client();
    const token = await other.signIn('admin');
    const changed = await other.json(
      'PATCH',
      `/api/albums/${id}/`,
      { title: 'Renamed elsewhere' },
      { 'x-csrf-token': token },
    );
    expect(changed.status).toBe(200);
    await second.locator('td').nth(COLUMN.title).filter({ hasText: 'Renamed elsewhere' }).waitFor();
    await page.locator('.widgetlib-table-announcer').filter({ hasText: 'Rows changed' }).waitFor();
    expect(await page.evaluate(() => (document.activeElement?.parentElement as HTMLElement | null)?.id)).toBe(id);
    expect(await focusedName()).toBe(`Tracks: ${tracks!}`);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName()).toBe('Title: Renamed elsewhere');
  });

  it('gives a viewer no editor', async () => {
    const page = await signIn('viewer');
    // No editable cells, so no Tab stops among them (the Responsive control cells are the table's own).
    expect(await page.locator('#albums td.widgetlib-inline-editable, #albums td[aria-describedby]').count()).toBe(0);
    expect(await cell(page, COLUMN.title).getAttribute('tabindex')).toBeNull();
    await cell(page, COLUMN.title).dblclick();
    expect(await page.locator('.widgetlib-inline-editor').count()).toBe(0);
  });
});
