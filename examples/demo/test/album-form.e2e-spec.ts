import { DataSource } from 'typeorm';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

/** The text of each field's error (`<p class="error" id="<field>-error">`) in a form page. */
function fieldErrors(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<p class="error" id="([a-z_]+)-error">([^<]*)<\/p>/g)].map((match) => [match[1]!, match[2]!]),
  );
}

/** The attributes of the element with `id`, as written in the page. */
function attributesOf(html: string, id: string): string {
  return new RegExp(`<(?:input|select|textarea) id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

// The form's messages do not depend on the database: SQLite only.
describe('the album form’s errors (SQLite)', () => {
  let server: DemoServer;
  let editor: DemoClient;
  let token: string;

  beforeAll(async () => {
    server = await startDemo('sqlite');
    editor = server.client();
    token = await editor.signIn('editor');
  });

  afterAll(() => server?.close());

  const album = {
    title: 'Blue Train',
    artist_id: '1',
    tracks: '5',
    released_on: '1958-01-15',
    format: 'vinyl',
    notes: 'Side one',
  };

  it('shows the format the date input takes, as its placeholder and beside it', async () => {
    const html = await (await editor.get('/albums/new', { accept: 'text/html' })).text();
    const input = attributesOf(html, 'released_on');
    expect(input).toContain('placeholder="YYYY-MM-DD"');
    expect(input).toContain('aria-describedby="released_on-hint"');
    expect(html).toContain('<p class="muted field-hint" id="released_on-hint">YYYY-MM-DD, such as 2024-03-25</p>');
  });

  it('names each bad field by its label and the date format the input shows, all at once, beside the fields', async () => {
    const albums = server.app.get(DataSource).getRepository(Album);
    const before = await albums.count();
    const answer = await editor.postForm('/albums/new', {
      _csrf: token,
      ...album,
      artist_id: '0',
      released_on: '31/02/2024',
      genre_ids: '9999',
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(fieldErrors(html)).toEqual({
      artist_id: 'Artist must be one of the listed artists',
      released_on: 'Release date must be a date in the format YYYY-MM-DD, such as 2024-03-25',
      genre_ids: 'Genres must be chosen from the list',
    });
    for (const field of ['artist_id', 'released_on', 'genre_ids']) {
      expect(attributesOf(html, field)).toContain('aria-invalid="true"');
      expect(attributesOf(html, field)).toMatch(new RegExp(`aria-describedby="[^"]*\\b${field}-error\\b`));
    }
    expect(attributesOf(html, 'title')).not.toContain('aria-invalid');
    // What the user typed is kept.
    expect(attributesOf(html, 'released_on')).toContain('value="31/02/2024"');
    expect(attributesOf(html, 'title')).toContain('value="Blue Train"');
    expect(html).toContain('>Side one</textarea>');
    expect(await albums.count()).toBe(before);
  });

  it('asks for a missing artist and release date by their labels, and for a year the databases keep', async () => {
    const missing = await editor.postForm('/albums/new', { _csrf: token, ...album, artist_id: '', released_on: '' });
    expect(missing.status).toBe(400);
    expect(fieldErrors(await missing.text())).toEqual({
      artist_id: 'Artist is required',
      released_on: 'Release date is required',
    });
    const farFuture = await editor.postForm('/albums/new', { _csrf: token, ...album, released_on: '20245-01-15' });
    expect(fieldErrors(await farFuture.text())).toEqual({
      released_on: 'Release date must be a date in the format YYYY-MM-DD, such as 2024-03-25',
    });
    const ancient = await editor.postForm('/albums/new', { _csrf: token, ...album, released_on: '0958-01-15' });
    expect(fieldErrors(await ancient.text())).toEqual({
      released_on:
        'Release date must be a date in the format YYYY-MM-DD, such as 2024-03-25, with a year from 1000 to 9999',
    });
  });

  it('saves the album once every field is right', async () => {
    const answer = await editor.postForm('/albums/new', { _csrf: token, ...album });
    expect(answer.status).toBe(303);
    const id = Number(new URL(answer.headers.get('location')!, server.baseUrl).searchParams.get('saved'));
    const saved = await server.app.get(DataSource).getRepository(Album).findOneByOrFail({ id });
    expect({ title: saved.title, released_on: saved.released_on }).toEqual({
      title: 'Blue Train',
      released_on: '1958-01-15',
    });
  });
});
