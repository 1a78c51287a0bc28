// The list answer's permissions in the page (issue 28): controls the user may not use are hidden
// (and out of the accessibility tree, whatever the host's CSS), and rows picked one by one with the
// Select checkbox column are exactly the rows a bulk action acts on. On DataTables 3 and 2.3.
import type { Page } from 'playwright-core';
import { In } from 'typeorm';
import { DtAlbum } from './fixtures/datatables-fixture.entities.js';
import { DATATABLES_LINES } from './fixtures/datatables-fixture.page.js';
import { MARKED_NOTE } from './fixtures/table-permissions.fixture.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

const browser = useDataTablesBrowser();

const VIEWER = { name: 'viewer', permissions: ['albums.view'] };
const EDITOR = { name: 'editor', permissions: ['albums.view', 'albums.add', 'albums.change', 'albums.mark'] };

async function openAs(user: object, line: string, query = ''): Promise<Page> {
  const page = await browser.newPage({ width: 1280, height: 800 });
  await page.setExtraHTTPHeaders({ 'x-test-user': JSON.stringify(user) });
  await page.goto(`${browser.server.baseUrl}/perm-fixture/page?datatables=${line}${query}`);
  await page.locator('#albums tbody tr td', { hasText: 'Kind of Blue' }).waitFor();
  return page;
}

describe.each(DATATABLES_LINES)('The table by permission on DataTables %s', (line) => {
  beforeEach(async () => {
    await browser.server.testApp.dataSource.getRepository(DtAlbum).update({ notes: MARKED_NOTE }, { notes: '' });
  });

  it('shows a viewer no control they cannot use: no New, no row actions, no bulk bar, no checkboxes', async () => {
    const page = await openAs(VIEWER, line);
    // Out of the accessibility tree, though the host's CSS shows every `.button`.
    expect(await page.getByRole('link', { name: 'New album' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.locator('#new-album').isHidden()).toBe(true);
    expect(await page.locator('.widgetlib-bulk-actions').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mark' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    // The rows are there, actions column and all.
    expect(await page.locator('#albums tbody tr').count()).toBe(5);
  });

  it('shows an editor what the answer grants, and nothing else', async () => {
    const page = await openAs(EDITOR, line);
    await page.getByRole('link', { name: 'New album' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark' }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select this row' }).count()).toBe(5);
    // A new page's row actions are decided as they are drawn.
    await page.locator('.dt-paging').getByText('2', { exact: true }).click();
    await page.locator('#albums tbody tr td', { hasText: 'I Put a Spell on You' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('acts on exactly the rows picked one by one, across pages', async () => {
    const page = await openAs(EDITOR, line);
    const status = page.locator('.widgetlib-bulk-status');
    const checkboxOf = (title: string) =>
      page.locator('#albums tbody tr', { hasText: title }).getByRole('checkbox', { name: 'Select this row' });
    await checkboxOf('Kind of Blue').check();
    await checkboxOf('Miles Smiles').check();
    await page.waitForFunction(() => document.querySelector('.widgetlib-bulk-status')?.textContent === '2 selected');
    await page.locator('.dt-paging').getByText('2', { exact: true }).click();
    await page.locator('#albums tbody tr td', { hasText: 'Pastel Blues' }).waitFor();
    await checkboxOf('Pastel Blues').check();
    await page.waitForFunction(() => document.querySelector('.widgetlib-bulk-status')?.textContent === '3 selected');

    const sent = page.waitForRequest((request) => request.url().endsWith('/perm-fixture/albums/bulk/mark'));
    await page.getByRole('button', { name: 'Mark' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>;
    await page.waitForFunction(() => document.querySelector('.widgetlib-bulk-status')?.textContent === 'Marked 3.');
    expect(await status.textContent()).toBe('Marked 3.');

    const albums = browser.server.testApp.dataSource.getRepository(DtAlbum);
    const picked = await albums.find({ where: { title: In(['Kind of Blue', 'Miles Smiles', 'Pastel Blues']) } });
    expect(String(body.ids).split(',').map(Number).sort()).toEqual(picked.map((album) => album.id).sort());
    expect(body.confirm).toBe(3);
    const marked = await albums.find({ where: { notes: MARKED_NOTE }, order: { id: 'ASC' } });
    expect(marked.map((album) => album.title).sort()).toEqual(['Kind of Blue', 'Miles Smiles', 'Pastel Blues']);
    // The selection is gone after the action.
    expect(await page.getByRole('checkbox', { name: 'Select this row', checked: true }).count()).toBe(0);
  });

  it('picks rows with Space on their focused checkboxes as a click does, and acts on them by keyboard', async () => {
    const page = await openAs(EDITOR, line);
    const status = (text: string) =>
      page.waitForFunction((wanted) => document.querySelector('.widgetlib-bulk-status')?.textContent === wanted, text);
    const titles = ['Kind of Blue', 'Miles Smiles'];
    for (const [index, title] of titles.entries()) {
      await page.locator('#albums tbody tr', { hasText: title }).getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await status(`${index + 1} selected`);
    }
    expect(await page.getByRole('checkbox', { name: 'Select this row', checked: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Mark' }).focus();
    await page.keyboard.press('Enter');
    await status('Marked 2.');
    const marked = await browser.server.testApp.dataSource
      .getRepository(DtAlbum)
      .find({ where: { notes: MARKED_NOTE }, order: { title: 'ASC' } });
    expect(marked.map((album) => album.title)).toEqual(titles);
  });

  it('acts on all matching rows when asked, and a new filter drops rows picked before it', async () => {
    const page = await openAs(EDITOR, line);
    const checkboxOf = (title: string) =>
      page.locator('#albums tbody tr', { hasText: title }).getByRole('checkbox', { name: 'Select this row' });
    await checkboxOf('Kind of Blue').check();
    await page.waitForFunction(() => document.querySelector('.widgetlib-bulk-status')?.textContent === '1 selected');
    await page.locator('#albums_wrapper input[type="search"]').fill('ella');
    await page.locator('#albums tbody tr td', { hasText: 'Ella and Louis' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.widgetlib-bulk-status')?.textContent === '');
    expect(await page.getByRole('button', { name: 'Mark' }).isDisabled()).toBe(true);

    const albums = browser.server.testApp.dataSource.getRepository(DtAlbum);
    const matching = (await albums.find({ order: { id: 'ASC' } })).filter((album) => /ella/i.test(album.title));
    expect(matching.length).toBeGreaterThan(1);
    const count = matching.length;
    await page.getByRole('button', { name: `Select all ${count} matching rows` }).click();
    expect(await page.locator('.widgetlib-bulk-status').textContent()).toBe(`All ${count} matching rows are selected.`);
    await page.getByRole('button', { name: 'Mark' }).click();
    await page.waitForFunction(
      (text) => document.querySelector('.widgetlib-bulk-status')?.textContent === text,
      `Marked ${count}.`,
    );
    const marked = await albums.find({ where: { notes: MARKED_NOTE }, order: { id: 'ASC' } });
    expect(marked.map((album) => album.id)).toEqual(matching.map((album) => album.id));
  });

  it('says a refused action in words, not as the permission the server names', async () => {
    const page = await openAs(EDITOR, line, '&unnamed=1');
    const checkbox = page
      .locator('#albums tbody tr', { hasText: 'Kind of Blue' })
      .getByRole('checkbox', { name: 'Select this row' });
    await checkbox.check();
    await page.getByRole('button', { name: 'Purge' }).click();
    await page.waitForFunction(() =>
      (document.querySelector('.widgetlib-bulk-status')?.textContent ?? '').startsWith('The action failed'),
    );
    expect(await page.locator('.widgetlib-bulk-status').textContent()).toBe(
      'The action failed: You do not have permission to do this.',
    );
  });
});
