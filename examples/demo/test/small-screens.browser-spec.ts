import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { tableReach, type Reach, type TableReach } from './support/reachability.js';
import { signInOn } from './support/sign-in.js';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const ALBUM_HEADERS = [
  'Code',
  'Title',
  'Artist',
  'Tracks',
  'Explicit',
  'Released',
  'Added',
  'Format',
  'Genres',
  'Notes',
  'Homepage',
  'Liner notes',
  '(actions)',
];
const ALBUM_FILTERS = [
  'Title',
  'Artist',
  'Tracks',
  'Explicit',
  'Released',
  'Added',
  'Format',
  'Genres',
  'Notes',
  'Homepage',
];
const HELP_HEADERS = ['View id', 'Field', 'Language', 'Title', 'Text', '(actions)'];
const HELP_FILTERS = ['View id', 'Field', 'Language', 'Title', 'Text'];

describe('the demo on a laptop (1280x800) and a phone (390x844) in Chromium (SQLite)', () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite', { albumCount: 30 }), startChromium()]);
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await demo?.close();
  });

  async function signIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
    context = await chromium.newContext({ viewport });
    const page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, demo.baseUrl, 'admin', path);
    return page;
  }

  /** Every reach of the report that is not `visible`, `scroll` or `tap`, by what it is. */
  function unreachable(report: TableReach): string[] {
    const missing = (kind: string, reaches: Record<string, Reach>) =>
      Object.entries(reaches).flatMap(([name, reach]) => (reach === 'unreachable' ? [`${kind} ${name}`] : []));
    return [
      ...missing('header', report.headers),
      ...missing('filter', report.filters),
      ...missing('action', Object.fromEntries(report.actions.entries())),
    ];
  }

  it.each([
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)('reaches every header, filter and row action of the albums table on a %s', async (device, viewport) => {
    const page = await signIn(viewport, '/albums');
    await page.waitForSelector('#albums tbody .row-actions');
    await page.screenshot({ path: `/tmp/widgetlib-demo-albums-${device}.png`, fullPage: true });
    const report = await tableReach(page, 'albums');
    expect(Object.keys(report.headers)).toEqual(ALBUM_HEADERS);
    expect(Object.keys(report.filters).sort()).toEqual([...ALBUM_FILTERS].sort());
    // Ten rows of Edit, History and Delete.
    expect(report.actions).toHaveLength(30);
    expect(unreachable(report)).toEqual([]);
    // The row actions are never the part cut off: they stay in the row; so does the first column.
    expect(new Set(report.actions)).toEqual(new Set(['visible']));
    expect(report.headers.Code).toBe('visible');
    // Responsive: nothing needs a sideways scroll, the columns that do not fit are one tap away.
    expect(Object.values(report.headers)).not.toContain('scroll');
    expect(Object.values(report.filters)).not.toContain('scroll');
    expect(Object.values(report.headers)).toContain('tap');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it.each([
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)(
    'reaches every header, filter and row action of the help entries table on a %s',
    async (device, viewport) => {
      const page = await signIn(viewport, '/help-entries');
      await page.waitForSelector('#help-entries tbody .row-actions');
      await page.screenshot({ path: `/tmp/widgetlib-demo-help-entries-${device}.png`, fullPage: true });
      const report = await tableReach(page, 'help-entries');
      expect(Object.keys(report.headers)).toEqual(HELP_HEADERS);
      expect(Object.keys(report.filters).sort()).toEqual([...HELP_FILTERS].sort());
      expect(report.actions).toHaveLength(20);
      expect(unreachable(report)).toEqual([]);
      // overflow 'scroll': the row actions stay in view at the end of the row while the rest scrolls.
      expect(new Set(report.actions)).toEqual(new Set(['visible']));
      expect(Object.values(report.headers)).not.toContain('tap');
      if (device === 'phone') expect(Object.values(report.headers)).toContain('scroll');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    },
  );

  it('keeps the sidebar behind the menu button on a phone: it opens, closes with Escape, and with the button', async () => {
    const page = await signIn(PHONE, '/albums');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const sidebar = page.locator('#sidebar');
    expect(await menu.getAttribute('aria-controls')).toBe('sidebar');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    // The content has the whole width.
    const content = await page.locator('main.content').boundingBox();
    expect(content).toMatchObject({ x: 0, width: PHONE.width });

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Albums');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);

    // From the keyboard: Enter on the focused button opens it, a link of it navigates.
    await page.keyboard.press('Enter');
    expect(await sidebar.isVisible()).toBe(true);
    await Promise.all([
      page.waitForURL(`${demo.baseUrl}/help-entries`),
      sidebar.getByRole('link', { name: 'Help entries' }).click(),
    ]);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
  });

  it("opens the help panel from a field's ? icon on a phone while the sidebar stays closed", async () => {
    const page = await signIn(PHONE, '/albums/new');
    await page.locator('.widgetlib-help-icon').first().click();
    const panel = page.locator('.widgetlib-palette[data-widgetlib-palette]');
    await panel.locator('.widgetlib-palette__entry').first().waitFor();
    expect(await panel.isVisible()).toBe(true);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // Its controls take clicks although the sidebar around it is hidden.
    await panel.getByRole('searchbox').fill('tracks');
    expect(await panel.locator('.widgetlib-palette__entry:not([hidden])').count()).toBe(1);
  });

  it('shows the sidebar without a menu button on a laptop', async () => {
    const page = await signIn(LAPTOP, '/albums');
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    expect(await page.locator('#sidebar nav a[aria-current="page"]').textContent()).toBe('Albums');
  });

  it("keeps every part of the admin's own saved view on a phone, in English and in Spanish", async () => {
    for (const lang of ['en', 'es']) {
      const page = await signIn(PHONE, `/albums?lang=${lang}`);
      const item = page.locator('.widgetlib-saved-views__item').first();
      await item.locator('.widgetlib-saved-views__delete').waitFor();
      const outside = await item.evaluate((element, width) => {
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll('button, a, input, label')]
          .filter((part) => part.checkVisibility())
          .filter((part) => {
            const own = part.getBoundingClientRect();
            return own.left < box.left || own.right > box.right || own.right > width;
          })
          .map((part) => part.textContent?.trim() || part.outerHTML.slice(0, 40));
      }, PHONE.width);
      expect({ lang, outside }).toEqual({ lang, outside: [] });
      await context.close();
    }
  });
});
