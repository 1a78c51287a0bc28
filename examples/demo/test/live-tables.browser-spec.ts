import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { RECORD_LIVE_EVENTS } from './support/live-events.js';
import { signInOn } from './support/sign-in.js';

describe('the live albums table, two users in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: 30 });
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

  async function signIn(username: 'admin' | 'editor' | 'viewer', path = '/albums'): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    await context.addInitScript(RECORD_LIVE_EVENTS);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, username, path);
    return page;
  }

  /** The album shown first (the newest), by id and title. */
  async function firstAlbum(): Promise<{ id: number; title: string }> {
    const [row] = (await dataSource.query(
      'SELECT id, title FROM album ORDER BY added_at DESC, id DESC LIMIT 1',
    )) as Array<{
      id: number;
      title: string;
    }>;
    return { id: Number(row!.id), title: row!.title };
  }

  it('shows an album another user changes within a second, without reloading the page, and marks its row', async () => {
    const viewer = await signIn('viewer');
    await viewer.waitForSelector('#albums tbody tr td');
    // Waits for the stream: the table's first answer names it, then the page opens it.
    await viewer.waitForFunction(() => (window as unknown as { liveReady?: boolean }).liveReady === true);
    await viewer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const album = await firstAlbum();
    const editor = await signIn('editor', `/albums/${album.id}/edit`);
    const title = `Live ${Date.now()}`;
    await editor.fill('#title', title);
    await Promise.all([editor.waitForURL(/\/albums\?saved=/), editor.press('#title', 'Enter')]);
    const changedAt = Date.now();
    await viewer.waitForFunction(
      (text) => document.querySelector('#albums tbody')!.textContent!.includes(text),
      title,
      {
        timeout: 5000,
      },
    );
    expect(Date.now() - changedAt).toBeLessThan(1000);
    expect(await viewer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await viewer.waitForFunction(
      (text) => (window as unknown as { markedRows: string[] }).markedRows.some((row) => row.includes(text)),
      title,
    );
    await viewer.waitForFunction(() =>
      document.querySelector('.widgetlib-table-announcer')?.textContent?.includes('Rows changed'),
    );
    // The notice names the album's key, never its data.
    const events = await viewer.evaluate(() => (window as unknown as { liveEvents: unknown[] }).liveEvents);
    expect(events).toContainEqual({
      type: 'change',
      data: JSON.stringify({ table: 'albums', kind: 'updated', keys: [album.id] }),
    });
    expect(JSON.stringify(events)).not.toContain(title);
  });

  it('keeps the page the user is on when the table reloads for a change', async () => {
    const viewer = await signIn('viewer');
    await viewer.waitForSelector('#albums tbody tr td');
    await viewer.click('.dt-paging button:has-text("2")');
    await viewer.waitForFunction(() => document.querySelector('.dt-paging .current')?.textContent === '2');
    await viewer.waitForFunction(() => (window as unknown as { liveReady?: boolean }).liveReady === true);
    const { id } = await firstAlbum();
    await demo.app
      .get((await import('@widgetlib/nest')).DataTableChanges)
      .published((await import('../src/catalogue/album.entity.js')).Album, [id], 'updated');
    await viewer.waitForFunction(() => (window as unknown as { liveEvents: unknown[] }).liveEvents.length > 0);
    await viewer.waitForFunction(() =>
      document.querySelector('.widgetlib-table-announcer')?.textContent?.includes('Rows changed'),
    );
    expect(await viewer.textContent('.dt-paging .current')).toBe('2');
  });

  /** Another user's change of album `id` to `title`, as the library's writes announce it. */
  async function renamedElsewhere(id: number, title: string): Promise<void> {
    await dataSource.query('UPDATE album SET title = ? WHERE id = ?', [title, id]);
    await demo.app
      .get((await import('@widgetlib/nest')).DataTableChanges)
      .published((await import('../src/catalogue/album.entity.js')).Album, [id], 'updated');
  }

  const tableShows = (page: Page, text: string) =>
    page.waitForFunction((expected) => document.querySelector('#albums tbody')!.textContent!.includes(expected), text, {
      timeout: 5000,
    });

  it("waits for an open cell editor before it reloads, and shows another's change right after the user's own save", async () => {
    const editor = await signIn('editor');
    // A step that hangs fails with its own words, within the test's time.
    editor.setDefaultTimeout(8000);
    await editor.waitForSelector('#albums tbody tr td');
    await editor.waitForFunction(() => (window as unknown as { liveReady?: boolean }).liveReady === true);
    const [first, second] = (await dataSource.query(
      'SELECT id FROM album ORDER BY added_at DESC, id DESC LIMIT 2',
    )) as Array<{ id: number }>;
    const titleCell = editor.locator('#albums tbody tr').first().locator('td').nth(1);
    await titleCell.focus();
    await editor.keyboard.press('Enter');
    const input = editor.getByRole('textbox', { name: 'Edit Title' });
    await input.fill('Typed while another saves');

    // Another user's change while the editor is open: the typing stays until the user is done.
    const meanwhile = `Changed meanwhile ${Date.now()}`;
    await renamedElsewhere(Number(second!.id), meanwhile);
    await editor.waitForFunction(() => (window as unknown as { liveEvents: unknown[] }).liveEvents.length > 0);
    await editor.waitForTimeout(1000);
    expect(await input.inputValue()).toBe('Typed while another saves');
    await input.press('Enter');
    await editor.locator('.widgetlib-table-announcer').filter({ hasText: 'Title saved.' }).waitFor();
    await tableShows(editor, meanwhile);
    await tableShows(editor, 'Typed while another saves');

    // Within a second of the user's own save, another user's change of another row still shows.
    await titleCell.focus();
    await editor.keyboard.press('Enter');
    await input.fill('Saved just before');
    await input.press('Enter');
    await editor.locator('.widgetlib-table-announcer').filter({ hasText: 'Title saved.' }).waitFor();
    const right = `Changed right after ${Date.now()}`;
    await renamedElsewhere(Number(second!.id), right);
    await tableShows(editor, right);
    expect(Number(first!.id)).not.toBe(Number(second!.id));
  }, 60_000);
});
