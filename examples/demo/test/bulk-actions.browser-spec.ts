import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const ALBUMS = 300;
const FILTER_ROW = '#albums thead tr.widgetlib-filter-row';
const COLUMN = { explicit: 4, format: 7 } as const;
const BAR = '.widgetlib-bulk-actions';
const SELECT_ALL = `${BAR} button.widgetlib-bulk-select`;
const MARK = `${BAR} button:has-text("Mark as explicit")`;
const STATUS = `${BAR} [role=status]`;

describe('bulk actions on every matching album, in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let baseUrl: string;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

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

  async function signIn(username: 'admin' | 'editor' | 'viewer'): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signInOn(page, baseUrl, username, '/albums');
    return page;
  }

  async function ids(sql: string): Promise<number[]> {
    return ((await dataSource.query(sql)) as Array<{ id: number }>).map((row) => Number(row.id));
  }

  async function waitForText(page: Page, selector: string, expected: string): Promise<void> {
    try {
      await page.waitForFunction(
        ([where, text]) => document.querySelector(where!)?.textContent === text,
        [selector, expected],
        { timeout: 10_000 },
      );
    } catch {
      expect(await page.textContent(selector)).toBe(expected);
    }
  }

  it('shows no bulk actions to a viewer', async () => {
    const page = await signIn('viewer');
    await page.waitForSelector('#albums tbody tr');
    expect(await page.locator(`${BAR}:visible`).count()).toBe(0);
    expect(await page.locator('#albums').getByRole('checkbox').count()).toBe(0);
  });

  it('marks every album the filtered table matches as explicit, beyond the page, and only those', async () => {
    const page = await signIn('editor');
    await page.waitForSelector(SELECT_ALL);
    const before = await ids('SELECT id FROM album WHERE explicit = 1 ORDER BY id');
    const matching = await ids("SELECT id FROM album WHERE format = 'cassette' AND explicit = 0 ORDER BY id");
    expect(matching.length).toBeGreaterThan(10);
    const posts: Array<{ url: string; token: string | undefined; body: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/bulk/'))
        posts.push({
          url: request.url(),
          token: request.headers()['x-csrf-token'],
          body: request.postDataJSON() as Record<string, unknown>,
        });
    });

    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.format + 1}) select`).selectOption({ label: 'Cassette' });
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.explicit + 1}) select`).selectOption({ label: 'No' });
    await waitForText(page, SELECT_ALL, `Select all ${matching.length} matching rows`);
    expect(await page.locator(MARK).isDisabled()).toBe(true);
    expect(await page.getAttribute(SELECT_ALL, 'aria-pressed')).toBe('false');

    await page.click(SELECT_ALL);
    expect(await page.getAttribute(SELECT_ALL, 'aria-pressed')).toBe('true');
    await waitForText(page, STATUS, `All ${matching.length} matching rows are selected.`);
    await page.click(MARK);
    await waitForText(page, STATUS, `Marked ${matching.length} albums as explicit.`);
    expect(dialogs.at(-1)).toBe(`Mark ${matching.length} albums as explicit?`);
    // The table is drawn again: none of its rows is still "not explicit".
    await waitForText(page, '#albums_info', `Showing 0 to 0 of 0 entries (filtered from ${ALBUMS} total entries)`);
    await waitForText(page, SELECT_ALL, 'Select all 0 matching rows');
    expect(await page.getAttribute(SELECT_ALL, 'aria-pressed')).toBe('false');

    expect(await ids('SELECT id FROM album WHERE explicit = 1 ORDER BY id')).toEqual(
      [...before, ...matching].sort((a, b) => a - b),
    );
    const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
    expect(posts).toEqual([
      {
        url: `${baseUrl}/api/albums/bulk/mark-explicit`,
        token,
        body: expect.objectContaining({ format: 'cassette', explicit: 'false', confirm: matching.length }) as unknown,
      },
    ]);
    expect(posts[0]!.body.all).toBeUndefined();
  });

  it('clears the selection when the filters change, and tells a stale count apart', async () => {
    const page = await signIn('admin');
    await page.waitForSelector(SELECT_ALL);
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.format + 1}) select`).selectOption({ label: 'Vinyl' });
    const vinyl = (await ids("SELECT id FROM album WHERE format = 'vinyl'")).length;
    await waitForText(page, SELECT_ALL, `Select all ${vinyl} matching rows`);
    await page.click(SELECT_ALL);
    expect(await page.getAttribute(SELECT_ALL, 'aria-pressed')).toBe('true');
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.explicit + 1}) select`).selectOption({ label: 'Yes' });
    const explicitVinyl = (await ids("SELECT id FROM album WHERE format = 'vinyl' AND explicit = 1")).length;
    await waitForText(page, SELECT_ALL, `Select all ${explicitVinyl} matching rows`);
    expect(await page.getAttribute(SELECT_ALL, 'aria-pressed')).toBe('false');
    expect(await page.locator(MARK).isDisabled()).toBe(true);

    // Another user's write between the count and the action: the server refuses the stale count.
    await page.locator(`${FILTER_ROW} > td:nth-child(${COLUMN.explicit + 1}) select`).selectOption({ label: 'No' });
    const plain = await ids("SELECT id FROM album WHERE format = 'vinyl' AND explicit = 0 ORDER BY id");
    await waitForText(page, SELECT_ALL, `Select all ${plain.length} matching rows`);
    await page.click(SELECT_ALL);
    await dataSource.query('UPDATE album SET explicit = 1 WHERE id = ?', [plain[0]]);
    await page.click(MARK);
    await waitForText(
      page,
      STATUS,
      `The action failed: confirm=${plain.length}, but ${plain.length - 1} rows match the request now: ` +
        'the table changed since it was shown; reload it and try again',
    );
    expect((await ids("SELECT id FROM album WHERE format = 'vinyl' AND explicit = 0")).length).toBe(plain.length - 1);
  });
});
