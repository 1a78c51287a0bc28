// Two instances of the demo on one database, behind a sticky proxy, sharing live notices through a
// Redis of the test's own: each browser is pinned to one instance, so a change reaches the other
// browser's table only through Redis.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { TestRedisServer } from '@widgetlib/test-support/redis-server.js';
import { STICKY_COOKIE, StickySessionProxy } from '@widgetlib/test-support/sticky-session.proxy.js';
import { testDatabaseKinds } from '@widgetlib/test-support/test-databases.js';
import { startDemo, type DemoServer } from './support/demo-server.js';
import { RECORD_LIVE_EVENTS } from './support/live-events.js';
import { signInOn } from './support/sign-in.js';

// PostgreSQL when the run has it (as deployed); otherwise one SQLite file for both instances.
const KIND = testDatabaseKinds().includes('postgres') ? 'postgres' : 'sqlite';
const WRITER = 0;
const READER = 1;
const SLOW = 90_000;

interface LiveWindow {
  liveReady?: boolean;
  liveEvents: Array<{ type: string; data: string }>;
  notReloaded?: boolean;
}

describe(`the live albums table on two instances behind a proxy, sharing Redis, in Chromium (${KIND})`, () => {
  const secret = process.env.SESSION_SECRET;
  let redis: TestRedisServer;
  let instances: DemoServer[] = [];
  let proxy: StickySessionProxy;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The instances of one deployment sign sessions alike (each browser stays on one anyway).
    process.env.SESSION_SECRET = randomBytes(32).toString('hex');
    redis = await TestRedisServer.start();
    const first = await startDemo(KIND, { albumCount: 30, redisUrl: redis.url });
    instances = [first, await startDemo(KIND, { redisUrl: redis.url }, first)];
    proxy = await StickySessionProxy.start(instances.map((instance) => instance.baseUrl));
    chromium = await startChromium();
  }, SLOW);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await proxy?.close();
    // The second first: the first one drops the database they share.
    for (const instance of instances.reverse()) await instance.close();
    await redis?.stop();
    if (secret === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = secret;
  });

  /** A browser pinned to `instance` by the proxy's cookie, signed in as `username` on `path`. */
  async function signIn(instance: number, username: 'editor' | 'viewer', path: string): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    await context.addCookies([{ name: STICKY_COOKIE, value: String(instance), url: proxy.baseUrl }]);
    await context.addInitScript(RECORD_LIVE_EVENTS);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInOn(page, proxy.baseUrl, username, path);
    return page;
  }

  async function liveReader(): Promise<Page> {
    const reader = await signIn(READER, 'viewer', '/albums');
    await reader.waitForSelector('#albums tbody tr td');
    await reader.waitForFunction(() => (window as unknown as LiveWindow).liveReady === true);
    await reader.evaluate(() => ((window as unknown as LiveWindow).notReloaded = true));
    return reader;
  }

  /** The newest album (the reader's first row), by id. */
  async function firstAlbum(): Promise<number> {
    const [row] = (await instances[0]!.app
      .get(DataSource)
      .query('SELECT id FROM album ORDER BY added_at DESC, id DESC LIMIT 1')) as Array<{ id: number }>;
    return Number(row!.id);
  }

  /** Renames album `id` through the edit form of the writer's browser; resolves once it is saved. */
  async function rename(writer: Page, id: number, title: string): Promise<void> {
    await writer.goto(`${proxy.baseUrl}/albums/${id}/edit`);
    await writer.fill('#title', title);
    await Promise.all([writer.waitForURL(/\/albums\?saved=/), writer.press('#title', 'Enter')]);
  }

  const shows = (page: Page, text: string, timeout: number) =>
    page.waitForFunction((expected) => document.querySelector('#albums tbody')!.textContent!.includes(expected), text, {
      timeout,
    });

  it(
    "brings a change saved on one instance to the other instance's open table within a second, without a reload",
    async () => {
      const reader = await liveReader();
      const id = await firstAlbum();
      const writer = await signIn(WRITER, 'editor', `/albums/${id}/edit`);
      const title = `Across instances ${Date.now()}`;
      const served = proxy.served.length;
      await writer.fill('#title', title);
      await Promise.all([writer.waitForURL(/\/albums\?saved=/), writer.press('#title', 'Enter')]);
      const savedAt = Date.now();
      await shows(reader, title, 5000);
      expect(Date.now() - savedAt).toBeLessThan(1000);
      expect(await reader.evaluate(() => (window as unknown as LiveWindow).notReloaded)).toBe(true);
      const events = await reader.evaluate(() => (window as unknown as LiveWindow).liveEvents);
      expect(events).toContainEqual({
        type: 'change',
        data: JSON.stringify({ table: 'albums', kind: 'updated', keys: [id] }),
      });

      // The write went to the writer's instance, the reader's stream and reads to the other one only.
      const writes = proxy.served
        .slice(served)
        .filter((entry) => entry.method === 'POST' && entry.path.includes('album'));
      expect(writes).toEqual([{ instance: WRITER, method: 'POST', path: `/albums/${id}/edit` }]);
      expect(proxy.servedBy(READER, '/api/live/').length).toBeGreaterThan(0);
      expect(proxy.servedBy(READER, '/api/albums').length).toBeGreaterThan(0);
      const readerWrites = proxy.servedBy(READER).filter((entry) => !['GET', 'HEAD'].includes(entry.method));
      expect(readerWrites.filter((entry) => entry.path.includes('album'))).toEqual([]);
    },
    SLOW,
  );

  it(
    "reloads the other instance's table once when Redis comes back, showing a change whose notice was lost",
    async () => {
      const reader = await liveReader();
      const writer = await signIn(WRITER, 'editor', '/albums');
      const id = await firstAlbum();
      await redis.stop();
      const title = `While Redis was down ${Date.now()}`;
      // The save answers while Redis is down: the count cache is given up after a second, and the
      // notice fails at once. No notice reaches the reader meanwhile.
      try {
        await rename(writer, id, title);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await reader.textContent('#albums tbody')).not.toContain(title);
      } finally {
        await redis.resume();
      }
      await shows(reader, title, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const events = await reader.evaluate(() => (window as unknown as LiveWindow).liveEvents);
      expect(events.filter((event) => event.type === 'reload')).toHaveLength(1);
    },
    SLOW,
  );
});
