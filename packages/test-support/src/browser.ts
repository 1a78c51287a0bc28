import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (or `WIDGETLIB_CHROMIUM`), headless, with what this machine's closed network needs (TOOLCHAIN.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.WIDGETLIB_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
