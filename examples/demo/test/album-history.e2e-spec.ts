import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { Album } from '../src/catalogue/album.entity.js';
import { Genre } from '../src/catalogue/genre.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// The albums keep history (issue 32): the JSON API, the album form and "Mark as explicit" each
// record a revision; a restore brings an earlier version back through AlbumDto (dates, relations).
describeEachDatabase('demo album history', (kind) => {
  let server: DemoServer;
  let editor: DemoClient;
  let token: string;

  beforeAll(async () => {
    server = await startDemo(kind);
    editor = server.client();
    token = await editor.signIn('editor');
  });

  afterAll(() => server?.close());

  const albums = () => server.app.get(DataSource).getRepository(Album);

  it('records the API, the form and the bulk action, and restores the first version', async () => {
    const album = await albums().findOneOrFail({ where: {}, order: { id: 'ASC' }, relations: { artist: true } });
    const genres = await server.app
      .get(DataSource)
      .getRepository(Genre)
      .find({ order: { id: 'ASC' }, take: 2 });
    const title = `History of ${album.id}`;
    const put = await editor.json(
      'PUT',
      `/api/albums/${album.id}/`,
      {
        title,
        tracks: 7,
        explicit: false,
        released_on: '1999-12-31',
        format: 'cd',
        artist_id: album.artist.id,
        genre_ids: genres.map((genre) => genre.id),
        notes: 'first',
      },
      { 'x-csrf-token': token },
    );
    expect(put.status).toBe(200);
    const form = await editor.postForm(`/albums/${album.id}/edit`, {
      _csrf: token,
      title,
      tracks: '9',
      released_on: '2001-02-03',
      format: 'vinyl',
      artist_id: String(album.artist.id),
      genre_ids: String(genres[0]!.id),
      notes: 'second',
    });
    expect(form.status).toBe(303);
    const marked = await editor.json(
      'POST',
      '/api/albums/bulk/mark-explicit',
      { all: 'true', search: title },
      { 'x-csrf-token': token },
    );
    expect(marked.status).toBe(200);

    const page = (await (await editor.get(`/api/albums/${album.id}/history/`)).json()) as {
      revisions: Array<{ id: number; action: string; route: string; user: string; changes: unknown[] }>;
    };
    expect(page.revisions.map((revision) => [revision.action, revision.route, revision.user])).toEqual([
      ['update', 'POST /api/albums/bulk/mark-explicit', 'editor'],
      ['update', `POST /albums/${album.id}/edit`, 'editor'],
      ['update', `PUT /api/albums/${album.id}/`, 'editor'],
    ]);
    expect(page.revisions[0]!.changes).toEqual([{ field: 'explicit', before: false, after: true }]);
    expect(page.revisions[1]!.changes).toEqual([
      { field: 'tracks', before: 7, after: 9 },
      { field: 'released_on', before: '1999-12-31', after: '2001-02-03' },
      { field: 'format', before: 'cd', after: 'vinyl' },
      { field: 'notes', before: 'first', after: 'second' },
      { field: 'genres', added: [], removed: [genres[1]!.id] },
    ]);

    const restored = await editor.json(
      'POST',
      `/api/albums/${album.id}/history/${page.revisions[2]!.id}/restore/`,
      {},
      {
        'x-csrf-token': token,
      },
    );
    expect(restored.status).toBe(200);
    const now = await albums().findOneOrFail({ where: { id: album.id }, relations: { genres: true } });
    expect(now).toMatchObject({
      title,
      tracks: 7,
      explicit: false,
      released_on: '1999-12-31',
      format: 'cd',
      notes: 'first',
    });
    expect(now.genres.map((genre) => genre.id).sort()).toEqual(genres.map((genre) => genre.id).sort());

    const viewer = server.client();
    const viewerToken = await viewer.signIn('viewer');
    expect((await viewer.get(`/api/albums/${album.id}/history/`)).status).toBe(200);
    const refused = await viewer.json(
      'POST',
      `/api/albums/${album.id}/history/${page.revisions[2]!.id}/restore/`,
      {},
      {
        'x-csrf-token': viewerToken,
      },
    );
    expect(refused.status).toBe(403);
  });

  it('records a delete to the trash and the restore from it', async () => {
    const album = await albums().findOneOrFail({ where: {}, order: { id: 'DESC' } });
    const removed = await editor.json('DELETE', `/api/albums/${album.id}/`, undefined, { 'x-csrf-token': token });
    expect(removed.status).toBe(204);
    const restored = await editor.json('POST', `/api/albums/${album.id}/restore/`, {}, { 'x-csrf-token': token });
    expect(restored.status).toBe(200);
    const page = (await (await editor.get(`/api/albums/${album.id}/history/`)).json()) as {
      revisions: Array<{ action: string; route: string; user: string }>;
    };
    expect(page.revisions.slice(0, 2).map((revision) => [revision.action, revision.route, revision.user])).toEqual([
      ['restore', `POST /api/albums/${album.id}/restore/`, 'editor'],
      ['delete', `DELETE /api/albums/${album.id}/`, 'editor'],
    ]);
  });
});
