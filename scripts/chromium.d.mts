import type { BrowserContext, BrowserContextOptions } from 'playwright-core';

export interface FoundChromium {
  executablePath: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Where it came from: `WIDGETLIB_CHROMIUM`, `/usr/bin/chromium` or `@sparticuz/chromium <version>`. */
  source: string;
}

export interface ChromiumSession {
  readonly source: string;
  /** An isolated context (its own cookies and storage); `context.close()` releases it. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes the browser and every context of this session. */
  close(): Promise<void>;
}

export function findChromium(): Promise<FoundChromium>;
export function startChromium(): Promise<ChromiumSession>;
