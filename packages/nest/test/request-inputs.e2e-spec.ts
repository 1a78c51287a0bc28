// Inputs that parse but that no route may pass on: a NUL character (PostgreSQL cannot store one),
// JSON nested deep enough to exhaust the stack, bodies with more values than validation should
// walk. Every route of the library that reads a body or a query answers 400 naming the field, on
// Express and Fastify, and stores nothing.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, DataTableExport, Help, SavedView, ViewName, type DataTableOptions } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { BULK_PERMISSION, BulkAlbumsController, MARKED } from './fixtures/bulk-albums.controller.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { withPostTwins } from './fixtures/list-transports.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';

const VIEW = 'catalogue:album-form';
const { actions: _actions, ...ALBUM_LIST } = ALBUM_TABLE;
const ALBUMS: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  id: 'albums',
  entity: Album,
  export: { path: 'albums/export' },
};
/** A list whose body limit is below the nested body sent to it. */
const SMALL_BODIES: DataTableOptions<Album> = { ...ALBUM_LIST, limits: { maxBodyBytes: 2048 } };

@Controller()
class InputAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private albums() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }

  @Get('albums')
  @DataTable(ALBUMS)
  list() {
    return this.albums();
  }

  @Get('small-albums')
  @DataTable(SMALL_BODIES)
  small() {
    return this.albums();
  }

  @DataTableExport(ALBUMS, 'POST')
  exportRows() {
    return this.albums();
  }

  @Get('catalogue/albums/new')
  @ViewName(VIEW)
  albumForm(): string {
    return 'form';
  }
}

const EVERYONE = asUser({
  name: 'ana',
  isSuperuser: true,
  permissions: [BULK_PERMISSION, ...Object.values(BOOK_PERMISSIONS)],
});

type Method = 'get' | 'post' | 'put' | 'patch';

interface Case {
  route: string;
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: object | string;
  /** The 400's message, as the route words it. */
  message: string | RegExp;
}

/** A JSON text of arrays nested `levels` deep: 3000 levels take 6 KB. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

for (const platform of ['express', 'fastify'] as HttpPlatform[]) {
  describeEachDatabase(`Request inputs on ${platform}`, (kind) => {
    let testApp: TestApp;
    let server: App;
    let helpId: number;
    let viewId: number;
    let bookId: number;

    beforeAll(async () => {
      testApp = await createTestApp(kind, {
        entities: [...ALBUM_ENTITIES, Book, Publisher, ShelfTag],
        imports: [TypeOrmModule.forFeature([Book, Publisher])],
        controllers: [withPostTwins(InputAlbumsController), BulkAlbumsController, BooksController],
        widgetlib: { helpUsage: true },
        platform,
      });
      server = testApp.app.getHttpServer() as App;
      await seedAlbums(testApp.dataSource);
      const { dataSource } = testApp;
      const publisher = await dataSource.getRepository(Publisher).save({ name: 'Penguin' });
      bookId = (await dataSource.getRepository(Book).save({ title: 'Kept', pages: 10, publisher, tags: [] })).id;
      helpId = (
        await dataSource
          .getRepository(Help)
          .save({ id_view: VIEW, question_name: 'name', help_title: 'Name', help_text: '<p>kept</p>' })
      ).id;
      const created = await request(server)
        .post('/saved-views/albums/')
        .set(EVERYONE)
        .send({ name: 'Kept', state: {} });
      expect(created.status).toBe(201);
      viewId = created.body.id as number;
    });

    afterAll(() => testApp.close());

    /** What the routes below may change: each must be as it was after a refused request. */
    async function stored(): Promise<unknown> {
      const { dataSource } = testApp;
      return {
        help: await dataSource.getRepository(Help).find({ order: { id: 'ASC' } }),
        views: await dataSource.getRepository(SavedView).find({ order: { id: 'ASC' } }),
        books: await dataSource.getRepository(Book).find({ order: { id: 'ASC' } }),
        marked: await dataSource.getRepository(Album).countBy({ secret: MARKED }),
      };
    }

    function send({ method, path, query, body }: Case) {
      const sent = request(server)[method](path).set(EVERYONE);
      if (query) sent.query(query);
      if (typeof body === 'string') return sent.set('content-type', 'application/json').send(body);
      return body === undefined ? sent : sent.send(body);
    }

    async function expectRefused(cases: readonly Case[]): Promise<void> {
      const before = await stored();
      const answers: string[] = [];
      for (const each of cases) {
        const response = await send(each);
        const messages = ([] as unknown[]).concat(response.body?.message ?? response.text);
        const matches =
          messages.length === 1 &&
          (typeof each.message === 'string' ? messages[0] === each.message : each.message.test(String(messages[0])));
        if (response.status !== 400 || !matches)
          answers.push(`${each.route}: ${response.status} ${JSON.stringify(messages).slice(0, 300)}`);
      }
      expect(answers).toEqual([]);
      expect(await stored()).toEqual(before);
    }

    it('refuses a NUL anywhere text reaches the database, naming the parameter, and stores nothing', async () => {
      const nul = (name: string) => `${name} must not contain NUL characters`;
      const help = { id_view: VIEW, question_name: 'year', help_title: 'Year', help_text: '' };
      await expectRefused([
        { route: 'help list', method: 'get', path: '/help/', query: { id_view: 'a\u0000b' }, message: nul('id_view') },
        {
          route: 'help list',
          method: 'get',
          path: '/help/',
          query: { question_name: '\u0000' },
          message: nul('question_name'),
        },
        {
          route: 'help create',
          method: 'post',
          path: '/help/',
          body: { ...help, question_name: 'y\u0000' },
          message: nul('question_name'),
        },
        {
          route: 'help create',
          method: 'post',
          path: '/help/',
          body: { ...help, help_text: '<p>\u0000</p>' },
          message: nul('help_text'),
        },
        {
          route: 'help replace',
          method: 'put',
          path: `/help/${helpId}/`,
          body: { ...help, help_title: 'Y\u0000' },
          message: nul('help_title'),
        },
        {
          route: 'help update',
          method: 'patch',
          path: `/help/${helpId}/`,
          body: { id_view: `${VIEW}\u0000` },
          message: nul('id_view'),
        },
        {
          route: 'help usage',
          method: 'post',
          path: '/help/usage/',
          body: { event: 'missing', id_view: VIEW, question_name: 'a\u0000' },
          message: nul('question_name'),
        },
        {
          route: 'help usage',
          method: 'post',
          path: '/help/usage/',
          body: { event: 'missing', id_view: '\u0000', question_name: 'a' },
          message: nul('id_view'),
        },
        {
          route: 'help usage summary',
          method: 'get',
          path: '/help/usage/',
          query: { id_view: `${VIEW}\u0000` },
          message: nul('id_view'),
        },
        {
          route: 'help coverage',
          method: 'post',
          path: '/help/coverage/fields/',
          body: { id_view: VIEW, fields: ['name', 'genre\u0000'] },
          message: nul('fields[1]'),
        },
        {
          route: 'help import',
          method: 'post',
          path: '/help/import',
          body: {
            format: 'widgetlib-help',
            schemaVersion: 1,
            entries: [{ ...help, language: null, help_title: '\u0000' }],
          },
          message: nul('entries[0].help_title'),
        },
        {
          route: 'saved view create',
          method: 'post',
          path: '/saved-views/albums/',
          body: { name: 'Mine', state: { search: { search: 'a\u0000' } } },
          message: nul('state.search.search'),
        },
        {
          route: 'saved view update',
          method: 'patch',
          path: `/saved-views/albums/${viewId}/`,
          body: { name: 'Re\u0000named' },
          message: nul('name'),
        },
        {
          route: 'saved view current',
          method: 'put',
          path: '/saved-views/albums/current/',
          body: { state: { columns: [{ name: 'name\u0000' }] } },
          message: nul('state.columns[0].name'),
        },
        {
          route: 'StateRestore',
          method: 'post',
          path: '/saved-views/albums/state-restore/',
          body: { action: 'state-create', name: 'Mine', state: JSON.stringify({ search: { search: '\u0000' } }) },
          message: nul('state.search.search'),
        },
        {
          route: 'resource create',
          method: 'post',
          path: '/books/',
          body: { title: 'a\u0000', pages: 1, publisher_id: 1 },
          message: nul('title'),
        },
        {
          route: 'resource update',
          method: 'put',
          path: `/books/${bookId}/`,
          body: { title: 'b\u0000', pages: 2, publisher_id: 1 },
          message: nul('title'),
        },
        { route: 'list search', method: 'get', path: '/albums', query: { search: 'a\u0000' }, message: nul('search') },
        { route: 'list cursor', method: 'get', path: '/albums', query: { cursor: '\u0000' }, message: nul('cursor') },
        {
          route: 'list parameter name',
          method: 'get',
          path: '/albums',
          query: { 'name\u0000': 'x' },
          message: nul('"name\\u0000"'),
        },
        {
          route: 'list filter',
          method: 'post',
          path: '/albums/query',
          body: { name__in: 'a,\u0000' },
          message: nul('name__in'),
        },
        {
          route: 'list column search',
          method: 'post',
          path: '/albums/query',
          body: { columns: [{ data: 'name', search: { value: '\u0000' } }] },
          message: nul('columns[0][search][value]'),
        },
        {
          route: 'list SearchBuilder',
          method: 'post',
          path: '/albums/query',
          body: { searchBuilder: { criteria: [{ condition: '=', origData: 'name', value: ['a\u0000'] }] } },
          message: nul('searchBuilder[criteria][0][value][0]'),
        },
        {
          route: 'list SearchPanes',
          method: 'post',
          path: '/albums/query',
          body: { searchPanes: { artist__name: ['\u0000'] } },
          message: nul('searchPanes[artist__name][0]'),
        },
        {
          route: 'list ColumnControl',
          method: 'post',
          path: '/albums/query',
          body: { columns: [{ data: 'name', columnControl: { search: { value: 'x\u0000', logic: 'contains' } } }] },
          message: nul('columns[0][columnControl][search][value]'),
        },
        {
          route: 'export',
          method: 'post',
          path: '/albums/export',
          body: { format: 'csv', search: '\u0000' },
          message: nul('search'),
        },
        { route: 'bulk', method: 'post', path: '/bulk/mark', body: { name: 'Arrival\u0000' }, message: nul('name') },
      ]);
    });

    it('refuses JSON nested past 32 levels before reading it, on every route that reads a body', async () => {
      const deep = (field: string, rest = '') => `{${rest}"${field}":${nested(3000)}}`;
      const body = (field: string) =>
        `the body nests arrays and objects more than 32 levels deep (in ${field}); at most 32 are read`;
      await expectRefused([
        { route: 'list', method: 'post', path: '/albums/query', body: deep('search'), message: body('search') },
        {
          route: 'export',
          method: 'post',
          path: '/albums/export',
          body: deep('columns', '"format":"csv",'),
          message: body('columns'),
        },
        { route: 'bulk', method: 'post', path: '/bulk/mark', body: deep('all'), message: body('all') },
        {
          route: 'bulk count',
          method: 'post',
          path: '/bulk/count',
          body: deep('searchPanes'),
          message: body('searchPanes'),
        },
        {
          route: 'saved view create',
          method: 'post',
          path: '/saved-views/albums/',
          body: deep('state', '"name":"Deep",'),
          message: body('state'),
        },
        {
          route: 'saved view update',
          method: 'patch',
          path: `/saved-views/albums/${viewId}/`,
          body: deep('name'),
          message: body('name'),
        },
        {
          route: 'saved view current',
          method: 'put',
          path: '/saved-views/albums/current/',
          body: deep('state'),
          message: body('state'),
        },
        {
          route: 'StateRestore',
          method: 'post',
          path: '/saved-views/albums/state-restore/',
          body: { action: 'state-create', name: 'Deep', state: `{"columns":${nested(3000)}}` },
          message: 'state nests arrays and objects more than 32 levels deep; at most 32 are read',
        },
        { route: 'help create', method: 'post', path: '/help/', body: deep('help_text'), message: body('help_text') },
        {
          route: 'help replace',
          method: 'put',
          path: `/help/${helpId}/`,
          body: deep('id_view'),
          message: body('id_view'),
        },
        {
          route: 'help update',
          method: 'patch',
          path: `/help/${helpId}/`,
          body: deep('help_title'),
          message: body('help_title'),
        },
        { route: 'help usage', method: 'post', path: '/help/usage/', body: deep('event'), message: body('event') },
        {
          route: 'help coverage',
          method: 'post',
          path: '/help/coverage/fields/',
          body: deep('fields'),
          message: body('fields'),
        },
        { route: 'help import', method: 'post', path: '/help/import', body: deep('entries'), message: body('entries') },
        { route: 'resource create', method: 'post', path: '/books/', body: deep('title'), message: body('title') },
        {
          route: 'resource update',
          method: 'put',
          path: `/books/${bookId}/`,
          body: deep('pages'),
          message: body('pages'),
        },
        {
          route: 'list SearchBuilder JSON',
          method: 'get',
          path: '/albums',
          query: { searchBuilder: `{"criteria":${nested(40)}}` },
          message: 'searchBuilder nests arrays and objects more than 32 levels deep; at most 32 are read',
        },
        {
          route: 'list SearchBuilder JSON in a body',
          method: 'post',
          path: '/albums/query',
          body: { searchBuilder: `{"criteria":${nested(5000)}}` },
          message: 'searchBuilder nests arrays and objects more than 32 levels deep; at most 32 are read',
        },
      ]);
    });

    it('refuses a list body past its limit before walking it, however it nests', async () => {
      const sent = `{"draw":"5","search":${nested(3000)}}`;
      const response = await request(server)
        .post('/small-albums/query')
        .set('content-type', 'application/json')
        .send(sent)
        .expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [`the body has ${Buffer.byteLength(sent)} bytes; at most 2048 are allowed (limits.maxBodyBytes)`],
        draw: 5,
      });
    });

    it('refuses a validated body of more than 5000 values before validating it', async () => {
      const wide = Object.fromEntries(Array.from({ length: 6000 }, (_, index) => [`k${index}`, index]));
      const message = (field: string) => `the body holds more than 5000 values (in ${field}); at most 5000 are read`;
      await expectRefused([
        {
          route: 'saved view create',
          method: 'post',
          path: '/saved-views/albums/',
          body: { name: 'Wide', state: wide },
          message: message('state'),
        },
        {
          route: 'help create',
          method: 'post',
          path: '/help/',
          body: { id_view: VIEW, question_name: 'q', help_title: 't', help_text: Object.values(wide) },
          message: message('help_text'),
        },
        {
          route: 'help usage',
          method: 'post',
          path: '/help/usage/',
          body: { event: 'missing', id_view: VIEW, question_name: Object.keys(wide) },
          message: message('question_name'),
        },
        {
          route: 'resource create',
          method: 'post',
          path: '/books/',
          body: { title: 'Wide', pages: 1, publisher_id: 1, tags: Object.keys(wide) },
          message: message('tags'),
        },
      ]);
    });

    it('still takes what the routes are for', async () => {
      await request(server).get('/help/').set(EVERYONE).query({ id_view: VIEW }).expect(200);
      const group = (depth: number): object =>
        depth === 1
          ? { criteria: [{ condition: 'contains', origData: 'name', value: ['a'] }], logic: 'AND' }
          : { criteria: [group(depth - 1)], logic: 'OR' };
      const list = await request(server)
        .post('/albums/query')
        .send({ searchBuilder: group(4) })
        .expect(200);
      expect(list.body.recordsFiltered).toBeGreaterThan(0);
      await request(server)
        .post('/saved-views/albums/')
        .set(EVERYONE)
        .send({ name: 'Nested', state: { searchBuilder: group(4) } })
        .expect(201);
    });
  });
}
