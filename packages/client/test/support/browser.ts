import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const clientRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium, headless, with what this machine's closed network needs (TOOLCHAIN.md). */
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

/** Bundles a browser entry of the client package (default: the `<script>` bundle) for a test page. */
export async function bundleClient(entry = 'src/browser.ts'): Promise<string> {
  const result = await build({
    entryPoints: [resolve(clientRoot, entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
