import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { DemoSessions } from '../src/auth/demo-sessions.js';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoServer } from './support/demo-server.js';

const IDLE_TIMEOUT_MS = 4_000;
const SIGN_IN_FORM_TIMEOUT_MS = 60_000;

describeEachDatabase('demo sessions', (kind) => {
  let server: DemoServer;
  let sessions: DemoSessions;

  beforeAll(async () => {
    server = await startDemo(kind, {
      sessions: {
        idleTimeoutMs: IDLE_TIMEOUT_MS,
        signInFormTimeoutMs: SIGN_IN_FORM_TIMEOUT_MS,
        cleanupIntervalMs: 500,
      },
    });
    sessions = server.app.get(DemoSessions);
  });

  afterAll(() => server?.close());

  beforeEach(() => sessions.store.clear());

  /** Expects the cookie of a `Set-Cookie` header to last `milliseconds` from now (`Expires` is in whole seconds). */
  function expectLifetime(setCookie: string, milliseconds: number): void {
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(milliseconds - 3_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(milliseconds);
  }

  /** Every stored session, expired or not. */
  async function storedSessions(): Promise<number> {
    return (await sessions.store.length(() => undefined)) ?? 0;
  }

  it('stores no session for anonymous pages, static files and API calls', async () => {
    const html = { accept: 'text/html' };
    const requests: Array<[path: string, headers: Record<string, string>, status: number]> = [
      ['/', html, 302],
      ['/albums', html, 303],
      ['/albums/new', html, 303],
      ['/help-entries', html, 303],
      ['/albums/1/liner-notes.txt', html, 303],
      ['/assets/demo.css', {}, 200],
      ['/assets/widgetlib/widgetlib.min.js', {}, 200],
      ['/assets/no-such-file.js', {}, 404],
      ['/api/albums/', {}, 401],
      ['/api/albums/1', {}, 401],
      ['/api/help/', {}, 401],
      ['/api/help-entries/', {}, 401],
      ['/artists/options?term=a', {}, 401],
      ['/genres/options?term=a', {}, 401],
    ];
    const client = server.client();
    for (let round = 0; round < 5; round++) {
      for (const [path, headers, status] of requests) {
        const response = await client.get(path, headers);
        expect(`${path} ${response.status}`).toBe(`${path} ${status}`);
      }
    }
    // Clients without cookies, as crawlers are, too.
    for (let visitor = 0; visitor < 20; visitor++) await server.client().get('/albums', html);
    expect(client.setCookies).toEqual([]);
    expect(await storedSessions()).toBe(0);
  });

  it('keeps the CSRF token of the sign-in form in one short session, replaced by a new one on sign-in', async () => {
    const client = server.client();
    await client.formToken('/sign-in');
    await client.formToken('/sign-in');
    expect(client.setCookies).toHaveLength(2);
    expect(await storedSessions()).toBe(1);
    expectLifetime(client.setCookies[0]!, SIGN_IN_FORM_TIMEOUT_MS);
    const formSession = client.setCookies[0]!.split(';')[0];

    await client.signIn('viewer');
    const signedIn = client.setCookies.at(-1)!;
    expect(signedIn.split(';')[0]).not.toBe(formSession);
    expectLifetime(signedIn, IDLE_TIMEOUT_MS);
    expect(await storedSessions()).toBe(1);
    expect((await client.get('/api/albums/')).status).toBe(200);
  });

  it('ends a signed-in session after its idle timeout, and deletes it', async () => {
    const client = server.client();
    await client.signIn('viewer');
    // Each request extends the session: these span more than the timeout.
    for (let request = 0; request < 3; request++) {
      expect((await client.get('/api/albums/')).status).toBe(200);
      await sleep(IDLE_TIMEOUT_MS / 2);
    }
    expect((await client.get('/api/albums/')).status).toBe(200);
    expect(await storedSessions()).toBe(1);

    await sleep(IDLE_TIMEOUT_MS + 1_500);
    expect((await client.get('/api/albums/')).status).toBe(401);
    expect((await client.get('/albums', { accept: 'text/html' })).headers.get('location')).toBe(
      '/sign-in?next=%2Falbums',
    );
    expect(await storedSessions()).toBe(0);
  }, 30_000);

  it('refuses every write without the session token (403) and changes nothing', async () => {
    const anonymous = server.client();
    expect((await anonymous.postForm('/sign-in', { username: 'admin', password: 'admin' })).status).toBe(403);
    expect(await storedSessions()).toBe(0);

    const admin = server.client();
    const token = await admin.signIn('admin');
    const albums = server.app.get(DataSource).getRepository(Album);
    const [album] = await albums.find({ order: { id: 'ASC' }, take: 1 });
    const before = await albums.count();
    const wrong = { 'x-csrf-token': 'f'.repeat(token.length) };
    for (const headers of [{}, wrong]) {
      expect((await admin.json('DELETE', `/api/albums/${album!.id}`, undefined, headers)).status).toBe(403);
      expect((await admin.json('PUT', `/api/albums/${album!.id}`, { title: 'changed' }, headers)).status).toBe(403);
      expect(
        (await admin.json('POST', '/api/help/', { id_view: 'a', question_name: 'b', help_title: 'c' }, headers)).status,
      ).toBe(403);
    }
    expect((await admin.postForm(`/albums/${album!.id}/edit`, { title: 'changed' })).status).toBe(403);
    expect((await admin.postForm('/sign-out', {})).status).toBe(403);
    expect(await albums.count()).toBe(before);
    expect((await albums.findOneByOrFail({ id: album!.id })).title).toBe(album!.title);

    expect((await admin.json('DELETE', `/api/albums/${album!.id}`, undefined, { 'x-csrf-token': token })).status).toBe(
      204,
    );
    expect(await albums.count()).toBe(before - 1);
    expect((await admin.postForm('/sign-out', { _csrf: token })).status).toBe(303);
    expect(await storedSessions()).toBe(0);
  });
});
