// The demo shows each user only what they may use (issue 28): the albums table's New, Edit, Delete,
// bulk bar and row checkboxes, and the help entries page's Add, Edit and Delete follow the list
// answer's permissions; a form post the user may not make ends on a page that says so in words.
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

describe('what each user may do, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: 40 });
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

  async function signIn(username: 'admin' | 'editor' | 'viewer', path: string): Promise<Page> {
    await dataSource.query(`DELETE FROM widgetlib_saved_view WHERE kind = 'current'`);
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await signInOn(page, demo.baseUrl, username, path);
    return page;
  }

  /** Waits for the albums table's first rows. */
  const albumRows = async (page: Page) => {
    await page.locator('#albums tbody tr td.dt-type-numeric, #albums tbody tr td').first().waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('#albums_info')?.textContent ?? '').startsWith('Showing 1'),
    );
  };

  it('shows the viewer no New album, no Edit or Delete, no bulk bar and no row checkboxes', async () => {
    const page = await signIn('viewer', '/albums');
    await albumRows(page);
    expect(await page.getByRole('link', { name: 'New album' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.locator('.widgetlib-bulk-actions').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mark as explicit' }).count()).toBe(0);
    expect(await page.locator('#albums').getByRole('checkbox').count()).toBe(0);
  });

  it('shows the viewer none of them on the albums grouped by format either', async () => {
    const page = await signIn('viewer', '/albums?group=format');
    await albumRows(page);
    await page.locator('#albums tbody tr.dtrg-group').first().waitFor();
    expect(await page.getByRole('button', { name: 'History' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'New album' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Trash' }).count()).toBe(0);
    expect(await page.locator('.widgetlib-bulk-actions').isHidden()).toBe(true);
    expect(await page.locator('#albums').getByRole('checkbox').count()).toBe(0);
  });

  it("opens the albums' trash from the albums grouped by format", async () => {
    await dataSource.query(`UPDATE album SET deleted_at = CURRENT_TIMESTAMP WHERE id = 1`);
    try {
      const page = await signIn('admin', '/albums?group=format');
      await albumRows(page);
      await page.getByRole('button', { name: 'Trash' }).click();
      // The trash's own table, in place of the albums'.
      await page.getByRole('button', { name: 'Restore' }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(1);
    } finally {
      await dataSource.query(`UPDATE album SET deleted_at = NULL WHERE id = 1`);
    }
  });

  it('shows an editor New album, Edit, Delete and the checkboxes, and marks exactly the albums picked', async () => {
    await dataSource.query('UPDATE album SET explicit = false');
    const page = await signIn('editor', '/albums');
    await albumRows(page);
    await page.getByRole('link', { name: 'New album' }).waitFor();
    const rows = await page.locator('#albums tbody tr').count();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(rows);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(rows);
    const checkboxes = page.locator('#albums tbody').getByRole('checkbox', { name: 'Select this row' });
    expect(await checkboxes.count()).toBe(rows);
    await checkboxes.nth(0).check();
    await checkboxes.nth(2).check();
    await page.waitForFunction(
      () => document.querySelector('.widgetlib-bulk-actions [role=status]')?.textContent === '2 selected',
    );
    const picked = await page.evaluate(() =>
      [...document.querySelectorAll('#albums tbody tr.selected')].map((row) => Number(row.id)),
    );
    expect(picked).toHaveLength(2);
    await page.getByRole('button', { name: 'Mark as explicit' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('.widgetlib-bulk-actions [role=status]')?.textContent === 'Marked 2 albums as explicit.',
    );
    const explicit = (
      (await dataSource.query('SELECT id FROM album WHERE explicit = true ORDER BY id')) as Array<{
        id: number;
      }>
    ).map((row) => Number(row.id));
    expect(explicit).toEqual([...picked].sort((a, b) => a - b));
  });

  it('shows the viewer a form they may not save, and a forbidden post in words on the page', async () => {
    const page = await signIn('viewer', '/albums/new');
    expect(await page.getByRole('button', { name: 'Save album' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'may look at this form, but not save' }).count()).toBe(1);
    // A form from before the account lost the permission still posts: the answer is a page, not JSON.
    const albums = Number(((await dataSource.query('SELECT COUNT(*) AS n FROM album')) as Array<{ n: number }>)[0]!.n);
    await page.fill('#title', 'Not allowed');
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/albums/new') && answer.request().method() === 'POST'),
      page.evaluate(() => document.querySelector<HTMLFormElement>('form.album-form')!.submit()),
    ]);
    expect(response.status()).toBe(403);
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toContain('Your account may not save albums');
    expect(await page.locator('body').textContent()).not.toContain('statusCode');
    expect(Number(((await dataSource.query('SELECT COUNT(*) AS n FROM album')) as Array<{ n: number }>)[0]!.n)).toBe(
      albums,
    );
  });

  it('shows the viewer no Add entry, Edit or Delete on the help entries page; an editor Add and Edit only', async () => {
    const viewer = await signIn('viewer', '/help-entries');
    await viewer.locator('#help-entries tbody tr td').first().waitFor();
    await viewer.waitForFunction(() => !document.querySelector('#help-entries tbody td.dt-empty'));
    expect(await viewer.getByRole('button', { name: 'Add entry' }).count()).toBe(0);
    // The table's rows (the help panel in the sidebar has its own controls, by the same permissions).
    expect(await viewer.locator('#help-entries').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await viewer.locator('#help-entries').getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const editor = await signIn('editor', '/help-entries');
    await editor.getByRole('button', { name: 'Add entry' }).waitFor();
    const rows = await editor.locator('#help-entries tbody tr').count();
    expect(await editor.locator('#help-entries').getByRole('button', { name: 'Edit' }).count()).toBe(rows);
    expect(await editor.locator('#help-entries').getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it("says a refused row delete or help entry save in the table's words, not as the permission's name", async () => {
    const page = await signIn('viewer', '/help-entries');
    // What the page's own delete and save send (demo.send), as a stale page would send them.
    const messages = await page.evaluate(async () => {
      const refused = async (send: () => Promise<unknown>) => {
        try {
          await send();
          return 'sent';
        } catch (error) {
          return (error as Error).message;
        }
      };
      const { send } = (
        window as unknown as { demo: { send(method: string, url: string, body?: object): Promise<unknown> } }
      ).demo;
      return [
        await refused(() => send('DELETE', '/api/albums/1')),
        await refused(() => send('POST', '/api/help/', { id_view: 'x', question_name: 'y', help_title: 'z' })),
      ];
    });
    expect(messages).toEqual(['You do not have permission to do this.', 'You do not have permission to do this.']);
  });
});
