import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// The albums list's POST form (`POST /api/albums/query`, what the client sends past a URL length)
// goes through the demo's CSRF protection (csrf-sync) like every POST: with the page's token in the
// X-CSRF-Token header, as the client sends it, or in a form's `_csrf` field.
describeEachDatabase('demo albums list through POST', (kind) => {
  let server: DemoServer;
  let viewer: DemoClient;
  let token: string;
  const parameters = { search: 'a', ordering: '-tracks', limit: '5', draw: '3' };

  beforeAll(async () => {
    server = await startDemo(kind);
    viewer = server.client();
    token = await viewer.signIn('viewer');
  });

  afterAll(() => server?.close());

  it('refuses a POST without the CSRF token, or with a wrong one', async () => {
    expect((await viewer.json('POST', '/api/albums/query', parameters)).status).toBe(403);
    const wrong = await viewer.json('POST', '/api/albums/query', parameters, { 'x-csrf-token': 'f'.repeat(64) });
    expect(wrong.status).toBe(403);
  });

  it("answers the client's POST (the token in X-CSRF-Token) as the GET, to a user with only the view permission", async () => {
    const got = await viewer.get(`/api/albums/?${new URLSearchParams(parameters)}`);
    expect(got.status).toBe(200);
    const expected: unknown = await got.json();
    expect(expected).toMatchObject({ draw: 3, data: expect.arrayContaining([expect.anything()]) });
    const posted = await viewer.json('POST', '/api/albums/query', parameters, { 'x-csrf-token': token });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual(expected);
    const form = await viewer.postForm('/api/albums/query', { ...parameters, _csrf: token });
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual(expected);
  });

  // Issue 26: the albums resource does not declare bulkDelete, so the route does not exist, even for
  // an editor with every catalogue permission and the CSRF token (it used to delete every album).
  it("serves no bulk delete: the editor's POST /api/albums/bulk-delete is a 404 and deletes nothing", async () => {
    const editor = server.client();
    const editorToken = await editor.signIn('editor');
    const albums = server.app.get(DataSource).getRepository(Album);
    const before = await albums.count();
    expect(before).toBeGreaterThan(0);
    const answer = await editor.json(
      'POST',
      '/api/albums/bulk-delete',
      { all: 'true' },
      { 'x-csrf-token': editorToken },
    );
    expect(answer.status).toBe(404);
    expect(await albums.count()).toBe(before);
  });
});
