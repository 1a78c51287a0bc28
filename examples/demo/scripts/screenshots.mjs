// Takes the README's screenshots of a running demo: `node scripts/screenshots.mjs [baseUrl] [outDir]`.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startChromium } from '../../../scripts/chromium.mjs';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = resolve(process.argv[3] ?? new URL('../../../docs/screenshots', import.meta.url).pathname);
await mkdir(outDir, { recursive: true });

const chromium = await startChromium();
try {
  const signIn = async (viewport) => {
    const context = await chromium.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-in`);
    await page.fill('#username', 'admin');
    await page.fill('#password', 'admin');
    await Promise.all([page.waitForURL(`${baseUrl}/albums`), page.click('button[type=submit]')]);
    return page;
  };
  const page = await signIn({ width: 1440, height: 900 });

  await page.goto(`${baseUrl}/albums`);
  await page.waitForSelector('#albums tbody tr td:not(.dt-empty)');
  await page.screenshot({ path: `${outDir}/albums-table.png` });

  // SearchPanes' button opened on a laptop, one format selected: the Genres pane's counts cascade.
  const laptop = await signIn({ width: 1280, height: 800 });
  await laptop.waitForSelector('#albums tbody tr td:not(.dt-empty)');
  await laptop.click('#albums_wrapper .dt-buttons button:has-text("SearchPanes")');
  await laptop.click('.dtsp-searchPane tbody tr:has(span.dtsp-name:text-is("Vinyl")) td');
  await laptop.waitForSelector('.dtsp-searchPane span.dtsp-pill:has-text("(")');
  await laptop.screenshot({ path: `${outDir}/albums-panes.png` });

  await page.goto(`${baseUrl}/albums/new`);
  await page.click('.widgetlib-palette-toggle');
  await page.waitForSelector('.widgetlib-palette:not([hidden]) li');
  await page.screenshot({ path: `${outDir}/help-panel.png` });

  // The panel's edit form with its rich-text editor (loaded when the form opens).
  await page.click('.widgetlib-palette button:has-text("Edit")');
  await page.waitForSelector('.widgetlib-palette [role=toolbar]');
  await page.screenshot({ path: `${outDir}/help-editor.png` });

  // The same form's help in Spanish (`?lang=es`: the page's <html lang>), with an entry's history.
  await page.goto(`${baseUrl}/albums/new?lang=es`);
  await page.click('.widgetlib-palette-toggle');
  await page.waitForSelector('.widgetlib-palette:not([hidden]) li');
  await page.click('.widgetlib-palette button:has-text("Histor")');
  await page.waitForSelector('.widgetlib-palette .widgetlib-palette__history');
  await page.screenshot({ path: `${outDir}/help-spanish.png` });

  // Help coverage and readers' use, on the help entries page for admins.
  await page.goto(`${baseUrl}/help-entries?lang=en`);
  await page.waitForSelector('#help-coverage-table tbody tr');
  await page.locator('#help-coverage').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${outDir}/help-coverage.png` });

  // The three pages at 1280x800 and 390x844, as a user first sees them (docs/screenshots/*-desktop.png, *-phone.png).
  const desktop = await signIn({ width: 1280, height: 800 });
  const phone = await signIn({ width: 390, height: 844 });
  for (const [device, tab] of [
    ['desktop', desktop],
    ['phone', phone],
  ]) {
    await tab.goto(`${baseUrl}/albums`);
    await tab.waitForSelector('#albums tbody tr td:not(.dt-empty)');
    await tab.waitForSelector('#albums_processing', { state: 'hidden' });
    await tab.screenshot({ path: `${outDir}/albums-${device}.png` });

    await tab.goto(`${baseUrl}/help-entries`);
    await tab.waitForSelector('#help-entries tbody tr td:not(.dt-empty)');
    await tab.waitForSelector('#help-entries_processing', { state: 'hidden' });
    await tab.screenshot({ path: `${outDir}/help-entries-${device}.png` });

    await tab.goto(`${baseUrl}/albums/new`);
    await tab.waitForSelector('.widgetlib-help-icon');
    if (device === 'desktop') {
      // The help panel where it first opens (clear of the sidebar's controls and the form's labels),
      // and the Artist picker open beside it.
      await tab.click('.widgetlib-palette-toggle');
      await tab.waitForSelector('.widgetlib-palette:not([hidden]) li');
      await tab.click('.field:has(#artist_id) .ts-control');
      await tab.waitForSelector('.ts-dropdown .option');
    }
    await tab.screenshot({ path: `${outDir}/album-form-${device}.png` });
  }
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await chromium.close();
}
