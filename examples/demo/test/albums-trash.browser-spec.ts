import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const TOGGLE = 'button.widgetlib-trash-toggle';
const TRASH = '#albums-trash';
const TRASH_STATUS = '.widgetlib-trash-status';

describe("the albums' trash, in Chromium (SQLite)", () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: 30 });
    dataSource = demo.app.get(DataSource);
    chromium = await startChromium();
  }, 60_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  }, 60_000);

  async function signIn(username: 'admin' | 'editor' | 'viewer'): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signInOn(page, demo.baseUrl, username, '/albums');
    await page.waitForSelector('#albums tbody tr td:nth-child(2)');
    return page;
  }

  async function deletedAt(code: string): Promise<unknown> {
    const rows = (await dataSource.query('SELECT deleted_at FROM album WHERE catalogue_code = ?', [code])) as Array<{
      deleted_at: unknown;
    }>;
    return rows.length === 0 ? 'gone' : rows[0]!.deleted_at;
  }

  /** Deletes the first album of the table by its row's Delete button; answers its code and title. */
  async function deleteFirstAlbum(page: Page): Promise<{ code: string; title: string }> {
    const row = page.locator('#albums tbody tr').first();
    const code = (await row.locator('td').nth(0).textContent())!.trim();
    const title = (await row.locator('td').nth(1).textContent())!.trim();
    await row.locator('button[data-delete-url]').click();
    await page.waitForFunction(
      () => document.querySelector('#albums-status')?.textContent === 'The album was moved to the trash.',
    );
    await page.waitForFunction(
      (gone) =>
        ![...document.querySelectorAll('#albums tbody tr td:first-child')].some(
          (cell) => cell.textContent?.trim() === gone,
        ),
      code,
    );
    return { code, title };
  }

  /** Waits until the trash's table shows exactly the albums `codes` (none: its empty row). */
  async function expectTrash(page: Page, codes: string[]): Promise<void> {
    const shown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#albums-trash tbody tr')].map((row) =>
          row.querySelector('td.dt-empty') ? 'empty' : row.querySelector('td')?.textContent?.trim(),
        ),
      );
    const expected = codes.length === 0 ? ['empty'] : codes;
    for (let tries = 0; tries < 100; tries += 1) {
      if (JSON.stringify(await shown()) === JSON.stringify(expected)) return;
      await page.waitForTimeout(100);
    }
    expect(await shown()).toEqual(expected);
  }

  it('shows no Trash button to a viewer', async () => {
    // The rows are drawn: the answer that says what the user may do has been read.
    const page = await signIn('viewer');
    expect(await page.locator(TOGGLE).count()).toBe(1);
    expect(await page.locator(TOGGLE).isHidden()).toBe(true);
  }, 60_000);

  it('deletes an album to the trash, finds it there by its title, and restores it with the keyboard', async () => {
    const page = await signIn('editor');
    const { code, title } = await deleteFirstAlbum(page);
    expect(await deletedAt(code)).not.toBeNull();

    const toggle = page.locator(TOGGLE);
    await toggle.waitFor({ state: 'visible' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#albums_wrapper').isHidden()).toBe(true);
    // The table's saved views and bulk bar act on the table, not on the trash: they step aside.
    expect(await page.locator('.widgetlib-saved-views').isHidden()).toBe(true);
    expect(await page.locator('.widgetlib-bulk-actions').isHidden()).toBe(true);
    await expectTrash(page, [code]);

    await page.locator('#albums-trash_wrapper input[type=search]').fill(title.slice(0, 12));
    await expectTrash(page, [code]);
    // An editor restores but does not purge.
    const restore = page.locator(`${TRASH} tbody tr`).first().getByRole('button', { name: 'Restore' });
    expect(
      await page.locator(`${TRASH} tbody tr`).first().getByRole('button', { name: 'Delete for good' }).isHidden(),
    ).toBe(true);
    // Restore looks like the table's other controls (the Trash button), not like the browser's own button.
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return [style.borderTopLeftRadius, style.backgroundColor, style.cursor];
    };
    expect(await restore.evaluate(look)).toEqual(await toggle.evaluate(look));
    await restore.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (where) => document.querySelector(where)?.textContent === 'The row was restored.',
      TRASH_STATUS,
    );
    expect(await deletedAt(code)).toBeNull();
    await expectTrash(page, []);
    await page.waitForFunction(
      (where) => document.querySelector(`${where} tbody`)?.textContent === 'The trash is empty.',
      TRASH,
    );

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.widgetlib-saved-views').isVisible()).toBe(true);
    expect(await page.locator('.widgetlib-bulk-actions').isVisible()).toBe(true);
    await page.waitForFunction(
      (restored) =>
        [...document.querySelectorAll('#albums tbody tr td:first-child')].some(
          (cell) => cell.textContent?.trim() === restored,
        ),
      code,
    );
  }, 60_000);

  it('deletes an album for good from the trash for an admin', async () => {
    const page = await signIn('admin');
    const { code } = await deleteFirstAlbum(page);
    await page.locator(TOGGLE).click();
    await expectTrash(page, [code]);
    dialogs.length = 0;
    await page.locator(`${TRASH} tbody tr`).first().getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForFunction(
      (where) => document.querySelector(where)?.textContent === 'The row was deleted for good.',
      TRASH_STATUS,
    );
    expect(dialogs).toEqual(['Delete this row for good? It cannot be restored.']);
    expect(await deletedAt(code)).toBe('gone');
    await expectTrash(page, []);
  }, 60_000);
});
