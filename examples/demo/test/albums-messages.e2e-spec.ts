import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// What a cell edited in place can be answered (`PATCH /api/albums/<id>/`), in the language the
// demo's switch picked: the album DTO's own messages, widgetlib's, a stale version's 412, and a
// deleted album's 404 (named by the resource's label: Álbum in Spanish).
describeEachDatabase("the album API's refusals in the page's language", (kind) => {
  let server: DemoServer;
  const editors = {} as Record<'en' | 'es', { client: DemoClient; token: string }>;
  let album: Album;

  beforeAll(async () => {
    server = await startDemo(kind);
    const english = server.client();
    editors.en = { client: english, token: await english.signIn('editor') };
    // Signed in from the sign-in page in Spanish: the session keeps the language.
    const spanish = server.client();
    const signedIn = await spanish.postForm('/sign-in', {
      _csrf: await spanish.formToken('/sign-in?lang=es'),
      username: 'editor',
      password: 'editor',
      next: '/albums',
      lang: 'es',
    });
    expect(signedIn.status).toBe(303);
    editors.es = { client: spanish, token: await spanish.formToken('/albums/new') };
    album = await server.app
      .get(DataSource)
      .getRepository(Album)
      .findOneOrFail({ where: {}, order: { id: 'ASC' } });
  });

  afterAll(() => server?.close());

  const patch = async (lang: 'en' | 'es', body: unknown, headers: Record<string, string> = {}, id = album.id) => {
    const { client, token } = editors[lang];
    const response = await client.json('PATCH', `/api/albums/${id}/`, body, {
      'x-csrf-token': token,
      ...headers,
    });
    return { status: response.status, body: (await response.json()) as { message: unknown; code?: string } };
  };

  it(`[${kind}] says the DTO's messages, widgetlib's, and a 412 in Spanish once the switch is on Español`, async () => {
    expect(await patch('es', { tracks: 0 })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: ['Las pistas deben estar entre 1 y 99'] }) as unknown,
    });
    // The DTO's message and class-validator's own, in one answer.
    const mixed = await patch('es', { tracks: 0, colour: 'red' });
    expect(mixed.status).toBe(400);
    expect([...(mixed.body.message as string[])].sort()).toEqual([
      'Las pistas deben estar entre 1 y 99',
      'la propiedad colour no está permitida',
    ]);
    expect((await patch('es', {})).body.message).toEqual(['El cuerpo no nombra ningún campo que cambiar']);
    expect((await patch('es', { title: 'Kept' }, { 'if-match': '7' })).body.message).toEqual([
      'If-Match debe ser * o una lista separada por comas de etiquetas de entidad como "3"',
    ]);
    const stale = await patch('es', { title: 'Lost' }, { 'if-match': `"${album.version - 1}"` });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({
      code: 'resource.changed',
      message: `Álbum ${album.id} ha cambiado: ahora está en la versión ${album.version}`,
    });
    expect(await patch('es', { title: 'Gone' }, {}, 999_999)).toEqual({
      status: 404,
      body: expect.objectContaining({ code: 'resource.not-found', message: 'Álbum 999999 no existe' }) as unknown,
    });
  });

  it(`[${kind}] keeps them in English in English`, async () => {
    const mixed = await patch('en', { tracks: 0, colour: 'red' });
    expect([...(mixed.body.message as string[])].sort()).toEqual([
      'Tracks must be between 1 and 99',
      'property colour should not exist',
    ]);
    expect((await patch('en', {})).body.message).toEqual(['The body names no field to change']);
    expect((await patch('en', { title: 'Gone' }, {}, 999_999)).body.message).toBe('Album 999999 does not exist');
    const stored = await server.app.get(DataSource).getRepository(Album).findOneByOrFail({ id: album.id });
    expect(stored).toMatchObject({ title: album.title, tracks: album.tracks, version: album.version });
  });
});
