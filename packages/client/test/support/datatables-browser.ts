import type { Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../../scripts/chromium.mjs';
import { startDataTablesApp, type DataTablesApp } from '../fixtures/datatables-test-app.js';

/** The data-table fixture app and Chromium a browser spec shares, and a page per test. */
export interface DataTablesBrowser {
  /** The fixture app (started before the spec's tests). */
  readonly server: DataTablesApp;
  /** A page in a fresh browser context, closed after the test. */
  newPage(viewport: { width: number; height: number }): Promise<Page>;
}

/**
 * Starts the fixture app and Chromium once for the spec file that calls it (in its `beforeAll`),
 * closes each test's context after the test and both at the end.
 */
export function useDataTablesBrowser(): DataTablesBrowser {
  let server: DataTablesApp | undefined;
  let chromium: ChromiumSession | undefined;
  const contexts: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    [server, chromium] = await Promise.all([startDataTablesApp(), startChromium()]);
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  return {
    get server() {
      if (!server) throw new Error('The data-table fixture app has not started');
      return server;
    },
    async newPage(viewport) {
      if (!chromium) throw new Error('Chromium has not started');
      const context = await chromium.newContext({ viewport });
      contexts.push(context);
      return context.newPage();
    },
  };
}
