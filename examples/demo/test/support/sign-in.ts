import type { Page } from 'playwright-core';

/**
 * Opens `path` signed out and signs in as `username` on the sign-in page it leads to (a demo user's
 * password is its name); resolves once the browser is back on `path`.
 */
export async function signInOn(page: Page, baseUrl: string, username: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.fill('#username', username);
  await page.fill('#password', username);
  await Promise.all([page.waitForURL(`${baseUrl}${path}`), page.click('button[type=submit]')]);
}
