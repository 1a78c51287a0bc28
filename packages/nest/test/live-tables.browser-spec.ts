// Live tables in Chromium, with widgetlib's built `<script>` bundle (run the packages' build first):
// two users' pages on one resource, one user's own scope, and the server restarting under open pages.
import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { LiveItem, LiveItemsController, MyLiveItemsController } from './fixtures/live-tables.fixture.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ASSETS: Record<string, string> = {
  'datatables.js': join(root, 'packages/client/node_modules/datatables.net/js/dataTables.js'),
  'widgetlib.min.js': join(root, 'packages/client/dist/widgetlib.min.js'),
  'widgetlib.live.min.js': join(root, 'packages/client/dist/widgetlib.live.min.js'),
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Items</title>
<script src="/live-page/assets/datatables.js"></script>
<script src="/live-page/assets/widgetlib.min.js"></script></head>
<body>
<table id="all"><thead><tr><th>Title</th></tr></thead></table>
<table id="mine"><thead><tr><th>Title</th></tr></thead></table>
<script>
window.liveEvents = [];
const Native = window.EventSource;
window.EventSource = class extends Native {
  close() {
    window.liveStreams -= 1;
    super.close();
  }
  constructor(url, init) {
    super(url, init);
    window.liveStreams = (window.liveStreams || 0) + 1;
    window.mostStreams = Math.max(window.mostStreams || 0, window.liveStreams);
    this.addEventListener('ready', () => (window.liveReady = true));
    for (const type of ['change', 'reload']) {
      this.addEventListener(type, (event) => window.liveEvents.push({ type, data: event.data }));
    }
  }
};
const columns = [{ data: 'title', name: 'title', title: 'Title' }];
// ?tables=mine: the user's own items only.
const shown = (new URLSearchParams(location.search).get('tables') || 'all,mine').split(',');
if (shown.includes('all')) widgetlib.createDataTable('all', '/live-items/', { columns, live: true, order: [[0, 'asc']] });
if (shown.includes('mine')) widgetlib.createDataTable('mine', '/my-live-items/', { columns, live: true, order: [[0, 'asc']] });
</script></body></html>`;

@Controller('live-page')
class LivePageController {
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Get('assets/:name')
  @Header('content-type', 'text/javascript; charset=utf-8')
  asset(@Param('name') name: string): string {
    const file = ASSETS[name];
    if (!file) throw new NotFoundException();
    return readFileSync(file, 'utf8');
  }
}

/** The user a browser context says it is, by cookie: a host's session, in short. */
function cookieUser(request: IncomingMessage & { user?: unknown }, _response: unknown, next: () => void): void {
  const name = /(?:^|;\s*)test-user=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (name) request.user = { name, permissions: ['items.mine'] };
  next();
}

const SLOW = 90_000;

describe('Live tables in Chromium (SQLite)', () => {
  let directory: string;
  let testApp: TestApp;
  let chromium: ChromiumSession;
  let port: number;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const start = (listenOn: number) =>
    createTestApp('sqlite', {
      entities: [LiveItem],
      imports: [TypeOrmModule.forFeature([LiveItem])],
      controllers: [LiveItemsController, MyLiveItemsController, LivePageController],
      widgetlib: { live: { interval: 50 } },
      // A file, which the restarted app opens again.
      connection: () => ({ type: 'better-sqlite3', database: join(directory, 'live.sqlite') }),
      beforeInit: (app) => app.use(cookieUser),
    }).then(async (started) => {
      await started.app.listen(listenOn, '127.0.0.1');
      return started;
    });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'widgetlib-live-'));
    [testApp, chromium] = await Promise.all([start(0), startChromium()]);
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  }, SLOW);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await testApp?.app.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function open(user: string, query = ''): Promise<Page> {
    const context = await chromium.newContext();
    contexts.push(context);
    await context.addCookies([{ name: 'test-user', value: user, url: `http://127.0.0.1:${port}` }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      pageErrors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(`http://127.0.0.1:${port}/live-page${query}`);
    await page.waitForFunction(() => (window as unknown as { liveReady?: boolean }).liveReady === true);
    return page;
  }

  const rows = (page: Page, table: string) =>
    page.$$eval(`#${table} tbody tr`, (trs) => trs.map((tr) => tr.textContent!.trim()));
  const events = (page: Page) =>
    page.evaluate(() => (window as unknown as { liveEvents: Array<{ type: string; data: string }> }).liveEvents);
  const shows = (page: Page, table: string, text: string, timeout = 5000) =>
    page.waitForFunction(
      ([id, expected]) => document.querySelector(`#${id} tbody`)!.textContent!.includes(expected!),
      [table, text],
      { timeout },
    );

  it(
    "brings one user's new row to another's table within a second; a user whose scope lacks it learns nothing of it",
    async () => {
      const alice = await open('alice');
      const bob = await open('bob');
      // One stream for the page's two live tables.
      expect(await alice.evaluate(() => (window as unknown as { mostStreams: number }).mostStreams)).toBe(1);
      const title = `Bob's ${Date.now()}`;
      const written = Date.now();
      const status = await bob.evaluate(
        (body) =>
          fetch('/live-items/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((response) => response.status),
        { title, owner: 'bob' },
      );
      expect(status).toBe(201);
      await shows(alice, 'all', title);
      expect(Date.now() - written).toBeLessThan(1000);
      await shows(bob, 'mine', title);
      // Alice's own items do not include Bob's: her table of them is as it was, told only "changed".
      await alice.waitForFunction(() =>
        (window as unknown as { liveEvents: Array<{ data: string }> }).liveEvents.some((event) =>
          event.data.includes('my-live-items'),
        ),
      );
      expect((await rows(alice, 'mine')).join()).not.toContain(title);
      const aliceEvents = await events(alice);
      const mine = aliceEvents.filter((event) => event.data.includes('my-live-items'));
      expect(mine.map((event) => JSON.parse(event.data))).toEqual([{ table: 'my-live-items', kind: 'changed' }]);
      expect(JSON.stringify(aliceEvents)).not.toContain('Bob');
    },
    SLOW,
  );

  it(
    "keeps a page showing only the user's own items as it was when another user's row changes, and sends it nothing of that row",
    async () => {
      const items = testApp.dataSource.getRepository(LiveItem);
      const stamp = Date.now();
      await items.save({ title: `Alice's record ${stamp}`, owner: 'alice' });
      const bobs = await items.save({ title: `Bob's draft ${stamp}`, owner: 'bob' });
      const alice = await open('alice', '?tables=mine');
      const bob = await open('bob', '?tables=all');
      await shows(alice, 'mine', `Alice's record ${stamp}`);
      const before = await rows(alice, 'mine');
      // Every answer Alice's page reads from now on, but the stream's (read by the page itself).
      const answers: Array<Promise<string>> = [];
      alice.on('response', (response) => {
        if (!response.url().includes('/live/')) answers.push(response.text().catch(() => ''));
      });
      const reread = alice.waitForResponse((response) => response.url().includes('/my-live-items/'));
      const title = `Bob's secret ${stamp}`;
      const status = await bob.evaluate(
        ([id, body]) =>
          fetch(`/live-items/${id}/`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((response) => response.status),
        [bobs.id, { title }] as const,
      );
      expect(status).toBe(200);
      await shows(bob, 'all', title);
      // Alice's table is told only that something changed, and reads its rows again through her scope.
      await reread;
      await alice.waitForFunction(() => (window as unknown as { liveEvents: unknown[] }).liveEvents.length > 0);
      expect(await events(alice)).toEqual([
        { type: 'change', data: JSON.stringify({ table: 'my-live-items', kind: 'changed' }) },
      ]);
      expect(await rows(alice, 'mine')).toEqual(before);
      const read = await Promise.all(answers);
      expect(read.length).toBeGreaterThan(0);
      for (const text of [...read, await alice.content()]) {
        expect(text).not.toContain(title);
        expect(text).not.toContain(`Bob's draft`);
      }
    },
    SLOW,
  );

  it(
    'reloads open tables once after the server restarts, showing what changed meanwhile',
    async () => {
      const alice = await open('alice');
      const stopped = testApp.app.getHttpServer() as Server;
      await testApp.app.close();
      // As when its process ends: not even an idle connection of the browser's is left to it.
      stopped.closeAllConnections();
      testApp = await start(port);
      // Written while no stream was open: no notice tells of it.
      await testApp.dataSource.getRepository(LiveItem).save({ title: 'Written during the restart', owner: 'alice' });
      // The browser reconnects after a few seconds (the stream's retry, then the page's own delay).
      await shows(alice, 'all', 'Written during the restart', 30_000);
      await shows(alice, 'mine', 'Written during the restart', 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const reloads = (await events(alice)).filter((event) => event.type === 'reload');
      expect(reloads).toHaveLength(1);
    },
    SLOW,
  );
});
