// Bulk actions over every row a data-table request selects (@DataTableBulkAction, BulkRequest,
// TableSelection) and DataTableResource's bulk delete, on every database: the rows acted on are
// exactly the list's, never outside the base query's scope, batch by batch, all or nothing.
import { Controller } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { matchesRequest, type ReferenceRequest } from './fixtures/album-table.reference.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import {
  BULK_PERMISSION,
  BulkAlbumsController,
  inOrScope,
  MARKED,
  type MarkAnswer,
} from './fixtures/bulk-albums.controller.js';
import { nestedParameters } from './fixtures/list-transports.js';
import { Author, Note, NoteDto, userName } from './fixtures/scoped-resource.fixture.js';
import { DataTableResource } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';

const TIMEZONE = 'Europe/Oslo';
const BULK_USER = asUser({ name: 'bulk', permissions: [BULK_PERMISSION] });
const OTHER_USER = asUser({ name: 'other', permissions: ['albums.view'] });

interface BulkCase {
  name: string;
  parameters: Record<string, string>;
  /** The same selection for the reference; absent when it cannot say it (SearchBuilder). */
  reference?: Omit<ReferenceRequest, 'ordering' | 'limit' | 'offset'>;
}

const CASES: BulkCase[] = [
  { name: 'a search', parameters: { search: 'abba' }, reference: { search: 'abba', filters: [] } },
  {
    name: 'a search across the to-many genres',
    parameters: { 'search[value]': 'rock' },
    reference: { search: 'rock', filters: [] },
  },
  {
    name: 'column filters',
    parameters: { year__gte: '1980', artist__name__isnull: 'false' },
    reference: {
      filters: [
        ['year__gte', '1980'],
        ['artist__name__isnull', 'false'],
      ],
    },
  },
  {
    name: 'a pane selection with the empty option',
    parameters: { 'searchPanes[artist.country][0]': 'Iceland', 'searchPanes_null[artist.country][1]': 'true' },
    reference: { filters: [], panes: [['artist__country', ['Iceland', null]]] },
  },
  {
    name: 'a SearchBuilder tree with OR',
    parameters: {
      searchBuilder: JSON.stringify({
        logic: 'OR',
        criteria: [
          { condition: '<', origData: 'year', value: ['1980'], type: 'num' },
          { condition: 'contains', origData: 'name', value: ['live'], type: 'string' },
        ],
      }),
    },
  },
  {
    name: 'paging, ordering and a page size, which do not narrow the selection',
    parameters: {
      year__lte: '2000',
      start: '5',
      length: '2',
      'order[0][column]': '0',
      'order[0][dir]': 'desc',
      'columns[0][data]': 'name',
    },
    reference: { filters: [['year__lte', '2000']] },
  },
];

describeEachDatabase('Bulk actions on every matching row', (kind) => {
  describe.each<HttpPlatform>(['express', 'fastify'])('on %s', (platform) => {
    let testApp: TestApp;
    let server: App;
    let albums: StoredAlbum[];

    const marked = async (): Promise<number[]> =>
      (await testApp.dataSource.getRepository(Album).find({ where: { secret: MARKED }, order: { id: 'ASC' } })).map(
        (album) => album.id,
      );
    const bulk = (path: string, body: Record<string, string> | object, headers: Record<string, string> = {}) =>
      request(server)
        .post(`/bulk/${path}`)
        .set({ ...BULK_USER, ...headers })
        .send(body);
    /** The ids the list answers for the same parameters, every row on one page. */
    const listed = async (parameters: Record<string, string>): Promise<number[]> => {
      const { start: _start, length: _length, ...selection } = parameters;
      const response = await request(server)
        .get('/albums-with-genres')
        .query({ ...selection, length: '50' })
        .expect(200);
      return (response.body as { data: { id: number }[] }).data.map((row) => row.id).sort((a, b) => a - b);
    };
    const reference = (selection: BulkCase['reference'], scope: (album: StoredAlbum) => boolean = () => true) =>
      albums
        .filter(
          (album) =>
            scope(album) &&
            matchesRequest(album, selection!, { searchFields: ALBUM_TABLE.searchFields!, timezone: TIMEZONE }),
        )
        .map((album) => album.id);

    beforeAll(async () => {
      testApp = await createTestApp(kind, {
        entities: ALBUM_ENTITIES,
        controllers: [AlbumsController, BulkAlbumsController],
        widgetlib: { timezone: TIMEZONE },
        platform,
      });
      server = testApp.app.getHttpServer() as App;
      albums = await seedAlbums(testApp.dataSource);
    });

    afterAll(() => testApp.close());

    beforeEach(async () => {
      await testApp.dataSource.getRepository(Album).createQueryBuilder().update().set({ secret: 'kept' }).execute();
    });

    describe.each(CASES)('$name', ({ parameters, reference: selection }) => {
      it.each([1, 3, 100])('acts on exactly the listed rows, once each, in batches of %i', async (size) => {
        const expected = await listed(parameters);
        if (selection) expect(expected).toEqual(reference(selection));
        expect(expected.length).toBeGreaterThan(0);
        const response = await bulk('mark', parameters, { 'x-batch-size': String(size) }).expect(200);
        const answer = response.body as MarkAnswer;
        expect([...answer.keys].map(Number).sort((a, b) => a - b)).toEqual(expected);
        expect(answer).toMatchObject({
          matched: expected.length,
          processed: expected.length,
          batches: Math.ceil(expected.length / size),
        });
        expect(await marked()).toEqual(expected);
      });

      it('counts the selection without acting on it', async () => {
        const expected = await listed(parameters);
        const response = await bulk('count', parameters).expect(200);
        expect(response.body).toEqual({ count: expected.length });
        expect(await marked()).toEqual([]);
      });

      it('reads the same selection from a JSON body', async () => {
        const expected = await listed(parameters);
        await bulk('mark', nestedParameters(parameters), { 'x-batch-size': '2' }).expect(200);
        expect(await marked()).toEqual(expected);
      });
    });

    it('never leaves a base query scoped with OR, whatever the request asks', async () => {
      for (const parameters of [{ search: 'a' }, { year__gte: '1900' }, { 'searchPanes[is_live][0]': 'false' }]) {
        await testApp.dataSource.getRepository(Album).createQueryBuilder().update().set({ secret: 'kept' }).execute();
        const response = await bulk('mark-scoped', parameters, { 'x-batch-size': '2' }).expect(200);
        const expected = albums
          .filter((album) => inOrScope(album))
          .filter((album) =>
            matchesRequest(
              album,
              parameters.search
                ? { search: parameters.search, filters: [] }
                : parameters.year__gte
                  ? { filters: [['year__gte', parameters.year__gte]] }
                  : { filters: [], panes: [['is_live', ['false']]] },
              { searchFields: ALBUM_TABLE.searchFields!, timezone: TIMEZONE },
            ),
          )
          .map((album) => album.id);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(albums.length);
        expect(await marked()).toEqual(expected);
        expect((response.body as MarkAnswer).processed).toBe(expected.length);
      }
    });

    it('acts on the rows picked one by one, only those the request and the base query keep', async () => {
      const filtered = await listed({ year__gte: '1980' });
      const outside = albums.map((album) => album.id).filter((id) => !filtered.includes(id));
      expect(filtered.length).toBeGreaterThan(2);
      expect(outside.length).toBeGreaterThan(1);
      const picked = [filtered[0]!, filtered[2]!, outside[0]!, outside[1]!];
      const answer = (await bulk('mark', { year__gte: '1980', ids: picked.join(',') }).expect(200)).body as MarkAnswer;
      expect(answer).toMatchObject({ matched: 2, processed: 2 });
      expect(await marked()).toEqual([filtered[0]!, filtered[2]!].sort((a, b) => a - b));

      // Without filters, a JSON array; a base query scoped with OR keeps only its own rows.
      await testApp.dataSource.getRepository(Album).createQueryBuilder().update().set({ secret: 'kept' }).execute();
      const inScope = albums.filter(inOrScope).map((album) => album.id);
      const outOfScope = albums.filter((album) => !inOrScope(album)).map((album) => album.id);
      await bulk('mark-scoped', { ids: [inScope[0], outOfScope[0], inScope[1]] }).expect(200);
      expect(await marked()).toEqual([inScope[0]!, inScope[1]!].sort((a, b) => a - b));
    });

    it('holds picked rows to confirm: a picked row the request no longer keeps is a 409', async () => {
      const [first, second] = await listed({ search: 'abba' });
      const outside = albums.find((album) => album.id !== first && album.id !== second && !/abba/i.test(album.name));
      await bulk('mark', { search: 'abba', ids: `${first},${outside!.id}`, confirm: '2' }).expect(409);
      expect(await marked()).toEqual([]);
      await bulk('mark', { search: 'abba', ids: `${first},${second}`, confirm: '2' }).expect(200);
      expect(await marked()).toEqual([first!, second!].sort((a, b) => a - b));
    });

    it('refuses bad ids with a 400 naming them, and acts on nothing', async () => {
      for (const [ids, message] of [
        ['1,abc', 'ids must list integer keys, comma-separated; not "abc"'],
        ['', "ids must list at least one row's key"],
        ['2.5', 'ids must list integer keys, comma-separated; not "2.5"'],
        [Array.from({ length: 1001 }, (_, index) => index + 1).join(','), 'ids may list at most 1000 rows, got 1001'],
      ]) {
        const response = await bulk('mark', { ids }).expect(400);
        expect((response.body as { message: string[] }).message).toEqual([message]);
      }
      expect(await marked()).toEqual([]);
    });

    it('refuses a request without any condition unless it says all=true', async () => {
      for (const parameters of [
        {},
        { draw: '3', start: '0', length: '10' },
        { search: '' },
        { 'search[value]': '  ' },
      ]) {
        const response = await bulk('mark', parameters).expect(400);
        expect(JSON.stringify(response.body)).toContain('send all=true');
      }
      await bulk('mark', { all: 'maybe' }).expect(400, /all must be true or false/);
      await bulk('mark', { all: 'false' }).expect(400, /send all=true/);
      expect(await marked()).toEqual([]);
      const answer = (await bulk('mark', { all: 'true' }, { 'x-batch-size': '7' }).expect(200)).body as MarkAnswer;
      expect(answer).toMatchObject({ matched: albums.length, processed: albums.length, batches: 3 });
      expect(await marked()).toEqual(albums.map((album) => album.id));
      await bulk('mark-repository', { all: true }).expect(200);
    });

    it('acts only when confirm names the number of matching rows', async () => {
      const expected = await listed({ search: 'abba' });
      const conflict = await bulk('mark', { search: 'abba', confirm: String(expected.length + 1) }).expect(409);
      expect(JSON.stringify(conflict.body)).toContain(`but ${expected.length} rows match the request now`);
      expect(await marked()).toEqual([]);
      await bulk('mark', { search: 'abba', confirm: 'many' }).expect(400, /confirm must be/);
      await bulk('mark', { search: 'abba', confirm: String(expected.length) }).expect(200);
      expect(await marked()).toEqual(expected);
    });

    it('names every bad parameter in a 400 and acts on nothing', async () => {
      const response = await bulk('mark', { year__gte: 'soon', ordering: 'secret', draw: '4' }).expect(400);
      const { message, draw } = response.body as { message: string[]; draw: number };
      expect(draw).toBe(4);
      expect(message.join('\n')).toMatch(/year__gte/);
      expect(message.join('\n')).toMatch(/ordering: "secret" is not an ordering field/);
      await request(server)
        .post('/bulk/mark')
        .set(BULK_USER)
        .query({ search: 'abba' })
        .send({ search: 'abba' })
        .expect(400, /not both/);
      expect(await marked()).toEqual([]);
    });

    it('refuses to act behind a GET route (a 500, logged as a mistake of the route)', async () => {
      await request(server).get('/bulk/mark-by-get').query({ all: 'true' }).set(BULK_USER).expect(500);
      expect(await marked()).toEqual([]);
    });

    it('checks the permission before anything: 401 without a user, 403 without the permission', async () => {
      const matrix: [Record<string, string>, number][] = [
        [{}, 401],
        [OTHER_USER, 403],
        [asUser({ name: 'none', permissions: [] }), 403],
        [BULK_USER, 200],
      ];
      for (const [headers, status] of matrix) {
        await request(server).post('/bulk/mark').set(headers).send({ search: 'abba' }).expect(status);
        // A bad request is refused for the permission first.
        if (status !== 200)
          await request(server).post('/bulk/mark').set(headers).send({ year__gte: 'x' }).expect(status);
      }
      expect((await marked()).length).toBeGreaterThan(0);
    });

    it('undoes every batch when the action fails midway in one transaction', async () => {
      await bulk('mark', { year__gte: '1900' }, { 'x-batch-size': '3', 'x-fail-after': '2' }).expect(422);
      expect(await marked()).toEqual([]);
    });

    it('keeps the batches done before a failure with a transaction per batch', async () => {
      await bulk(
        'mark',
        { year__gte: '1900' },
        { 'x-batch-size': '3', 'x-fail-after': '2', 'x-transaction': 'per-batch' },
      ).expect(422);
      expect(await marked()).toEqual(albums.map((album) => album.id).slice(0, 6));
      const answer = (
        await bulk('mark', { year__gte: '1900' }, { 'x-batch-size': '4', 'x-transaction': 'per-batch' }).expect(200)
      ).body as MarkAnswer;
      expect(answer).toMatchObject({ matched: albums.length, processed: albums.length, batches: 5 });
      expect(await marked()).toEqual(albums.map((album) => album.id));
    });
  });
});

/** One's own notes and every shared one (a scope with OR), searchable and filterable; bulk delete declared, under the delete permission. */
@Controller('searchable-notes')
class SearchableNotesController extends DataTableResource({
  entity: Note,
  name: 'searchable-notes',
  createDto: NoteDto,
  permissions: {
    list: 'notes.use',
    retrieve: 'notes.use',
    create: 'notes.use',
    update: 'notes.use',
    delete: 'notes.delete',
    bulkDelete: 'notes.delete',
  },
  query: (notes, request) =>
    notes
      .createQueryBuilder('note')
      .leftJoinAndSelect('note.author', 'author')
      .where('note.owner = :me', { me: userName(request) })
      .orWhere('note.shared = :shared', { shared: true }),
  dataTable: {
    searchFields: ['body'],
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: { shared: ['exact'] },
  },
}) {}

describeEachDatabase('DataTableResource bulk delete', (kind) => {
  let testApp: TestApp;
  let server: App;
  const ALICE = asUser({ name: 'alice', permissions: ['notes.use', 'notes.delete'] });

  const remaining = async (): Promise<string[]> =>
    (await testApp.dataSource.getRepository(Note).find({ order: { id: 'ASC' } })).map((note) => note.body);
  const bulkDelete = (body: object, headers: Record<string, string> = ALICE) =>
    request(server).post('/searchable-notes/bulk-delete').set(headers).send(body);

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Author, Note],
      imports: [TypeOrmModule.forFeature([Note])],
      controllers: [SearchableNotesController],
    });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    await testApp.dataSource.createQueryBuilder().delete().from(Note).execute();
    const notes = [];
    for (const owner of ['alice', 'bob']) {
      for (let index = 0; index < 600; index += 1) {
        notes.push({
          owner,
          shared: index % 2 === 1,
          body: `${owner} ${index % 2 === 1 ? 'shared' : 'private'} ${index}`,
        });
      }
    }
    await testApp.dataSource.getRepository(Note).save(notes, { chunk: 200 });
  });

  it('deletes the selected notes within the scope only, more than one batch of them', async () => {
    // bob's private notes match the search but are outside alice's scope.
    expect((await bulkDelete({ search: 'private' }).expect(200)).body).toEqual({ deleted: 300 });
    let left = await remaining();
    expect(left.filter((body) => body.startsWith('alice private'))).toEqual([]);
    expect(left.filter((body) => body.startsWith('bob private'))).toHaveLength(300);
    // Shared notes are in the scope whoever owns them: 600 of them, two batches.
    expect((await bulkDelete({ shared: 'true' }).expect(200)).body).toEqual({ deleted: 600 });
    left = await remaining();
    expect(left).toHaveLength(300);
    expect(left.every((body) => body.startsWith('bob private'))).toBe(true);
  });

  it('refuses an unconditioned request without all=true, then deletes the whole scope with it', async () => {
    await bulkDelete({}).expect(400, /send all=true/);
    await bulkDelete({ shared: 'perhaps' }).expect(400, /shared/);
    expect(await remaining()).toHaveLength(1200);
    expect((await bulkDelete({ all: true, confirm: 900 }).expect(200)).body).toEqual({ deleted: 900 });
    expect(await remaining()).toHaveLength(300);
  });

  it('needs the delete permission: 401 without a user, 403 with the list permission only', async () => {
    await bulkDelete({ search: 'private' }, {}).expect(401);
    await bulkDelete({ search: 'private' }, asUser({ name: 'alice', permissions: ['notes.use'] })).expect(403);
    expect(await remaining()).toHaveLength(1200);
  });
});
