import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { SHARED_ALBUM_VIEW } from '../src/catalogue/album-views.seed.js';
import { signInOn } from './support/sign-in.js';
import { countOf, expectInfo } from './support/albums-table.js';

const ALBUMS = 300;
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';
const FORMAT_COLUMN = 7;
/** The columns (Code, Explicit, Released, Added, Format) whose exported cells are checked against the table's. */
const CHECKED_COLUMNS = [0, 4, 5, 6, 7];

/** The fields of one CSV record (RFC 4180: a quoted field doubles its quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let rest = line;
  for (;;) {
    const field = /^("(?:[^"]|"")*"|[^,]*)/.exec(rest)![1]!;
    fields.push(field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);
    rest = rest.slice(field.length);
    if (!rest.startsWith(',')) return fields;
    rest = rest.slice(1);
  }
}
const VIEWS = '.widgetlib-saved-views';

describe("the albums table's files and saved views, in Chromium (SQLite)", () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let baseUrl: string;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    demo = await startDemo('sqlite', { albumCount: ALBUMS });
    baseUrl = demo.baseUrl;
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
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, baseUrl, username, '/albums');
    if (path !== '/albums') {
      // A link opened afresh (a new tab): from /albums, a URL that differs only in its fragment would not load.
      await page.goto('about:blank');
      await page.goto(`${baseUrl}${path}`);
    }
    await page.waitForSelector('#albums tbody tr');
    return page;
  }

  const count = (sql: string) => countOf(dataSource, sql);

  const info = (matching: number) =>
    `Showing 1 to ${Math.min(10, matching)} of ${matching} entries (filtered from ${ALBUMS} total entries)`;

  it('downloads every album the filtered table matches as CSV and as XLSX, not only the page', async () => {
    const page = await signIn('viewer');
    await page.locator(`${FILTER_ROW} > td:nth-child(${FORMAT_COLUMN + 1}) select`).selectOption({ label: 'Vinyl' });
    const vinyl = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'vinyl'");
    expect(vinyl).toBeGreaterThan(10);
    await expectInfo(page, info(vinyl));

    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button.widgetlib-dt-export-csv')]);
    expect(csv.suggestedFilename()).toMatch(/^albums-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    // A byte order mark first: Excel then reads the accented names as UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Code,Title,Artist,Tracks,Explicit,Released,Added,Format,Notes,Homepage');
    // The file shows what the table's first row shows: Yes/No, the page's dates, the format's label.
    const shown = await page.evaluate((columns) => {
      type Api = { cell(row: number, column: number): { render(type: string): string } };
      const api = new (window as unknown as { DataTable: { Api: new (selector: string) => Api } }).DataTable.Api(
        '#albums',
      );
      return columns.map((column) => {
        const cell = document.createElement('div');
        cell.innerHTML = api.cell(0, column).render('display');
        cell.querySelectorAll('[aria-hidden="true"]').forEach((mark) => mark.remove());
        return (cell.textContent ?? '').trim();
      });
    }, CHECKED_COLUMNS);
    const first = csvFields(lines[1]!);
    expect(CHECKED_COLUMNS.map((column) => first[column])).toEqual(shown.map((cell) => (cell === '--' ? '' : cell)));
    expect(first[7]).toBe('Vinyl');
    expect(['Yes', 'No']).toContain(first[4]);
    expect(first[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Notes hold no line breaks: one line per album, each of the filtered format.
    expect(lines).toHaveLength(vinyl + 1);
    const codes = lines.slice(1).map((line) => line.split(',')[0]);
    const expected = (
      (await dataSource.query(
        "SELECT catalogue_code FROM album WHERE format = 'vinyl' ORDER BY added_at DESC, id ASC",
      )) as Array<{ catalogue_code: string }>
    ).map((row) => row.catalogue_code);
    expect(codes).toEqual(expected);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.click('button.widgetlib-dt-export-xlsx')]);
    expect(xlsx.suggestedFilename()).toMatch(/^albums-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = await readFile((await xlsx.path())!);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it("writes the file's column titles, yes/no and formats in the page's language", async () => {
    const page = await signIn('viewer', '/albums?lang=es');
    await page.locator('html[lang=es]').waitFor();
    // Cassettes, which the Spanish file once called "Cassette" (issue 30).
    const cassettes = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette' AND deleted_at IS NULL");
    await page.locator(`${FILTER_ROW} > td:nth-child(${FORMAT_COLUMN + 1}) select`).selectOption({ label: 'Casete' });
    await page.waitForFunction((matching) => {
      type Api = { ajax: { json(): { recordsFiltered?: number } | undefined } };
      const tables = (window as unknown as { DataTable: { Api: new (selector: string) => Api } }).DataTable;
      return new tables.Api('#albums').ajax.json()?.recordsFiltered === matching;
    }, cassettes);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button.widgetlib-dt-export-csv')]);
    const lines = (await readFile((await csv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Código,Título,Artista,Pistas,Explícito,Publicado,Añadido,Formato,Notas,Página web');
    expect(['Sí', 'No']).toContain(csvFields(lines[1]!)[4]);
    const formats = lines.slice(1).map((line) => csvFields(line)[FORMAT_COLUMN]);
    expect(formats).toHaveLength(cassettes);
    expect(new Set(formats)).toEqual(new Set(['Casete']));
  });

  it("opens the admin's shared view, read-only for others, from its list and from a link", async () => {
    const cassettes = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cassette'");
    const page = await signIn('viewer');
    const shared = page.locator(`${VIEWS}__item`, { hasText: SHARED_ALBUM_VIEW.name });
    await shared.waitFor();
    expect(await shared.textContent()).toContain('shared by admin');
    expect(await shared.locator(`${VIEWS}__share, ${VIEWS}__delete`).count()).toBe(0);
    await shared.locator(`${VIEWS}__load`).click();
    await expectInfo(page, info(cassettes));
    expect(new URL(page.url()).hash).toMatch(/^#view=\d+$/);

    // Its link followed on the same page (only the fragment changes) opens it too.
    await page.locator(`${FILTER_ROW} > td:nth-child(${FORMAT_COLUMN + 1}) select`).selectOption({ label: 'CD' });
    const cds = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cd'");
    await expectInfo(page, info(cds));
    await page.evaluate(() => (window.location.hash = ''));
    await shared.locator(`${VIEWS}__link`).click();
    await expectInfo(page, info(cassettes));

    const link = await shared.locator(`${VIEWS}__link`).getAttribute('href');
    const other = await signIn('editor', new URL(link!).pathname + new URL(link!).hash);
    await expectInfo(other, info(cassettes));
  });

  it("keeps an editor's own view private until shared", async () => {
    const editor = await signIn('editor');
    await editor.locator(`${FILTER_ROW} > td:nth-child(${FORMAT_COLUMN + 1}) select`).selectOption({ label: 'CD' });
    const cds = await count("SELECT COUNT(*) AS n FROM album WHERE format = 'cd'");
    await expectInfo(editor, info(cds));
    await editor.fill(`${VIEWS}__name`, 'Only CDs');
    await editor.click(`${VIEWS}__save`);
    const mine = editor.locator(`${VIEWS}__item`, { hasText: 'Only CDs' });
    await mine.waitFor();

    const viewer = await signIn('viewer');
    await viewer.locator(`${VIEWS}__item`, { hasText: SHARED_ALBUM_VIEW.name }).waitFor();
    expect(await viewer.locator(`${VIEWS}__item`, { hasText: 'Only CDs' }).count()).toBe(0);

    await Promise.all([
      editor.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      mine.getByRole('checkbox', { name: 'Shared: Only CDs' }).check(),
    ]);
    await viewer.reload();
    const sharedMine = viewer.locator(`${VIEWS}__item`, { hasText: 'Only CDs' });
    await sharedMine.waitFor();
    await sharedMine.locator(`${VIEWS}__load`).click();
    await expectInfo(viewer, info(cds));
  });
});
