// Takes the README's screenshots of a running demo: `node scripts/screenshots.mjs [baseUrl] [outDir]`.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startChromium } from '../../../scripts/chromium.mjs';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = resolve(process.argv[3] ?? new URL('../../../docs/screenshots', import.meta.url).pathname);
await mkdir(outDir, { recursive: true });

const chromium = await startChromium();
try {
  const context = await chromium.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sign-in`);
  await page.fill('#username', 'admin');
  await page.fill('#password', 'admin');
  await Promise.all([page.waitForURL(`${baseUrl}/albums`), page.click('button[type=submit]')]);

  await page.goto(`${baseUrl}/albums`);
  await page.waitForSelector('#albums tbody tr td:not(.dt-empty)');
  await page.screenshot({ path: `${outDir}/albums-table.png` });

  await page.goto(`${baseUrl}/albums/new`);
  await page.click('.widgetlib-palette-toggle');
  await page.waitForSelector('.widgetlib-palette:not([hidden]) li');
  await page.screenshot({ path: `${outDir}/help-panel.png` });
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await chromium.close();
}
