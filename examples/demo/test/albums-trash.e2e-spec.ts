import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// The albums' trash through the demo's own protections: its writes (restore, purge) need the page's
// CSRF token like every write; purging needs `catalogue.purge`, which only the admin holds.
describeEachDatabase("demo albums' trash", (kind) => {
  let server: DemoServer;
  let editor: DemoClient;
  let editorToken: string;
  let admin: DemoClient;
  let adminToken: string;

  beforeAll(async () => {
    server = await startDemo(kind);
    editor = server.client();
    editorToken = await editor.signIn('editor');
    admin = server.client();
    adminToken = await admin.signIn('admin');
  });

  afterAll(() => server?.close());

  async function stored(id: number): Promise<Album | null> {
    return server.app.get(DataSource).getRepository(Album).findOne({ where: { id }, withDeleted: true });
  }

  it('moves a deleted album to the trash, restores it only with the CSRF token, purges it only for an admin', async () => {
    const [album] = await server.app
      .get(DataSource)
      .getRepository(Album)
      .find({ order: { id: 'ASC' }, take: 1 });
    const id = album!.id;
    expect((await editor.request('DELETE', `/api/albums/${id}/`)).status).toBe(403);
    const deleted = await editor.request('DELETE', `/api/albums/${id}/`, { headers: { 'x-csrf-token': editorToken } });
    expect(deleted.status).toBe(204);
    expect((await stored(id))?.deleted_at).toBeInstanceOf(Date);

    const trash = (await (await editor.get('/api/albums/trash/')).json()) as {
      data: Array<{ id: number }>;
      permissions: Record<string, boolean>;
    };
    expect(trash.data.map((row) => row.id)).toEqual([id]);
    expect(trash.permissions).toMatchObject({ restore: true, purge: false });

    expect((await editor.request('POST', `/api/albums/${id}/restore/`)).status).toBe(403);
    expect((await stored(id))?.deleted_at).toBeInstanceOf(Date);
    const restored = await editor.request('POST', `/api/albums/${id}/restore/`, {
      headers: { 'x-csrf-token': editorToken },
    });
    expect(restored.status).toBe(200);
    expect((await stored(id))?.deleted_at).toBeNull();

    const purge = `/api/albums/${id}/?purge=true`;
    expect((await editor.request('DELETE', purge, { headers: { 'x-csrf-token': editorToken } })).status).toBe(403);
    expect((await admin.request('DELETE', purge)).status).toBe(403);
    expect(await stored(id)).not.toBeNull();
    expect((await admin.request('DELETE', purge, { headers: { 'x-csrf-token': adminToken } })).status).toBe(204);
    expect(await stored(id)).toBeNull();
  });
});
