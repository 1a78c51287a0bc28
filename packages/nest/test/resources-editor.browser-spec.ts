// DataTables Editor's own client (datatables.net-editor 3.1, on DataTables 3) against a resource's
// Editor route, in Chromium: create from its form, inline edit, a field error shown in place,
// multi-row remove, the refresh (action=read, ids[]) Editor sends before an edit (the form then opens
// with the stored values), and a select and radio buttons filled from the server's `options`. Editor is licensed software (its npm
// package says it "requires a license to use", and runs in an evaluation mode without a key), so it is
// not a dependency of this repository: the spec runs when WIDGETLIB_EDITOR_DIR names an installed
// copy of the package (`npm install datatables.net-editor@3.1.0` outside the repository), and says
// so when skipped.
import { Controller, Get, Header, Param, NotFoundException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Book, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { ChoicesEditorBooksController, EditorBooksController } from './fixtures/editor-resource.fixture.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const EDITOR_DIR = process.env.WIDGETLIB_EDITOR_DIR;
const editorScript = EDITOR_DIR ? join(EDITOR_DIR, 'js/dataTables.editor.js') : '';
const available = editorScript !== '' && existsSync(editorScript);
const CSRF = 'editor-page-token';
const USER = { name: 'ed', permissions: ['books.view', 'books.add', 'books.change', 'books.delete'] };

const ASSETS: Record<string, () => string> = {
  'datatables.js': () =>
    readFileSync(join(root, 'packages/client/node_modules/datatables.net/js/dataTables.js'), 'utf8'),
  'datatables.css': () =>
    readFileSync(join(root, 'packages/client/node_modules/datatables.net-dt/css/dataTables.dataTables.css'), 'utf8'),
  'editor.js': () => readFileSync(editorScript, 'utf8'),
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Books</title>
<link rel="stylesheet" href="/editor-page/assets/datatables.css">
<script src="/editor-page/assets/datatables.js"></script>
<script src="/editor-page/assets/editor.js"></script></head>
<body>
<button id="new" type="button">New book</button> <button id="remove" type="button">Remove picked</button>
<button id="edit-refreshed" type="button">Edit all, refreshed</button>
<button id="edit-first" type="button">Edit first, refreshed</button>
<table id="books"><thead><tr><th>Title</th><th>Pages</th><th>Publisher</th></tr></thead></table>
<script>
const editor = new DataTable.Editor({
  ajax: { url: '/editor-books/editor', headers: { 'X-CSRF-Token': '${CSRF}' } },
  table: '#books',
  fields: [
    { label: 'Title', name: 'title' },
    { label: 'Pages', name: 'pages' },
    { label: 'Publisher', name: 'publisher.id' },
  ],
});
const table = new DataTable('#books', {
  serverSide: true,
  ajax: { url: '/editor-books/' },
  columns: [
    { data: 'title', className: 'editable' },
    { data: 'pages', className: 'editable', orderable: false, searchable: false },
    { data: 'publisher.name', orderable: false, searchable: false },
  ],
  order: [[0, 'asc']],
});
table.on('click', 'tbody td.editable', (event) => editor.inline(event.target.closest('td')));
table.on('click', 'tbody tr', function () { this.classList.toggle('picked'); });
document.querySelector('#new').addEventListener('click', () => editor.create({ title: 'New book', buttons: 'Create' }));
document.querySelector('#remove').addEventListener('click', () => editor.remove(table.rows('.picked').indexes(), { title: 'Remove', buttons: 'Delete' }));
document.querySelector('#edit-refreshed').addEventListener('click', () =>
  editor.edit(table.rows().indexes(), { title: 'Edit', refresh: true, buttons: 'Save' }));
document.querySelector('#edit-first').addEventListener('click', () =>
  editor.edit(table.row(0).index(), { title: 'Edit', refresh: true, buttons: 'Save' }));
window.editorEvents = [];
window.pageErrors = [];
window.addEventListener('error', (event) => window.pageErrors.push(String(event.message)));
editor.on('submitComplete', (event, json) => window.editorEvents.push(json));
</script></body></html>`;

/** A form whose select and radio fields take their choices from the server's `options`. */
const CHOICES_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Books</title>
<link rel="stylesheet" href="/editor-page/assets/datatables.css">
<script src="/editor-page/assets/datatables.js"></script>
<script src="/editor-page/assets/editor.js"></script></head>
<body>
<button id="new" type="button">New book</button>
<table id="books"><thead><tr><th>Title</th><th>Publisher</th></tr></thead></table>
<script>
const editor = new DataTable.Editor({
  ajax: { url: '/editor-chosen-books/editor', headers: { 'X-CSRF-Token': '${CSRF}' } },
  table: '#books',
  fields: [
    { label: 'Title', name: 'title' },
    { label: 'Pages', name: 'pages' },
    { label: 'Publisher', name: 'publisher.id', type: 'select' },
    { label: 'Shelf', name: 'archived', type: 'radio' },
  ],
});
new DataTable('#books', {
  serverSide: true,
  ajax: { url: '/editor-chosen-books/' },
  columns: [{ data: 'title' }, { data: 'publisher.name', orderable: false, searchable: false }],
  order: [[0, 'asc']],
});
document.querySelector('#new').addEventListener('click', () => editor.create({ title: 'New book', buttons: 'Create' }));
</script></body></html>`;

@Controller('editor-page')
class EditorPageController {
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Get('choices')
  @Header('content-type', 'text/html; charset=utf-8')
  choices(): string {
    return CHOICES_PAGE;
  }

  @Get('assets/:name')
  asset(@Param('name') name: string): string {
    const read = ASSETS[name];
    if (!read) throw new NotFoundException();
    return read();
  }
}

/** A browser test on a machine shared by several sessions: tens of seconds. */
const SLOW = 90_000;

(available ? describe : describe.skip)('The real DataTables Editor client on a resource (Chromium)', () => {
  let testApp: TestApp;
  let chromium: ChromiumSession;
  let baseUrl: string;
  let page: Page;

  const stored = async () =>
    (await testApp.dataSource.getRepository(Book).find({ relations: { publisher: true }, order: { id: 'ASC' } })).map(
      (book) => `${book.title}:${book.pages}:${book.publisher.name}:${book.archived}`,
    );
  const cell = (title: string, column: number) =>
    page.locator('#books tbody tr', { hasText: title }).locator('td').nth(column);
  const submissions = () => page.evaluate(() => (window as unknown as { editorEvents: unknown[] }).editorEvents.length);

  beforeAll(async () => {
    [testApp, chromium] = await Promise.all([
      createTestApp('sqlite', {
        entities: [Book, Publisher, ShelfTag],
        imports: [TypeOrmModule.forFeature([Book])],
        controllers: [EditorBooksController, ChoicesEditorBooksController, EditorPageController],
        beforeInit: (app) => {
          (app as NestExpressApplication).useBodyParser('urlencoded', { extended: false });
          app.use(
            (
              request: { method: string; headers: Record<string, unknown> },
              response: { statusCode: number; end(): void },
              next: () => void,
            ) => {
              if (request.method === 'POST' && request.headers['x-csrf-token'] !== CSRF) {
                response.statusCode = 403;
                response.end();
              } else next();
            },
          );
        },
      }),
      startChromium(),
    ]);
    await testApp.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  }, SLOW);

  afterAll(async () => {
    await chromium?.close();
    await testApp?.close();
  });

  beforeEach(async () => {
    const manager = testApp.dataSource.manager;
    await manager.query('DELETE FROM fixture_book_tag');
    for (const entity of [Book, Publisher]) await manager.createQueryBuilder().delete().from(entity).execute();
    const [penguin, faber] = await manager.save(Publisher, [
      { name: 'Penguin' },
      { name: 'Faber' },
      { name: 'Hidden House' },
      { name: 'Abrams & Co' },
    ]);
    await manager.save(Book, [
      { title: 'Dune', pages: 412, publisher: penguin!, archived: false },
      { title: 'Emma', pages: 474, publisher: faber!, archived: false },
    ]);
    const context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
    await context.setExtraHTTPHeaders({ 'x-test-user': JSON.stringify(USER) });
    page = await context.newPage();
    await page.goto(`${baseUrl}/editor-page`);
    await cell('Dune', 0).waitFor();
  }, SLOW);

  afterEach(async () => {
    await page.context().close();
  }, SLOW);

  it(
    "creates a row from Editor's form, and the table shows it as the server answered it",
    async () => {
      const penguin = await testApp.dataSource.getRepository(Publisher).findOneByOrFail({ name: 'Penguin' });
      await page.locator('#new').click();
      await page.locator('#DTE_Field_title').fill('Beloved');
      await page.locator('#DTE_Field_pages').fill('324');
      await page.locator('[id="DTE_Field_publisher-id"]').fill(String(penguin.id));
      await page.getByRole('button', { name: 'Create' }).click();
      await cell('Beloved', 2).filter({ hasText: 'Penguin' }).waitFor();
      expect(await stored()).toContain('Beloved:324:Penguin:false');
    },
    SLOW,
  );

  it(
    'edits a cell inline (Editor sends the changed field only), and shows a field error from the DTO in place',
    async () => {
      await cell('Dune', 1).click();
      const input = cell('Dune', 1).locator('input');
      await input.fill('500');
      await input.press('Enter');
      await cell('Dune', 1).filter({ hasText: /^500$/ }).waitFor();
      expect(await stored()).toContain('Dune:500:Penguin:false');

      await cell('Emma', 1).click();
      await cell('Emma', 1).locator('input').fill('0');
      await cell('Emma', 1).locator('input').press('Enter');
      await page.getByText('pages must not be less than 1').waitFor();
      expect(await stored()).toContain('Emma:474:Faber:false');
    },
    SLOW,
  );

  it(
    'removes several picked rows in one submission',
    async () => {
      await cell('Dune', 2).click();
      await cell('Emma', 2).click();
      await page.locator('#remove').click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.locator('#books tbody td.dt-empty').waitFor();
      expect(await stored()).toEqual([]);
    },
    SLOW,
  );

  it(
    'refreshes the rows before an edit (ids[]), answered with the rows still in the scope',
    async () => {
      // Another user archives Emma: outside the resource's scope from now on.
      await testApp.dataSource.getRepository(Book).update({ title: 'Emma' }, { archived: true });
      const refreshed = page.waitForRequest((request) => (request.postData() ?? '').startsWith('action=read'));
      await page.locator('#edit-refreshed').click();
      expect(decodeURIComponent((await refreshed).postData() ?? '')).toMatch(/^action=read&ids\[\]=\d+&ids\[\]=\d+$/);
      const answer = (await (await refreshed).response())!;
      expect(((await answer.json()) as { data: Book[] }).data.map((row) => row.title)).toEqual(['Dune']);
      expect(await submissions()).toBe(0);
    },
    SLOW,
  );

  it(
    'refreshes a row before its edit: the form opens with the stored values, and saves',
    async () => {
      // Another user changes Dune after the page read it.
      await testApp.dataSource.getRepository(Book).update({ title: 'Dune' }, { pages: 999 });
      await page.locator('#edit-first').click();
      const pages = page.locator('#DTE_Field_pages');
      await pages.waitFor({ timeout: 10_000 });
      expect(await pages.inputValue()).toBe('999');
      await pages.fill('1000');
      await page.getByRole('button', { name: 'Save' }).click();
      await cell('Dune', 1)
        .filter({ hasText: /^1000$/ })
        .waitFor();
      expect(await stored()).toContain('Dune:1000:Penguin:false');
      expect(await page.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors)).toEqual([]);
    },
    SLOW,
  );

  it(
    "offers the server's options in a select and radio buttons, and saves the picked ones",
    async () => {
      await page.goto(`${baseUrl}/editor-page/choices`);
      await cell('Dune', 0).waitFor();
      await page.locator('#new').click();
      const publisher = page.locator('[id="DTE_Field_publisher-id"]');
      // The list's answer carried them: the publishers by name, but the hidden one; labels as text.
      expect(await publisher.locator('option').allTextContents()).toEqual(['Abrams & Co', 'Faber', 'Penguin']);
      // Radio labels are written as HTML by Editor: the escaped label shows as its text.
      await page.getByText('On the <shelf>', { exact: true }).waitFor();
      await page.locator('#DTE_Field_title').fill('Beloved');
      await page.locator('#DTE_Field_pages').fill('324');
      await publisher.selectOption({ label: 'Abrams & Co' });
      await page.getByLabel('Archived', { exact: true }).check();
      await page.getByRole('button', { name: 'Create' }).click();
      await cell('Beloved', 1).filter({ hasText: 'Abrams & Co' }).waitFor();
      expect(await stored()).toContain('Beloved:324:Abrams & Co:true');
    },
    SLOW,
  );
});

if (!available) {
  // Jest lists the skipped suite; this says why.
  console.info('resources-editor.browser-spec: skipped, WIDGETLIB_EDITOR_DIR names no datatables.net-editor package');
}
