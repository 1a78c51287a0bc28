// Cells edited in place (`createDataTable({ editable })`) on a DataTableResource whose entity keeps
// versions, in Chromium on DataTables 3 and 2.3: by keyboard (the editable cells one Tab stop, moved
// through with the arrow keys, the focus kept through reloads), Escape, the server's words beside the
// cell, a 412 resolved both ways, and no editor for a user who may not update.
import type { Api } from 'datatables.net';
import type { Page, Request } from 'playwright-core';
import { TEST_USER_HEADER } from '@widgetlib/test-support/test-app.js';
import { DATATABLES_LINES } from './fixtures/datatables-fixture.page.js';
import { INLINE_CSRF_TOKEN, InlineNote, InlineShelf } from './fixtures/inline-editing.fixture.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    notesTable: Api;
  }
}

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
  /** The focused cell as [row, column] of the notes' body, or what has the focus instead. */
  const focusAt = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLTableCellElement)) return active?.outerHTML.slice(0, 80) ?? 'nothing';
      return [(active.parentElement as HTMLTableRowElement).sectionRowIndex, active.cellIndex];
    });
  const press = async (key: string, at: number[]) => {
    await page.keyboard.press(key);
    expect([key, await focusAt()]).toEqual([key, at]);
  };
  /** `ajax.reload(null, false)`, as a live table's reload does, until the table has drawn again. */
  const reload = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.notesTable.one('draw', () => resolve());
          window.notesTable.ajax.reload(undefined as never, false);
        }),
    );
  /** The Tab stops from #before until the pager, each as its tag and name. */
  async function tabStops(): Promise<string[]> {
    await page.locator('#before').focus();
    const stops: string[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const active = document.activeElement!;
        const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30);
        return active.classList.contains('dt-paging-button') ? null : `${active.tagName} ${name}`;
      });
      if (stop === null) return stops;
      stops.push(stop);
    }
    throw new Error(`The pager was not reached: ${stops.join(', ')}`);
  }

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
    // A search's late answer would open the list again under the saving Enter: the last one is awaited.
    const answered = page.waitForResponse((response) => response.url().includes('/shelves?term=Bott'));
    await page.keyboard.type('Bott');
    await answered;
    await page.getByRole('option', { name: 'Bottom shelf' }).waitFor();
    // The first Enter picks the option (shown as the control's item, the list closed), the second saves.
    await page.keyboard.press('Enter');
    await page.locator('.widgetlib-inline-editor .ts-control .item', { hasText: 'Bottom shelf' }).waitFor();
    await page.locator('.widgetlib-inline-editor input[aria-expanded="false"]').waitFor();
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

  it(`[${line}] makes a page's editable cells one Tab stop, named by column and value, before the pager`, async () => {
    const more = Array.from({ length: 10 }, (_, at) => ({ title: `Note ${at + 3}`, pages: 1, kind: 'idea' }));
    await notes().save(more);
    await open(READER);
    const reader = await tabStops();
    await open(EDITOR);
    const editor = await tabStops();
    // 10 rows of 5 editable cells: one stop more than for a reader, the first row's title, last before the pager.
    expect(await page.locator('#notes td.widgetlib-inline-editable').count()).toBe(50);
    expect(editor).toEqual([...reader, 'TD Title: Groceries']);
    expect(await focusAt()).toMatch(/dt-paging-button/);
    await press('Shift+Tab', [0, 1]);
    const hint = await page.locator('#notes td:focus').getAttribute('aria-describedby');
    expect(await page.locator(`#${hint!}`).textContent()).toBe('Press Enter or F2, or double-click, to edit.');
    expect(await page.locator('#notes td[tabindex="0"]').count()).toBe(1);
  });

  it(`[${line}] moves between editable cells with the arrows, Home and End; Tab comes back to the last`, async () => {
    await open(EDITOR);
    await cell(0, 1).focus();
    await press('ArrowLeft', [0, 1]);
    await press('ArrowRight', [0, 2]);
    await press('ArrowDown', [1, 2]);
    await press('ArrowDown', [1, 2]);
    await press('End', [1, 5]);
    await press('ArrowRight', [1, 5]);
    await press('ArrowUp', [0, 5]);
    await press('Home', [0, 1]);
    await press('Control+End', [1, 5]);
    await press('ArrowLeft', [1, 4]);
    await press('Control+Home', [0, 1]);
    await press('ArrowDown', [1, 1]);
    expect(await page.locator('#notes td:focus').getAttribute('aria-label')).toBe('Title: Novel plot');
    // The focus shows: a ring drawn inside the cell.
    const ring = await page.locator('#notes td:focus').evaluate((td) => getComputedStyle(td));
    expect([ring.outlineStyle, ring.outlineWidth]).toEqual(['solid', '2px']);
    expect(await page.locator('#notes td[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await focusAt()).toMatch(/dt-paging-button/);
    await press('Shift+Tab', [1, 1]);
    // In an open editor the arrows are the control's: the focus stays in it.
    await page.keyboard.press('Enter');
    const input = page.getByRole('textbox', { name: 'Edit Title' });
    await input.press('ArrowDown');
    await input.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Title');
    await press('Escape', [1, 1]);
    await press('ArrowUp', [0, 1]);
    // After a save the cell keeps the focus, named by its new value, and the arrows go on from it.
    await page.keyboard.press('F2');
    await input.fill('Groceries, milk');
    await input.press('Enter');
    await cell(0, 1).filter({ hasText: 'Groceries, milk' }).waitFor();
    expect(await focusAt()).toEqual([0, 1]);
    expect(await page.locator('#notes td:focus').getAttribute('aria-label')).toBe('Title: Groceries, milk');
    await press('ArrowRight', [0, 2]);
    expect(patches).toHaveLength(1);
    // Its column hidden, the cell gives the stop to the row's first editable cell shown.
    await page.evaluate(() => void window.notesTable.column(2).visible(false));
    expect(await page.locator('#notes td[tabindex="0"]').getAttribute('aria-label')).toBe('Title: Groceries, milk');
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    for (let step = 0; step < 12 && (await page.evaluate(() => document.activeElement?.tagName)) !== 'TD'; step++) {
      await page.keyboard.press('Tab');
    }
    await press('ArrowRight', [0, 2]);
    expect(await page.locator('#notes td:focus').getAttribute('aria-label')).toBe('Kind: todo');
  });

  it(`[${line}] keeps the focus on its row's cell through a reload, at its place when the row has gone`, async () => {
    await notes().save({ title: 'Third', pages: 3, kind: 'todo' });
    await open(EDITOR);
    await cell(1, 1).focus();
    await press('ArrowRight', [1, 2]);
    // Someone removes the first note: the reload draws new rows, the focused one a row higher.
    await notes().delete(first.id);
    await reload();
    expect(await focusAt()).toEqual([0, 2]);
    expect(await page.locator('#notes td:focus').getAttribute('aria-label')).toBe('Pages: 12');
    // The focused row itself goes: the focus stays at its place, on the row now there.
    await notes().delete({ title: 'Novel plot' });
    await reload();
    expect(await focusAt()).toEqual([0, 2]);
    expect(await cell(0, 1).textContent()).toBe('Third');
    expect(await page.locator('#notes td[tabindex="0"]').count()).toBe(1);
    // A reload while the focus is elsewhere leaves it there; Tab comes back to the cell.
    await page.locator('#before').focus();
    await reload();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('before');
    expect(await page.locator('#notes td[tabindex="0"]').getAttribute('aria-label')).toBe('Pages: 3');
  });

  it(`[${line}] gives a user who may not update no editor`, async () => {
    await open(READER);
    expect(await page.locator('#notes td[tabindex], #notes td[aria-label]').count()).toBe(0);
    await cell(0, 1).dblclick();
    await cell(0, 1).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.widgetlib-inline-editor').count()).toBe(0);
    expect(patches).toHaveLength(0);
  });
});
