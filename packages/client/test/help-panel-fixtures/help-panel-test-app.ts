import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MenuService } from '@widgetlib/nest';
import { HelpController } from '../../../nest/src/help/entries/index.js';
import { HelpUsageController } from '../../../nest/src/help/usage/index.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import type { DatabaseKind } from '@widgetlib/test-support/test-databases.js';
import { bundleClient, bundleRichTextEditor, bundleScriptParts } from '../support/client-bundle.js';
import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import {
  HELP_PANEL_ASSETS,
  HelpPanelFixtureController,
  type HelpPanelAssets,
} from './help-panel-fixture.controller.js';
import { HELP_PANEL_CSRF_TOKEN } from './help-panel-page.html.js';

const helpPanelFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/help-panel');

interface CsrfRequest {
  method: string;
  header(name: string): string | undefined;
}

interface CsrfResponse {
  status(code: number): { json(body: unknown): void };
}

/** A host's CSRF protection: writes to the help API need the page's token in X-CSRF-Token. */
function requireCsrfToken(request: CsrfRequest, response: CsrfResponse, next: () => void): void {
  if (request.method === 'GET' || request.header('x-csrf-token') === HELP_PANEL_CSRF_TOKEN) {
    next();
    return;
  }
  response.status(403).json({ statusCode: 403, error: 'Forbidden', message: 'Invalid CSRF token' });
}

export interface HelpPanelApp {
  testApp: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export interface HelpPanelAppOptions {
  /** The host's `helpUsage` option (default off). */
  helpUsage?: boolean;
}

/**
 * The test host listening on a free port: the help API (entries and usage) behind CSRF protection,
 * the help panel's menu item registered, and the page.
 */
export async function startHelpPanelApp(kind: DatabaseKind, options: HelpPanelAppOptions = {}): Promise<HelpPanelApp> {
  const [bundle, editor, parts, ...css] = await Promise.all([
    bundleClient(),
    bundleRichTextEditor(),
    bundleScriptParts(),
    readFile(resolve(helpPanelFolder, 'help-panel.css'), 'utf8'),
    readFile(resolve(helpPanelFolder, 'rich-text/rich-text.css'), 'utf8'),
  ]);
  const assets: HelpPanelAssets = { bundle, editor, parts, css: css.join('\n') };

  @Module({ controllers: [HelpPanelFixtureController], providers: [{ provide: HELP_PANEL_ASSETS, useValue: assets }] })
  class HelpPanelFixtureModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer.apply(requireCsrfToken).forRoutes(HelpController, HelpUsageController);
    }
  }

  const testApp = await createTestApp(kind, {
    imports: [HelpPanelFixtureModule],
    widgetlib: { helpUsage: options.helpUsage ?? false },
  });
  await testApp.app.get(MenuService).registerHelpPanel();
  await testApp.app.listen(0, '127.0.0.1');
  const { port } = testApp.app.getHttpServer().address() as AddressInfo;
  return { testApp, baseUrl: `http://127.0.0.1:${port}`, close: () => testApp.close() };
}
