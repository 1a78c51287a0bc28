// An album's history (issue 32): the table's History button opens, by keyboard, a dialog of the
// album's revisions (who, when, each field before → after, escaped), whose Restore (for users who may
// edit) brings an earlier version back; Escape closes it and gives focus back.
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { axeViolations } from '@widgetlib/test-support/axe.js';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const DIALOG = 'dialog.widgetlib-history';

describe("an album's history, in Chromium (SQLite)", () => {
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

  async function signIn(username: 'editor' | 'viewer', path: string): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, username, path);
    return page;
  }

  async function albumOf(id: number): Promise<{ title: string; tracks: number }> {
    const [album] = (await dataSource.query(`SELECT title, tracks FROM album WHERE id = ${id}`)) as Array<{
      title: string;
      tracks: number;
    }>;
    return { title: album!.title, tracks: Number(album!.tracks) };
  }

  /** Edits the album through its form page, as a user does. */
  async function editAlbum(page: Page, id: number, fields: { title?: string; tracks?: string }): Promise<void> {
    await page.goto(`${demo.baseUrl}/albums/${id}/edit`);
    if (fields.title !== undefined) await page.fill('#title', fields.title);
    if (fields.tracks !== undefined) await page.fill('#tracks', fields.tracks);
    await Promise.all([page.waitForURL(/\/albums\?saved=/), page.click('form.album-form button[type=submit]')]);
  }

  /** Shows only the album titled `title` in the table, and focuses its History button. */
  async function focusHistoryButton(page: Page, title: string) {
    await page.locator('.dt-search input').fill(title);
    await page.waitForFunction(() => document.querySelector('#albums_info')?.textContent?.includes('Showing 1 to 1 '));
    const button = page.locator('#albums tbody').getByRole('button', { name: 'History', exact: true });
    await button.waitFor();
    await button.focus();
    return button;
  }

  it('lists the revisions by keyboard, escaped, restores an earlier one, and closes with Escape', async () => {
    const [{ id }] = (await dataSource.query('SELECT id FROM album ORDER BY id LIMIT 1')) as Array<{ id: number }>;
    const original = await albumOf(id);
    const renamed = `<i>Renamed</i> ${original.title}`;
    const tracks = original.tracks === 12 ? '13' : '12';
    const page = await signIn('editor', `/albums/${id}/edit`);
    await editAlbum(page, id, { title: renamed });
    await editAlbum(page, id, { tracks });

    const button = await focusHistoryButton(page, renamed);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `History of ${renamed}` });
    await dialog.waitFor();
    const revisions = dialog.locator('li.widgetlib-history__revision');
    await revisions.nth(1).waitFor();
    expect(await revisions.count()).toBe(2);
    expect(
      await page.evaluate((selector) => document.querySelector(selector)!.contains(document.activeElement), DIALOG),
    ).toBe(true);
    expect(await revisions.nth(0).locator('h3').textContent()).toMatch(/^Changed by editor, /);
    expect(await revisions.nth(0).locator('tbody tr').allTextContents()).toEqual([`Tracks${original.tracks}${tracks}`]);
    expect(await revisions.nth(1).locator('tbody tr').allTextContents()).toEqual([`Title${original.title}${renamed}`]);
    // The title is text: no element of it in the dialog.
    expect(await dialog.locator('i').count()).toBe(0);
    expect(await axeViolations(page, { include: DIALOG })).toEqual([]);
    // The newest revision is the album as it is: nothing to restore there.
    expect(await revisions.nth(0).getByRole('button').count()).toBe(0);

    // Restore the first edit: the tracks go back, the title stays.
    const restore = revisions.nth(1).getByRole('button', { name: 'Restore this version' });
    expect(await restore.getAttribute('aria-describedby')).toBe(
      await revisions.nth(1).locator('h3').getAttribute('id'),
    );
    await restore.focus();
    await page.keyboard.press('Enter');
    await dialog.locator('[role=status]', { hasText: /was restored\.$/ }).waitFor();
    expect(await revisions.count()).toBe(3);
    expect(await revisions.nth(0).locator('h3').textContent()).toMatch(/^Restored by editor, /);
    expect(await revisions.nth(0).locator('tbody tr').allTextContents()).toEqual([`Tracks${tracks}${original.tracks}`]);
    expect(await albumOf(id)).toEqual({ title: renamed, tracks: original.tracks });
    // The table's row was reloaded behind the dialog.
    await page.waitForFunction(
      (expected) => [...document.querySelectorAll('#albums tbody td')].some((cell) => cell.textContent === expected),
      String(original.tracks),
    );

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('shows the viewer the History button but no Restore', async () => {
    const [{ id }] = (await dataSource.query('SELECT id FROM album ORDER BY id DESC LIMIT 1')) as Array<{
      id: number;
    }>;
    const editor = await signIn('editor', `/albums/${id}/edit`);
    const title = `Viewed ${(await albumOf(id)).title}`;
    await editAlbum(editor, id, { title });
    await editAlbum(editor, id, { tracks: '3' });

    const page = await signIn('viewer', '/albums');
    await focusHistoryButton(page, title);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `History of ${title}` });
    await dialog.locator('li.widgetlib-history__revision').nth(1).waitFor();
    expect(await dialog.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
