import { Controller, Get, Req, Res } from '@nestjs/common';
import { csrfSync } from 'csrf-sync';
import type { Request, Response } from 'express';
import session from 'express-session';
import type { AddressInfo } from 'node:net';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

// The recipe of docs/migrating-from-djgentelella.md: csrf-sync's token per session, read from the
// `X-CSRFToken` header djgentelella's `helper_widget.js` sends, issued in the `csrftoken` cookie it reads.
const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromRequest: (request) =>
    (request.headers['x-csrftoken'] ?? request.headers['x-csrf-token']) as string | undefined,
});

/** A page still rendered with djgentelella's templates: it issues the `csrftoken` cookie. */
@Controller()
class DjgentelellaPageController {
  @Get('albums/list')
  page(@Req() request: Request, @Res({ passthrough: true }) response: Response): string {
    response.cookie('csrftoken', generateToken(request), { sameSite: 'lax', httpOnly: false });
    return '<html>…</html>';
  }
}

const FORM = new URLSearchParams({
  help_title: 'Album name',
  help_text: '<p>As on the cover</p>',
  id_view: 'albums:list',
  question_name: 'name',
  ftype: 'add',
  pk: '',
}).toString();

describeEachDatabase('the help form of djgentelella behind CSRF (csrftoken cookie, X-CSRFToken)', (kind) => {
  let testApp: TestApp;
  let base: string;
  const admin = asUser({ isSuperuser: true });

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      controllers: [DjgentelellaPageController],
      widgetlib: { clientCompatibility: 'djgentelella' },
      beforeInit: (app) =>
        app.use(
          session({ secret: 'a test secret', resave: false, saveUninitialized: false }),
          csrfSynchronisedProtection,
        ),
    });
    await testApp.app.listen(0, '127.0.0.1');
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(() => testApp?.close());

  /** Opens the page as a browser would: the session cookie and the `csrftoken` cookie. */
  async function openPage(): Promise<{ cookie: string; csrftoken: string }> {
    const response = await fetch(`${base}/albums/list`, { headers: admin });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]!);
    const csrftoken = cookies.find((cookie) => cookie.startsWith('csrftoken='))!.slice('csrftoken='.length);
    return { cookie: cookies.join('; '), csrftoken: decodeURIComponent(csrftoken) };
  }

  function postForm(headers: Record<string, string>) {
    return fetch(`${base}/help/`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: FORM,
    });
  }

  it('takes the write whose X-CSRFToken is the csrftoken cookie of its session', async () => {
    const { cookie, csrftoken } = await openPage();
    const created = await postForm({ Cookie: cookie, 'X-CSRFToken': csrftoken });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const removed = await fetch(`${base}/help/${id}`, {
      method: 'DELETE',
      headers: { ...admin, Cookie: cookie, 'X-CSRFToken': csrftoken },
    });
    expect(removed.status).toBe(204);
  });

  it('refuses a write without the header, or with the token of another session', async () => {
    const page = await openPage();
    const other = await openPage();
    expect((await postForm({ Cookie: page.cookie })).status).toBe(403);
    expect((await postForm({ Cookie: page.cookie, 'X-CSRFToken': other.csrftoken })).status).toBe(403);
    expect((await postForm({ 'X-CSRFToken': page.csrftoken })).status).toBe(403);
  });
});
