import type { Api } from 'datatables.net';
import type { Page } from 'playwright-core';
import type { WidgetLibTableOptions } from '../src/index.js';
import { useDataTablesBrowser } from './support/datatables-browser.js';

declare global {
  interface Window {
    albumsTable: Api;
    makeAlbumsTable(extraoptions?: WidgetLibTableOptions, addfilter?: boolean): boolean;
    __xss?: string;
    __drawn?: Promise<void>;
  }
}

const ASSETS = '/dt-fixture/assets/2.3';
const ARTIST_PANE = '.dtsp-searchPane:has(.dtsp-paneInputButton[placeholder="Artist"])';
const FORMAT_PANE = '.dtsp-searchPane:has(.dtsp-paneInputButton[placeholder="Format"])';

const browser = useDataTablesBrowser();
let page: Page;
let pageErrors: string[];
let dialogs: string[];

/** The fixture page on DataTables 2.3 with jQuery, plus the Select and SearchPanes extensions, and the table built. */
async function openTableWithPanes(): Promise<void> {
  page = await browser.newPage({ width: 1400, height: 900 });
  pageErrors = [];
  dialogs = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${browser.server.baseUrl}/dt-fixture/page?variant=min-jquery&datatables=2.3`);
  await page.addScriptTag({ url: `${ASSETS}/select.js` });
  await page.addScriptTag({ url: `${ASSETS}/searchpanes.js` });
  await page.evaluate(() =>
    window.makeAlbumsTable(
      {
        columns: [
          { data: 'id', name: 'id', title: 'ID', type: 'readonly' },
          { data: 'title', name: 'title', title: 'Title', type: 'string' },
          {
            data: 'format',
            title: 'Format',
            type: 'select',
            // The labels the server declares as the format's choices.
            render: (value: string, type: string) =>
              type === 'display' ? ({ LP: 'Long play', EP: 'Extended play' }[value] ?? value) : value,
          },
          { data: 'artist.name', title: 'Artist', type: 'readonly', defaultContent: '' },
        ],
        layout: { top1: 'searchPanes' },
        columnDefs: [{ searchPanes: { show: true }, targets: [2, 3] }],
      } as unknown as WidgetLibTableOptions,
      false,
    ),
  );
  await page.waitForSelector(`${ARTIST_PANE} tbody tr`);
}

/** Runs `action` and waits for the table's next draw. */
async function afterDraw(action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    window.__drawn = new Promise<void>((resolve) => window.albumsTable.one('draw', () => resolve()));
  });
  await action();
  await page.evaluate(() => window.__drawn);
}

async function paneNames(pane: string): Promise<string[]> {
  return page.$$eval(`${pane} tbody tr .dtsp-name`, (names) => names.map((name) => name.textContent ?? ''));
}

function lastQuery(): string {
  return JSON.stringify(browser.server.state.albumQueries.at(-1) ?? {});
}

describe('SearchPanes (server-side) on createDataTable in Chromium, DataTables 2.3', () => {
  it("shows the server's options with their counts, labels as text, and filters the table by a selection", async () => {
    await openTableWithPanes();
    expect(lastQuery()).toContain('searchPanes_options');
    const names = await paneNames(ARTIST_PANE);
    expect(names).toEqual(
      expect.arrayContaining(['Miles Davis', 'Nina Simone', 'John Coltrane', 'Ella Fitzgerald']) as string[],
    );
    // The artist whose name is markup is shown as text, never run.
    expect(names).toContain('<svg onload="window.__xss=\'artist\'"></svg>');
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    const pill = await page.textContent(`${ARTIST_PANE} tbody tr:has(.dtsp-name:text-is("Nina Simone")) .dtsp-pill`);
    expect(pill?.trim()).toBe('5');

    await afterDraw(() => page.click(`${ARTIST_PANE} tbody tr:has(.dtsp-name:text-is("Nina Simone")) .dtsp-name`));
    expect(lastQuery()).toContain('Nina Simone');
    const artists = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[3]?.textContent ?? ''),
    );
    expect(artists).toEqual(['Nina Simone', 'Nina Simone', 'Nina Simone', 'Nina Simone', 'Nina Simone']);
    expect(await page.textContent('#albums_info')).toContain('5');
    expect(pageErrors).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 60_000);

  it('selects the empty option (an album without artist) through searchPanes_null', async () => {
    await openTableWithPanes();
    const empty = `${ARTIST_PANE} tbody tr:has(.dtsp-name:text-is("")) .dtsp-name`;
    await afterDraw(() => page.click(empty));
    expect(lastQuery()).toContain('searchPanes_null');
    const titles = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[1]?.textContent ?? ''),
    );
    expect(titles).toEqual(['Untitled demo']);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("lists the format's labels as the cells show them, and selects by the stored value", async () => {
    await openTableWithPanes();
    const names = await paneNames(FORMAT_PANE);
    expect(names).toEqual(['Extended play', 'Long play', 'Single']);
    const cells = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[2]?.textContent ?? ''),
    );
    expect(cells.length).toBe(10);
    for (const cell of cells) expect(names).toContain(cell);

    await afterDraw(() => page.click(`${FORMAT_PANE} tbody tr:has(.dtsp-name:text-is("Extended play")) .dtsp-name`));
    // The selection sends the stored value, not the label.
    expect(lastQuery()).toContain('"EP"');
    expect(lastQuery()).not.toContain('Extended play');
    const shown = await page.$$eval('#albums tbody tr', (rows) =>
      rows.map((row) => (row as HTMLTableRowElement).cells[2]?.textContent ?? ''),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['Extended play']));
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
