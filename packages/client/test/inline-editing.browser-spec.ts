// Cells edited in place (`createDataTable({ editable })`) on a DataTableResource whose entity keeps
// versions, in Chromium on DataTables 3 and 2.3: by keyboard, Escape, the server's words beside the
// cell, a 412 resolved both ways, and no editor for a user who may not update.
import type { Page, Request } from 'playwright-core';
import { TEST_USER_HEADER } from '@widgetlib/test-support/test-app.js';
import { DATATABLES_LINES } from './fixtures/datatables-fixture.page.js';
import { INLINE_CSRF_TOKEN, InlineNote, InlineShelf } from './fixtures/inline-editing.fixture.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

const browser = useDataTablesBrowser();
const EDITOR = { name: 'eda', permissions: ['notes.view', 'notes.edit'] };
const READER = { name: 'rui', permissions: ['notes.view'] };

describe.each(DATATABLES_LINES)('Inline editing on DataTables %s (Chromium)', (line) => {
  let page: Page;
  let patches: Request[];
  let first: InlineNote;
  let shelves: InlineShelf[];

  const notes = () => browser.server.testApp.dataSource.getRepository(InlineNote);
  const cell = (row: number, column: number) => page.locator('#notes tbody tr').nth(row).locator('td').nth(column);
  const announcer = () => page.locator('.widgetlib-table-announcer');

  async function open(user: object): Promise<void> {
    page = await browser.newPage({ width: 1100, height: 700 });
    page.setDefaultTimeout(5000);
    patches = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request);
    });
    await page.setExtraHTTPHeaders({ [TEST_USER_HEADER]: JSON.stringify(user) });
    await page.goto(`${browser.server.baseUrl}/inline-fixture/page?datatables=${line}`);
    await cell(0, 1).filter({ hasText: 'Groceries' }).waitFor();
  }

  beforeEach(async () => {
    const { manager } = browser.server.testApp.dataSource;
    for (const entity of [InlineNote, InlineShelf]) await manager.createQueryBuilder().delete().from(entity).execute();
    shelves = await manager.save(InlineShelf, [{ name: 'Top shelf' }, { name: 'Bottom shelf' }]);
    [first] = await notes().save([
      { title: 'Groceries', pages: 2, kind: 'todo', done: false, shelf_id: shelves[0]!.id },
      { title: 'Novel plot', pages: 12, kind: 'idea', done: true, shelf_id: null },
    ]);
  });

  it(`[${line}] edits a cell by keyboard: Enter opens, Enter saves with If-Match and CSRF, the row redraws`, async () => {
    await open(EDITOR);
    await page.locator('#before').focus();
    // The editable cells are tab stops, after the table's own controls: the first is the first row's title.
    for (let step = 0; step < 12 && (await page.evaluate(() => document.activeElement?.tagName)) !== 'TD'; step++) {
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Groceries');
    await page.keyboard.press('Enter');
    const input = page.getByRole('textbox', { name: 'Edit Title' });
    await input.fill('Groceries and bread');
    await input.press('Enter');
    await cell(0, 1).filter({ hasText: 'Groceries and bread' }).waitFor();
    await announcer().filter({ hasText: 'Title saved.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Groceries and bread');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.url()).toBe(`${browser.server.baseUrl}/inline-fixture/notes/${first.id}/`);
    expect(patches[0]!.headers()['if-match']).toBe('"1"');
    expect(patches[0]!.headers()['x-csrf-token']).toBe(INLINE_CSRF_TOKEN);
    expect(patches[0]!.postDataJSON()).toEqual({ title: 'Groceries and bread' });
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ title: 'Groceries and bread', version: 2 });
    // The row holds the answer: the next edit names version 2; a select sends the choice's value.
    await cell(0, 3).focus();
    await page.keyboard.press('F2');
    await page.getByRole('combobox', { name: 'Edit Kind' }).selectOption({ label: 'Idea' });
    await page.keyboard.press('Enter');
    await cell(0, 3).filter({ hasText: 'idea' }).waitFor();
    expect(patches[1]!.headers()['if-match']).toBe('"2"');
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ kind: 'idea', version: 3 });
  });

  it(`[${line}] edits a relation with the remote search and sends its id`, async () => {
    await open(EDITOR);
    await cell(0, 5).filter({ hasText: 'Top shelf' }).focus();
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Edit Shelf' });
    await search.waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Edit Shelf');
    await page.keyboard.type('Bott');
    await page.getByRole('option', { name: 'Bottom shelf' }).waitFor();
    // The first Enter picks the option (shown as the control's item), the second saves.
    await page.keyboard.press('Enter');
    await page.locator('.widgetlib-inline-editor .ts-control .item', { hasText: 'Bottom shelf' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.widgetlib-inline-editor').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await cell(0, 5).textContent()).toBe('Bottom shelf');
    expect(patches.map((request) => request.postDataJSON() as unknown)).toEqual([{ shelf_id: shelves[1]!.id }]);
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ shelf_id: shelves[1]!.id, version: 2 });
    // The search's list is gone with the editor.
    expect(await page.locator('.ts-dropdown').count()).toBe(0);
  });

  it(`[${line}] cancels with Escape: the cell shows its value again, focus returns, nothing is sent`, async () => {
    await open(EDITOR);
    await cell(1, 2).dblclick();
    const input = page.getByRole('spinbutton', { name: 'Edit Pages' });
    await input.fill('40');
    await input.press('Escape');
    await expect(input.count()).resolves.toBe(0);
    expect(await cell(1, 2).textContent()).toBe('12');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('12');
    await announcer().filter({ hasText: 'Edit cancelled.' }).waitFor();
    expect(patches).toHaveLength(0);
  });

  it(`[${line}] shows the server's words beside the cell when the value is refused`, async () => {
    await open(EDITOR);
    await cell(0, 2).focus();
    await page.keyboard.press('Enter');
    const input = page.getByRole('spinbutton', { name: 'Edit Pages' });
    await input.fill('0');
    await input.press('Enter');
    const alert = cell(0, 2).getByRole('alert');
    await alert.filter({ hasText: 'Pages must be between 1 and 50' }).waitFor();
    expect(await alert.textContent()).toBe('The change was not saved: Pages must be between 1 and 50');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Pages');
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ pages: 2, version: 1 });
    // Corrected, it saves.
    await input.fill('5');
    await input.press('Enter');
    await cell(0, 2).filter({ hasText: '5' }).waitFor();
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ pages: 5, version: 2 });
  });

  it(`[${line}] offers the saved value after a 412: "Take theirs" shows it, "Keep mine" saves over it`, async () => {
    await open(EDITOR);
    // Someone else changes the row after the page read it.
    await notes().save({ ...first, title: 'Shopping' });
    await cell(0, 1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Edit Title' }).fill('Errands');
    await page.keyboard.press('Enter');
    const conflict = cell(0, 1).getByRole('group');
    await conflict.getByText('Saved now: Shopping').waitFor();
    await conflict.getByText('Yours: Errands').waitFor();
    await conflict.getByRole('button', { name: 'Take theirs' }).click();
    await cell(0, 1).filter({ hasText: 'Shopping' }).waitFor();
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ title: 'Shopping', version: 2 });

    await notes().save({ ...first, title: 'Market', version: 2 });
    await cell(0, 1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Edit Title' }).fill('Errands');
    await page.keyboard.press('Enter');
    await cell(0, 1).getByText('Saved now: Market').waitFor();
    // Focus is on the first choice: keyboard users choose without leaving the cell.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep mine');
    await page.keyboard.press('Enter');
    await cell(0, 1).filter({ hasText: 'Errands' }).waitFor();
    expect(patches.map((request) => request.headers()['if-match'])).toEqual(['"1"', '"2"', '"3"']);
    expect(await notes().findOneByOrFail({ id: first.id })).toMatchObject({ title: 'Errands', version: 4 });
  });

  it(`[${line}] gives a user who may not update no editor`, async () => {
    await open(READER);
    expect(await cell(0, 1).getAttribute('tabindex')).toBeNull();
    await cell(0, 1).dblclick();
    await cell(0, 1).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.widgetlib-inline-editor').count()).toBe(0);
    expect(patches).toHaveLength(0);
  });
});
