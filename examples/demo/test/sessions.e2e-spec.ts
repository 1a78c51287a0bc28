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

  it('shows the sign-in form without storing a session: its token is a signed cookie, for 200 visits too', async () => {
    const before = await storedSessions();
    const tokens = new Set<string>();
    // Visitors without cookies (as crawlers are), and one that comes back with its cookies.
    const returning = server.client();
    const cookies: Array<[token: string, setCookies: string[]]> = [];
    for (let visit = 0; visit < 200; visit++) {
      const client = visit % 2 === 0 ? server.client() : returning;
      const seen = client.setCookies.length;
      const token = await client.formToken('/sign-in');
      cookies.push([token, client.setCookies.slice(seen)]);
      tokens.add(token);
    }
    expect((await storedSessions()) - before).toBe(0);
    expect(tokens.size).toBe(200);
    // Each answer's one cookie is its form's token.
    for (const [token, setCookies] of cookies) {
      expect(setCookies).toEqual([expect.stringMatching(new RegExp(`^widgetlib-demo-sign-in=${token}; `))]);
    }
    const formCookie = returning.setCookies.at(-1)!;
    expect(formCookie).toMatch(/; Path=\/sign-in; /);
    expect(formCookie).toMatch(/; HttpOnly/);
    expect(formCookie).toMatch(/; SameSite=Strict/);
    expectLifetime(formCookie, SIGN_IN_FORM_TIMEOUT_MS);

    // Signing in stores the one session, and clears the form's cookie.
    await returning.signIn('viewer');
    const signedIn = returning.setCookies.find((header) => header.startsWith('widgetlib-demo='))!;
    expectLifetime(signedIn, IDLE_TIMEOUT_MS);
    expect(returning.setCookies).toContainEqual(
      expect.stringMatching(/^widgetlib-demo-sign-in=; Path=\/sign-in; Expires=Thu, 01 Jan 1970/),
    );
    expect(await storedSessions()).toBe(1);
    expect((await returning.get('/api/albums/')).status).toBe(200);
  });

  it("refuses a sign-in without its form's token, or with a wrong one (403), and stores nothing", async () => {
    const viewer = { username: 'viewer', password: 'viewer' };
    const [token, otherToken] = [
      await server.client().formToken('/sign-in'),
      await server.client().formToken('/sign-in'),
    ];
    const forged = 'f'.repeat(token.length);
    const altered = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    const attempts: Array<[what: string, cookie: string | undefined, field: string | undefined]> = [
      ['no token', undefined, undefined],
      ['a field without its cookie', undefined, token],
      ['a cookie without the field', token, undefined],
      ["another form's field", token, otherToken],
      ['an unsigned token in both', forged, forged],
      ['an altered token in both', altered, altered],
      ['an empty token in both', '', ''],
    ];
    for (const [what, cookie, field] of attempts) {
      const client = server.client();
      client.setCookie('widgetlib-demo-sign-in', cookie);
      const response = await client.postForm('/sign-in', {
        ...viewer,
        ...(field === undefined ? {} : { _csrf: field }),
      });
      expect(`${what}: ${response.status}`).toBe(`${what}: 403`);
      expect(await response.text()).toContain('The sign-in form has expired. Please sign in again.');
      expect(client.setCookies.filter((header) => header.startsWith('widgetlib-demo='))).toEqual([]);
    }
    expect(await storedSessions()).toBe(0);

    // A wrong password is told apart, and the form shown again signs in.
    const client = server.client();
    const wrong = await client.postForm('/sign-in', {
      _csrf: await client.formToken('/sign-in'),
      username: 'viewer',
      password: 'x',
    });
    expect(wrong.status).toBe(401);
    const again = /name="_csrf" value="([0-9a-f]+)"/.exec(await wrong.text())?.[1];
    expect((await client.postForm('/sign-in', { ...viewer, _csrf: again! })).status).toBe(303);
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
