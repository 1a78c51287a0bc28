import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MenuService } from '../../../nest/src/index.js';
import { HelpController } from '../../../nest/src/help/help.controller.js';
import { createTestApp, type TestApp } from '../../../nest/test/support/test-app.js';
import type { DatabaseKind } from '../../../nest/test/support/test-databases.js';
import { bundleClient } from '../support/browser.js';
import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { PALETTE_ASSETS, PaletteFixtureController, type PaletteAssets } from './palette-fixture.controller.js';
import { PALETTE_CSRF_TOKEN } from './palette-page.html.js';

const paletteCss = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/palette/palette.css');

interface CsrfRequest {
  method: string;
  header(name: string): string | undefined;
}

interface CsrfResponse {
  status(code: number): { json(body: unknown): void };
}

/** A host's CSRF protection: writes to the help API need the page's token in X-CSRF-Token. */
function requireCsrfToken(request: CsrfRequest, response: CsrfResponse, next: () => void): void {
  if (request.method === 'GET' || request.header('x-csrf-token') === PALETTE_CSRF_TOKEN) {
    next();
    return;
  }
  response.status(403).json({ statusCode: 403, error: 'Forbidden', message: 'Invalid CSRF token' });
}

export interface PaletteApp {
  testApp: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The test host listening on a free port: the help API behind CSRF protection, the help panel's
 * menu item registered, and the page.
 */
export async function startPaletteApp(kind: DatabaseKind): Promise<PaletteApp> {
  const assets: PaletteAssets = { bundle: await bundleClient(), css: await readFile(paletteCss, 'utf8') };

  @Module({ controllers: [PaletteFixtureController], providers: [{ provide: PALETTE_ASSETS, useValue: assets }] })
  class PaletteFixtureModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer.apply(requireCsrfToken).forRoutes(HelpController);
    }
  }

  const testApp = await createTestApp(kind, { imports: [PaletteFixtureModule] });
  await testApp.app.get(MenuService).registerHelpPanel();
  await testApp.app.listen(0, '127.0.0.1');
  const { port } = testApp.app.getHttpServer().address() as AddressInfo;
  return { testApp, baseUrl: `http://127.0.0.1:${port}`, close: () => testApp.close() };
}
