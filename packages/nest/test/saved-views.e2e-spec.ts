// Saved views: per user and table, shared read-only, every state checked against the table's
// options, the routes answering by the table's permissions; StateRestore's protocol and stateSave.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import {
  DataTable,
  DataTableResource,
  RequirePermissions,
  SavedView,
  SAVED_VIEW_MAX_STATE_BYTES,
} from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Album, ALBUM_ENTITIES, Artist } from './fixtures/album.entities.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { Book, BOOK_RESOURCE, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';

const SAVED_ALBUMS = { ...ALBUM_TABLE, id: 'albums', entity: Album };

@Controller()
@RequirePermissions('app.view_album')
class SavedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable(SAVED_ALBUMS)
  list() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }
}

const VIEW = 'app.view_album';
const ana = asUser({ name: 'ana', permissions: [VIEW] });
const ben = asUser({ name: 'ben', permissions: [VIEW] });
const cy = asUser({ name: 'cy', permissions: ['app.other'] });
const nameless = asUser({ permissions: [VIEW] });

const search = (text: string) => ({ search: text, smart: true, regex: false, caseInsensitive: true });
const STATE = {
  time: 1_700_000_000_000,
  start: 0,
  length: 10,
  order: [['year', 'desc']],
  search: search('love'),
  columns: [
    { name: 'name', visible: true, search: search('') },
    { name: 'year', visible: true, search: search('1999') },
    { name: 'artist__name', visible: false, search: search('') },
    { name: 'genres', visible: true, search: search('') },
    { name: '', visible: true, search: search('') },
  ],
};

describeEachDatabase('Saved views', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: ALBUM_ENTITIES, controllers: [SavedAlbumsController] });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(() => testApp.dataSource.getRepository(SavedView).clear());

  const create = (user: Record<string, string>, body: object) =>
    request(server).post('/saved-views/albums/').set(user).send(body);
  const list = async (user: Record<string, string>) =>
    (await request(server).get('/saved-views/albums/').set(user).expect(200)).body as Array<Record<string, unknown>>;

  it('keeps each user their own views, and loads them back', async () => {
    const created = await create(ana, { name: 'Loved 1999', state: STATE }).expect(201);
    expect(created.body).toMatchObject({ name: 'Loved 1999', owner: 'ana', mine: true, shared: false, state: STATE });
    await create(ben, { name: 'Ben', state: {} }).expect(201);

    expect((await list(ana)).map((view) => view.name)).toEqual(['Loved 1999']);
    expect((await list(ben)).map((view) => view.name)).toEqual(['Ben']);
    const loaded = await request(server).get(`/saved-views/albums/${created.body.id}/`).set(ana).expect(200);
    expect(loaded.body.state).toEqual(STATE);
    // Another user's private view is not there for them.
    await request(server).get(`/saved-views/albums/${created.body.id}/`).set(ben).expect(404);
    await request(server).patch(`/saved-views/albums/${created.body.id}/`).set(ben).send({ name: 'x' }).expect(404);
    await request(server).delete(`/saved-views/albums/${created.body.id}/`).set(ben).expect(404);
  });

  it('keeps a column no longer ordered by and a date range with one end, in views and in the current state', async () => {
    const state = {
      order: [
        ['name', ''],
        ['year', 'desc'],
      ],
      columns: [
        { name: 'name', visible: true, search: search('') },
        { name: 'year', visible: true, search: search('') },
        { name: 'released', visible: true, search: search('1990-01-01,') },
        { name: 'recorded_at', visible: true, search: search(',2000-01-01') },
      ],
    };
    const created = await create(ana, { name: 'Since 1990', state }).expect(201);
    const loaded = await request(server).get(`/saved-views/albums/${created.body.id}/`).set(ana).expect(200);
    expect(loaded.body.state).toEqual(state);
    await request(server).put('/saved-views/albums/current/').set(ana).send({ state }).expect(204);
    expect((await request(server).get('/saved-views/albums/current/').set(ana).expect(200)).body).toEqual({ state });
    // What the table asks for with this state (the client sends a date column's search as a range).
    await request(server)
      .get('/albums')
      .query({ released__range: '1990-01-01,', ordering: '-year' })
      .set(ana)
      .expect(200);
    const garbage = await create(ana, {
      name: 'Bad',
      state: { ...state, order: [['name', 'up']], columns: [{ name: 'released', search: search('1990,x') }] },
    }).expect(400);
    expect(garbage.body.message).toEqual(['state.order[0] must be [column index or name, "asc", "desc" or ""]']);
    const badRange = await create(ana, {
      name: 'Bad',
      state: { columns: [{ name: 'released', search: search('1990-01-01,x') }] },
    }).expect(400);
    expect(badRange.body.message).toEqual([expect.stringMatching(/^state: released__range.*"x"/)]);
  });

  it('renames, overwrites and deletes a view of its owner', async () => {
    const { id } = (await create(ana, { name: 'First', state: STATE }).expect(201)).body as { id: number };
    const renamed = await request(server)
      .patch(`/saved-views/albums/${id}/`)
      .set(ana)
      .send({ name: '  Second  ', state: { length: 25 } })
      .expect(200);
    expect(renamed.body).toMatchObject({ name: 'Second', state: { length: 25 } });
    await request(server).delete(`/saved-views/albums/${id}/`).set(ana).expect(204);
    expect(await list(ana)).toEqual([]);
  });

  it('shares a view read-only: others load it, only its owner changes it', async () => {
    const { id } = (await create(ana, { name: 'Team', state: STATE, shared: true }).expect(201)).body as {
      id: number;
    };
    expect(await list(ben)).toEqual([expect.objectContaining({ id, owner: 'ana', mine: false, shared: true })]);
    await request(server).get(`/saved-views/albums/${id}/`).set(ben).expect(200);
    const refused = await request(server).patch(`/saved-views/albums/${id}/`).set(ben).send({ name: 'Mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Saved view ' + id + ' is shared by ana: only its owner changes it');
    await request(server)
      .patch(`/saved-views/albums/${id}/`)
      .set(ben)
      .send({ state: { length: 5 } })
      .expect(403);
    await request(server).delete(`/saved-views/albums/${id}/`).set(ben).expect(403);

    await request(server).patch(`/saved-views/albums/${id}/`).set(ana).send({ shared: false }).expect(200);
    expect(await list(ben)).toEqual([]);
    await request(server).get(`/saved-views/albums/${id}/`).set(ben).expect(404);
  });

  it('refuses hostile states with a 400 naming each problem, and stores nothing', async () => {
    const problems = async (state: unknown) => {
      const answer = await create(ana, { name: 'Bad', state }).expect(400);
      return answer.body.message as string[];
    };
    expect(await problems({ columns: [{ name: 'password' }, { name: 'genres__nope' }] })).toEqual([
      'state.columns[0].name: "password" is not a field of Album',
      'state.columns[1].name: "genres__nope" is not a field of Album',
    ]);
    expect(await problems({ columns: [{ name: 'name' }, { name: 'genres__name' }], order: [[1, 'asc']] })).toEqual([
      'state: order[0][column]: "genres__name" is not an ordering field; allowed: ' +
        ALBUM_TABLE.orderingFields!.join(', '),
    ]);
    expect(await problems({ columns: [{ name: 'is_live', search: search('maybe') }] })).toEqual([
      expect.stringMatching(/^state: columns\[0\]\[search\]\[value\]/),
    ]);
    expect(await problems({ searchBuilder: { criteria: [{ condition: '=', origData: 'id', value: ['1'] }] } })).toEqual(
      [expect.stringMatching(/^state: searchBuilder/)],
    );
    expect(
      await problems({ columns: [{ name: 'name', search: search('x'.repeat(SAVED_VIEW_MAX_STATE_BYTES)) }] }),
    ).toEqual([expect.stringMatching(/^state has \d+ bytes; at most 32768 are allowed$/)]);
    expect(await problems({ select: { rows: ['1'] } })).toEqual([
      expect.stringMatching(/^state: "select" is not kept in saved views/),
    ]);
    expect(await problems({ length: 500 })).toEqual(['state.length is 500; this table shows at most 50 rows a page']);
    expect(await testApp.dataSource.getRepository(SavedView).count()).toBe(0);
  });

  it('stores names as given (values are bound), and refuses names it cannot show', async () => {
    const name = `x'); DROP TABLE widgetlib_saved_view; -- <script>`;
    const created = await create(ana, { name, state: {} }).expect(201);
    expect(created.body.name).toBe(name);
    expect((await list(ana)).map((view) => view.name)).toEqual([name]);
    for (const bad of ['', '   ', 'a\u0000b', 'x'.repeat(101), 42]) {
      const answer = await create(ana, { name: bad, state: {} }).expect(400);
      expect(String(answer.body.message)).toMatch(/^name /);
    }
    await create(ana, { name: 'ok', state: {}, owner: 'ben' }).expect(400);
  });

  it('refuses a second view of one name for a user with a 409 naming it, on create and rename', async () => {
    const first = (await create(ana, { name: 'Cassettes', state: {} }).expect(201)).body as { id: number };
    const taken = await create(ana, { name: '  cassettes ', state: STATE }).expect(409);
    expect(taken.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'You already have a saved view named "cassettes"',
      code: 'saved-views.name-taken',
      name: 'cassettes',
    });
    // In the reader's language (Accept-Language), with the same code for programs.
    const spanish = await create({ ...ana, 'Accept-Language': 'es-MX, en;q=0.5' }, { name: 'cassettes', state: {} });
    expect(spanish.status).toBe(409);
    expect(spanish.body).toMatchObject({
      message: 'Ya tiene una vista guardada llamada "cassettes"',
      code: 'saved-views.name-taken',
    });
    const unknown = await create({ ...ana, 'Accept-Language': 'de, fr;q=0.9' }, { name: 'cassettes', state: {} });
    expect(unknown.body.message).toBe('You already have a saved view named "cassettes"');
    // Another user, or another name, is free to use it.
    await create(ben, { name: 'Cassettes', state: {} }).expect(201);
    const second = (await create(ana, { name: 'Vinyl', state: {} }).expect(201)).body as { id: number };
    const renamed = await request(server)
      .patch(`/saved-views/albums/${second.id}/`)
      .set(ana)
      .send({ name: 'CASSETTES' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe('You already have a saved view named "CASSETTES"');
    // A view keeps its own name, in another case too.
    await request(server).patch(`/saved-views/albums/${first.id}/`).set(ana).send({ name: 'CASSETTES' }).expect(200);
    const restored = await request(server)
      .post('/saved-views/albums/state-restore/')
      .set(ana)
      .send({ action: 'state-create', name: 'vinyl', state: '{}' });
    expect(restored.status).toBe(409);
    expect((await list(ana)).map((view) => view.name)).toEqual(['CASSETTES', 'Vinyl']);
  });

  it('stores one view of a name when creates and renames to it arrive at once', async () => {
    const { id } = (await create(ana, { name: 'Draft', state: {} }).expect(201)).body as { id: number };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => create(ana, { name: 'Same', state: {} })),
      request(server).patch(`/saved-views/albums/${id}/`).set(ana).send({ name: 'same' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    const names = (await list(ana)).map((view) => String(view.name).toLowerCase());
    expect(names.filter((name) => name === 'same')).toHaveLength(1);
  });

  it('answers by the permissions of the table: 401, 403, 404', async () => {
    await request(server).get('/saved-views/albums/').expect(401);
    const forbidden = await request(server).get('/saved-views/albums/').set(cy).expect(403);
    expect(forbidden.body).toMatchObject({
      message: 'Missing permission: app.view_album',
      missingPermissions: ['app.view_album'],
    });
    await create(cy, { name: 'x', state: {} }).expect(403);
    await request(server).get('/saved-views/albums/').set(nameless).expect(403);
    const unknown = await request(server).get('/saved-views/no-such-table/').set(ana).expect(404);
    expect(unknown.body.message).toBe('No table "no-such-table" has saved views');
    await request(server).get('/saved-views/albums/abc/').set(ana).expect(400);
  });

  it("keeps the state of the user's table for stateSave", async () => {
    expect((await request(server).get('/saved-views/albums/current/').set(ana).expect(200)).body).toEqual({
      state: null,
    });
    await request(server).put('/saved-views/albums/current/').set(ana).send({ state: STATE }).expect(204);
    await request(server)
      .put('/saved-views/albums/current/')
      .set(ana)
      .send({ state: { ...STATE, length: 20 } })
      .expect(204);
    await request(server)
      .put('/saved-views/albums/current/')
      .set(ana)
      .send({ state: { columns: [{ name: 'secret' }] } })
      .expect(400);
    const current = await request(server).get('/saved-views/albums/current/').set(ana).expect(200);
    expect(current.body).toEqual({ state: { ...STATE, length: 20 } });
    expect((await request(server).get('/saved-views/albums/current/').set(ben).expect(200)).body).toEqual({
      state: null,
    });
    expect(await list(ana)).toEqual([]);
    await request(server).delete('/saved-views/albums/current/').set(ana).expect(204);
    expect((await request(server).get('/saved-views/albums/current/').set(ana).expect(200)).body.state).toBeNull();
  });

  it('keeps one current state when several saves arrive at once', async () => {
    const put = (length: number) =>
      request(server).put('/saved-views/albums/current/').set(ana).send({ state: { length } }).expect(204);
    await Promise.all([1, 2, 3, 4].map(put));
    await put(7);
    const current = await request(server).get('/saved-views/albums/current/').set(ana).expect(200);
    expect(current.body).toEqual({ state: { length: 7 } });
  });

  it("speaks StateRestore's Ajax protocol", async () => {
    const post = (user: Record<string, string>, body: object) =>
      request(server).post('/saved-views/albums/state-restore/').set(user).send(body);
    const created = await post(ana, {
      action: 'state-create',
      name: 'Mine',
      state: JSON.stringify(STATE),
      isDefault: true,
      isSharedOut: true,
      path: '/albums',
      table: 'albums',
    }).expect(200);
    const [entry] = created.body.data as Array<{ id: number; state: string }>;
    // As JSON text: StateRestore keeps an entry's id and name only then.
    expect(JSON.parse(entry!.state)).toEqual(STATE);
    expect(entry).toEqual({
      id: expect.any(Number),
      name: 'Mine',
      state: expect.any(String),
      isDefault: true,
      isSharedIn: false,
      isSharedOut: true,
      isStatic: false,
    });
    const read = await post(ben, { action: 'state-read' }).expect(200);
    expect(read.body.data).toEqual([
      { ...entry, name: 'Mine (ana)', isDefault: false, isSharedIn: true, isSharedOut: false },
    ]);
    await post(ben, { action: 'state-edit', id: entry!.id, name: 'x', state: '{}' }).expect(403);
    await post(ben, { action: 'state-remove', ids: [entry!.id] }).expect(403);
    const edited = await post(ana, {
      action: 'state-edit',
      id: String(entry!.id),
      name: 'Renamed',
      state: JSON.stringify({ length: 5 }),
      isSharedOut: 'false',
    }).expect(200);
    expect(edited.body.data).toEqual([expect.objectContaining({ name: 'Renamed', isSharedOut: false })]);
    await post(ana, { action: 'state-create', name: 'Bad', state: 'not json' }).expect(400);
    await post(ana, { action: 'state-create', name: 'Bad', state: JSON.stringify({ start: 'x' }) }).expect(400);
    await post(ana, { action: 'drop-table' }).expect(400);
    await post(ana, { action: 'state-remove', ids: [entry!.id] }).expect(200);
    expect((await post(ana, { action: 'state-read' }).expect(200)).body.data).toEqual([]);
  });

  it('still lists the table with an id and an entity', async () => {
    const answer = await request(server).get('/albums/').set(ana).expect(200);
    expect(answer.body).toMatchObject({ recordsTotal: 0, data: [] });
  });
});

@Controller()
class WithoutEntityController {
  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, id: 'albums' })
  list() {
    return [];
  }
}

@Controller()
class TwoOptionsController {
  @Get('albums')
  @DataTable(SAVED_ALBUMS)
  list() {
    return [];
  }

  @Get('other-albums')
  @DataTable({ ...SAVED_ALBUMS, pageSize: 3 })
  other() {
    return [];
  }
}

@Controller()
class OtherEntityController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('artists')
  @DataTable({ id: 'artists', entity: Album, orderingFields: ['name'] })
  list() {
    return this.dataSource.getRepository(Artist).createQueryBuilder('artist');
  }
}

describe('Saved view tables', () => {
  it('refuses to start with an id without an entity, or one id on different options', async () => {
    await expect(
      createTestApp('sqlite', { entities: ALBUM_ENTITIES, controllers: [WithoutEntityController] }),
    ).rejects.toThrow(
      '@DataTable({ id: "albums" }) on WithoutEntityController.list: a table with an id names its entity',
    );
    await expect(
      createTestApp('sqlite', { entities: ALBUM_ENTITIES, controllers: [TwoOptionsController] }),
    ).rejects.toThrow('TwoOptionsController.other declares the same id with other options');
  });

  it('answers 500 for a handler whose query is over another entity than it declares', async () => {
    const testApp = await createTestApp('sqlite', { entities: ALBUM_ENTITIES, controllers: [OtherEntityController] });
    try {
      await request(testApp.app.getHttpServer() as App)
        .get('/artists/')
        .expect(500);
    } finally {
      await testApp.close();
    }
  });
});

@Controller('books')
class SavedBooksController extends DataTableResource({
  ...BOOK_RESOURCE,
  dataTable: { ...BOOK_RESOURCE.dataTable, id: 'books' },
}) {}

describe('Saved views of a resource, on Fastify', () => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      platform: 'fastify',
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher])],
      controllers: [SavedBooksController],
    });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  const reader = asUser({ name: 'ana', permissions: ['books.view'] });
  const other = asUser({ name: 'ben', permissions: ['books.add'] });

  it("takes the resource's entity and its list permission", async () => {
    const state = { columns: [{ name: 'title' }, { name: 'publisher__name' }, { name: 'tags' }], order: [[0, 'asc']] };
    const created = await request(server).post('/saved-views/books/').set(reader).send({ name: 'By title', state });
    expect(created.status).toBe(201);
    expect(created.body.state).toEqual(state);
    const refused = await request(server).get('/saved-views/books/').set(other).expect(403);
    expect(refused.body.message).toBe('Missing permission: books.view');
    await request(server)
      .post('/saved-views/books/')
      .set(reader)
      .send({ name: 'By pages', state: { columns: [{ name: 'pages' }], order: [[0, 'asc']], length: 10 } })
      .expect(201);
    const bad = await request(server)
      .post('/saved-views/books/')
      .set(reader)
      .send({ name: 'Bad', state: { columns: [{ name: 'archived' }, { name: 'title', search: { search: 'x' } }] } })
      .expect(400);
    expect(bad.body.message).toEqual([expect.stringMatching(/^state: columns\[1\]\[search\]\[value\]: /)]);
    const listed = await request(server).get('/saved-views/books/').set(reader).expect(200);
    expect(listed.body.map((view: { name: string }) => view.name)).toEqual(['By pages', 'By title']);
  });
});
