import type { BrowserContext, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { DataSource as DataSourceToken } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const PREVIEW_CHARS = 48;

describe('the help entries page: plain-text previews and the rich-text editor (Chromium, SQLite)', () => {
  let demo: DemoServer;
  let dataSource: DataSource;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite'), startChromium()]);
    dataSource = demo.app.get(DataSourceToken);
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function signIn(username: string): Promise<Page> {
    context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, username, '/help-entries');
    return page;
  }

  /** Searches the table and waits until it shows `rows` rows, each containing `shows`. */
  async function search(page: Page, text: string, rows: number, shows = text): Promise<void> {
    await page.fill('#help-entries_wrapper .dt-search input', text);
    await page.waitForFunction(
      ([expected, count, marker]) => {
        const shown = [...document.querySelectorAll<HTMLElement>('#help-entries tbody tr')];
        return (
          document.querySelector('#help-entries_info')?.textContent?.startsWith(expected) &&
          shown.length === count &&
          shown.every((row) => row.innerText.includes(marker))
        );
      },
      [`Showing 1 to ${rows} of ${rows}`, rows, shows] as const,
    );
  }

  /** The Text column's cell of the only row shown. */
  const textCell = (page: Page) => page.locator('#help-entries tbody tr td').nth(4);

  it('shows help text as a short plain-text preview: no markup, entities decoded, text escaped, cut with an ellipsis', async () => {
    const long = 'word '.repeat(30).trim();
    await dataSource.query(
      `INSERT INTO widgetlib_help (id_view, question_name, language, language_key, help_title, help_text, version)
       VALUES ('help:admin', 'preview', NULL, '', 'Preview sample', ?, 1), ('help:admin', 'short', NULL, '', 'Escaping sample', ?, 1)`,
      [
        `<h2>Tips</h2><ul><li><strong>Vinyl</strong> &amp; CD</li><li>${long}</li></ul>`,
        '<p>&lt;b&gt;not bold&lt;/b&gt; <img src="x" alt="">stays text</p>',
      ],
    );
    const page = await signIn('admin');

    await search(page, 'Preview sample', 1);
    const preview = textCell(page);
    const shown = await preview.innerText();
    expect(shown).toMatch(/^Tips Vinyl & CD word word/);
    expect(shown.endsWith('\u2026')).toBe(true);
    expect(Array.from(shown)).toHaveLength(PREVIEW_CHARS);
    expect(await preview.locator('strong, ul, li, h2, img').count()).toBe(0);
    expect(await preview.locator('[title]').getAttribute('title')).toBe(`Tips Vinyl & CD ${long}`);

    // Text that looks like markup is shown as text, never parsed into the page.
    await search(page, 'Escaping sample', 1);
    expect(await textCell(page).innerText()).toBe('<b>not bold</b> stays text');
    expect(await textCell(page).locator('b, img').count()).toBe(0);
  });

  it('edits an entry with the help panel\u2019s rich-text editor; the server sanitises what is saved', async () => {
    const page = await signIn('admin');
    await search(page, 'album-edit Up to five genres', 1, 'Up to five genres');
    await page.locator('#help-entries button[data-edit-url]').click();
    const form = page.locator('#help-entry-form');
    const editable = form.locator('.widgetlib-rte').getByRole('textbox', { name: 'Text' });
    await editable.waitFor();
    expect(await page.locator('#entry-help_text').isHidden()).toBe(true);
    expect(await editable.innerText()).toBe('Up to five genres; the first is the main one.');

    // Formatting from the toolbar.
    await editable.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await form.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Really.');
    // And markup typed into the HTML source view, which is sent as it is.
    await form.getByRole('button', { name: 'HTML source' }).click();
    const source = page.locator('#entry-help_text');
    expect(await source.inputValue()).toBe(
      '<p>Up to five genres; the first is the main one. <strong>Really.</strong></p>',
    );
    await source.fill(
      `${await source.inputValue()}<p onclick="window.__pwned=1">x<script>window.__pwned=1</script></p>`,
    );
    await form.locator('button[type=submit]').click();
    await page.waitForFunction(
      () => document.querySelector('#help-entries-status')?.textContent === 'The entry was saved.',
    );
    expect(
      await dataSource.query(
        "SELECT help_text FROM widgetlib_help WHERE id_view = 'catalogue:album-edit' AND question_name = 'genre_ids' AND language = 'en'",
      ),
    ).toEqual([{ help_text: '<p>Up to five genres; the first is the main one. <strong>Really.</strong></p><p>x</p>' }]);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await form.isHidden()).toBe(true);
    // The table shows the saved text, as plain text.
    await page.waitForFunction(
      (full) => document.querySelector('#help-entries tbody td .widgetlib-truncated')?.getAttribute('title') === full,
      'Up to five genres; the first is the main one. Really. x',
    );
    expect(await textCell(page).locator('strong, p').count()).toBe(0);

    // Opened again, the editor starts from the saved entry, once (not a second editor beside the first).
    await page.locator('#help-entries button[data-edit-url]').click();
    await editable.waitFor();
    expect(await form.locator('.widgetlib-rte').count()).toBe(1);
    expect(await editable.locator('strong').innerText()).toBe('Really.');
  });
});
