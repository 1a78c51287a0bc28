import type { Api } from 'datatables.net';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { DataTablesExportFixtureController } from './fixtures/datatables-export.fixture.js';
import { DATATABLES_LINES, type DataTablesLine } from './fixtures/datatables-fixture.page.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    makeAlbumsTable(url: string, options?: object): boolean;
    makeLabelledAlbumsTable(url: string, options?: object): boolean;
  }
}

const browser = useDataTablesBrowser();
let page: Page;

/** RFC 4180 records: quoted fields (quotes doubled) may hold commas and line breaks; CRLF ends a record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return records;
}

interface ListedAlbum {
  id: number;
  title: string;
  year: number;
  artist: { name: string } | null;
}

/** The rows the list answers for `query`, every page, as the CSV writes them (text starting with `=`... neutralised). */
async function listed(query: string): Promise<string[][]> {
  const rows: string[][] = [];
  for (let offset = 0; ; offset += 10) {
    const response = await fetch(`${browser.server.baseUrl}/dt-export/albums?${query}&limit=10&offset=${offset}`);
    const body = (await response.json()) as { data: ListedAlbum[]; recordsFiltered: number };
    const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    rows.push(
      ...body.data.map((album) => [String(album.id), text(album.title), String(album.year), album.artist?.name ?? '']),
    );
    if (offset + 10 >= body.recordsFiltered) return rows;
  }
}

async function openTable(
  line: DataTablesLine,
  url: string,
  options: object = {},
  make: 'makeAlbumsTable' | 'makeLabelledAlbumsTable' = 'makeAlbumsTable',
): Promise<void> {
  page = await browser.newPage({ width: 1200, height: 900 });
  page.setDefaultTimeout(8000);
  await page.goto(`${browser.server.baseUrl}/dt-export/page?datatables=${line}`);
  await page.evaluate(([u, o, m]) => window[m](u, o), [url, options, make] as const);
  await page.waitForFunction(() => window.albumsTable.ajax.json() !== undefined);
}

/** Orders the table by year, descending, and searches it; waits for the answer. */
async function narrow(search: string): Promise<void> {
  await page.evaluate((text) => {
    window.albumsTable
      .order([[2, 'desc']])
      .search(text)
      .draw();
  }, search);
  await page.waitForFunction(
    (text) => (window.albumsTable.ajax.params() as { search?: { value?: string } }).search?.value === text,
    search,
  );
  await page.waitForFunction(() => !document.querySelector('.dt-processing[style*="block"]'));
}

async function downloadFrom(selector: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return download;
}

describe.each(DATATABLES_LINES)('Export buttons on DataTables %s', (line) => {
  it("downloads a CSV of every row of the table's search and ordering, its visible columns", async () => {
    await openTable(line, '/dt-export/albums');
    await narrow('e');
    const download = await downloadFrom('.widgetlib-dt-export-csv');
    expect(download.suggestedFilename()).toMatch(/^dtc_album-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    // A byte order mark first, so that Excel reads the file as UTF-8.
    expect(text.startsWith('\uFEFFid,')).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records[0]).toEqual(['id', 'title', 'year', 'artist.name']);
    const expected = await listed('search=e&ordering=-year');
    expect(expected.length).toBeGreaterThan(10);
    expect(records.slice(1)).toEqual(expected);
  });

  it('downloads an XLSX workbook through the Excel button', async () => {
    await openTable(line, '/dt-export/albums');
    const download = await downloadFrom('.widgetlib-dt-export-xlsx');
    expect(download.suggestedFilename()).toMatch(/^dtc_album-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("sends a long request as a POST with the page's CSRF token", async () => {
    const posts = browser.server.testApp.app.get(DataTablesExportFixtureController).posts;
    const before = posts.length;
    await openTable(line, '/dt-export/albums', { maxGetUrlLength: 40 });
    await narrow('Blue');
    const download = await downloadFrom('.widgetlib-dt-export-csv');
    expect(posts.slice(before)).toEqual([true]);
    const records = parseCsv((await readFile(await download.path(), 'utf8')).slice(1));
    expect(records.slice(1)).toEqual(await listed('search=Blue&ordering=-year'));
  });

  it("shows the server's refusal instead of downloading", async () => {
    await openTable(line, '/dt-export/capped');
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.click('.widgetlib-dt-export-csv');
    const notice = page.locator('.widgetlib-dt-export-error');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.textContent()).toMatch(
      /^The export failed: the export would hold \d+ rows; at most 3 are allowed \(export\.maxRows\)/,
    );
    expect(downloads).toBe(0);
  });

  it("loads the export's part on the first export, once; a part that cannot be loaded is said in the table's words", async () => {
    await openTable(line, '/dt-export/albums');
    const partRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('widgetlib.export.min.js')) partRequests.push(request.url());
    });
    await page.route('**/widgetlib.export.min.js*', (route) => route.fulfill({ status: 404, body: '' }));
    await page.click('.widgetlib-dt-export-csv');
    const notice = page.locator('.widgetlib-dt-export-error');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'The export failed: Part of this table could not be loaded; reload the page to try again.',
    );
    expect(partRequests).toHaveLength(1);

    // A failed load is tried again by the next export, which then downloads.
    await page.unroute('**/widgetlib.export.min.js*');
    const download = await downloadFrom('.widgetlib-dt-export-csv');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(partRequests).toHaveLength(2);
    await downloadFrom('.widgetlib-dt-export-csv');
    expect(partRequests).toHaveLength(2);
  });

  it('downloads a CSV whose cells are what the table shows: labels, Yes/No, dates in the page formats', async () => {
    await openTable(line, '/dt-export/albums', { pageLength: 50 }, 'makeLabelledAlbumsTable');
    // The cells' text, the marks screen readers skip (the boolean's tick) left out.
    const shown = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) => {
          const copy = cell.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('[aria-hidden="true"]').forEach((mark) => mark.remove());
          return (copy.textContent ?? '').trim();
        }),
      ),
    );
    expect(shown).toHaveLength(25);
    expect(new Set(shown.map((row) => row[1]))).toEqual(new Set(['Long play', 'Extended play', 'Single']));
    expect(new Set(shown.map((row) => row[2]))).toEqual(new Set(['Yes', 'No']));
    expect(shown[0]![3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(shown[0]![4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const download = await downloadFrom('.widgetlib-dt-export-csv');
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records[0]).toEqual(['title', 'format', 'is_live', 'released', 'recorded_at']);
    expect(records.slice(1)).toEqual(
      shown.map((row) => row.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell))),
    );
  });

  it('ends the file with a totals row of the server aggregates when the button asks for totals', async () => {
    await openTable(line, '/dt-export/totalled', {
      layout: { topStart: { buttons: [{ extend: 'widgetlibCsv', totals: true }] } },
    });
    await narrow('e');
    const download = await downloadFrom('.widgetlib-dt-export-csv');
    const records = parseCsv((await readFile(await download.path(), 'utf8')).slice(1));
    const expected = await listed('search=e&ordering=-year');
    expect(records.slice(1, -1)).toEqual(expected);
    const { aggregates } = (await (
      await fetch(`${browser.server.baseUrl}/dt-export/totalled?search=e&limit=1`)
    ).json()) as {
      aggregates: { year: { sum: number } };
    };
    expect(aggregates.year.sum).toBe(expected.reduce((total, row) => total + Number(row[2]), 0));
    expect(records.at(-1)).toEqual(['Totals', '', String(aggregates.year.sum), '']);
  });

  it('downloads the raw values when the button asks for them', async () => {
    await openTable(
      line,
      '/dt-export/albums',
      { layout: { topStart: { buttons: [{ extend: 'widgetlibCsv', values: 'raw' }] } } },
      'makeLabelledAlbumsTable',
    );
    const download = await downloadFrom('.widgetlib-dt-export-csv');
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('title,format,is_live,released,recorded_at\r\n')).toBe(true);
    const { data } = (await (await fetch(`${browser.server.baseUrl}/dt-export/albums?limit=1`)).json()) as {
      data: { title: string; format: string; is_live: boolean; released: string; recorded_at: string }[];
    };
    const [first] = data;
    expect(parseCsv(text)[1]).toEqual([
      first!.title,
      first!.format,
      String(first!.is_live),
      first!.released,
      first!.recorded_at,
    ]);
  });
});
