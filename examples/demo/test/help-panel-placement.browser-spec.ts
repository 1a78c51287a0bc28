import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { signInOn } from './support/sign-in.js';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

describe('where the help panel opens on the album form, and what paints over it (Chromium, SQLite)', () => {
  let demo: DemoServer;
  let chromium: ChromiumSession;
  let context: BrowserContext;
  let pageErrors: string[];

  beforeAll(async () => {
    [demo, chromium] = await Promise.all([startDemo('sqlite'), startChromium()]);
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

  /** The sidebar's controls and the form's labels a user sees: painted on top at their centre. */
  function controlsAndLabels(page: Page): Promise<Box[]> {
    return page.evaluate((panelSelector) => {
      const panel = document.querySelector(panelSelector)!;
      const elements = [
        ...document.querySelectorAll<HTMLElement>('#sidebar a[href], #sidebar button, form.album-form label'),
      ].filter((element) => !panel.contains(element));
      return elements.flatMap((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight) return [];
        const x = (box.left + box.right) / 2;
        const y = (Math.max(box.top, 0) + Math.min(box.bottom, innerHeight)) / 2;
        const top = document.elementFromPoint(x, y);
        // Seen: on top at its centre, or under the panel (which is what is checked).
        if (!top || !(element.contains(top) || panel.contains(top))) return [];
        const { left, right, top: boxTop, bottom } = box;
        return [{ name: element.textContent!.trim() || element.className, left, right, top: boxTop, bottom }];
      });
    }, PANEL);
  }

  it.each([
    ['laptop', LAPTOP, '/albums/new'],
    ['phone', PHONE, '/albums/new'],
    ['laptop', LAPTOP, '/albums/1/edit'],
    ['phone', PHONE, '/albums/1/edit'],
  ] as const)(
    'opens on a %s (%s) covering neither the sidebar controls nor the form labels',
    async (_device, viewport, path) => {
      const page = await signIn(viewport, path);
      if (viewport === PHONE) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const seen = await controlsAndLabels(page);
      // The sidebar's links are seen; the form's labels too, except on a phone, where the open sidebar hides them.
      const names = seen.map((box) => box.name);
      expect(names).toEqual(expect.arrayContaining(['Albums', 'Sign out', ...(viewport === PHONE ? [] : ['Title'])]));
      await page.click('.widgetlib-palette-toggle');
      const panel = page.locator(PANEL);
      await panel.locator('.widgetlib-palette__entry').first().waitFor();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.width).toBeGreaterThanOrEqual(260);
      expect(box.height).toBeGreaterThanOrEqual(240);
      const covered = seen.filter(
        (other) =>
          box.x < other.right &&
          other.left < box.x + box.width &&
          box.y < other.bottom &&
          other.top < box.y + box.height,
      );
      expect(covered.map((other) => other.name)).toEqual([]);
    },
  );

  it('keeps the Artist picker\u2019s dropdown under the panel placed over it', async () => {
    const page = await signIn(LAPTOP, '/albums/new');
    await page.click('.widgetlib-palette-toggle');
    const panel = page.locator(PANEL);
    await panel.locator('.widgetlib-palette__entry').first().waitFor();
    // The user drags the panel by its header over the Artist field.
    const header = (await panel.locator('.widgetlib-palette__header').boundingBox())!;
    const artist = (await page.locator('.field:has(#artist_id) .ts-control').boundingBox())!;
    await page.mouse.move(header.x + 40, header.y + header.height / 2);
    await page.mouse.down();
    await page.mouse.move(artist.x + 40, artist.y + 60, { steps: 5 });
    await page.mouse.up();
    const placed = (await panel.boundingBox())!;
    expect(placed.x).toBeLessThan(artist.x + artist.width);
    expect(placed.y).toBeLessThan(artist.y + 200);

    // The picker opens on the part of the field the panel leaves free.
    await page.mouse.click(artist.x + artist.width - 20, artist.y + artist.height / 2);
    const dropdown = page.locator('.ts-dropdown');
    await dropdown.waitFor();
    await page.locator('.ts-dropdown .option').first().waitFor();
    const list = (await dropdown.boundingBox())!;
    const x = Math.max(list.x, placed.x) + 10;
    const y = Math.max(list.y, placed.y) + 10;
    expect(x).toBeLessThan(Math.min(list.x + list.width, placed.x + placed.width));
    expect(y).toBeLessThan(Math.min(list.y + list.height, placed.y + placed.height));
    const onTop = await page.evaluate(
      ([px, py, selector]) => document.elementFromPoint(px, py)?.closest(selector) !== null,
      [x, y, PANEL] as const,
    );
    expect(onTop).toBe(true);
  });
});
