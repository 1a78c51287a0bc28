// Every library route answers on Fastify as on Express: the same host module runs on both
// platforms (each on its own fresh database), the same requests go to both, and each answer of
// Fastify must equal Express's, whose status is checked too.
import { Controller, Get, Req, Res } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DateFormatsService, MenuService, SIDEBAR_FOOTER_CATEGORY, ViewName } from '../src/index.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { AlbumsController } from './fixtures/albums.controller.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import {
  asUser,
  createTestApp,
  type HttpPlatform,
  type TestApp,
  type TestUser,
} from '@widgetlib/test-support/test-app.js';

/** A server-rendered page's parts: the sidebar footer, the date formats, the view context of `res.locals`. */
@Controller('pages')
class PagesController {
  constructor(
    private readonly menu: MenuService,
    private readonly dates: DateFormatsService,
  ) {}

  @Get('album-form')
  @ViewName('catalogue:album-form')
  async albumForm(
    @Req() request: unknown,
    @Res({ passthrough: true }) response: { locals?: Record<string, unknown> },
  ): Promise<Record<string, unknown>> {
    return {
      footer: await this.menu.renderCategory(SIDEBAR_FOOTER_CATEGORY, request),
      dateFormats: this.dates.dateFormatsScript({ nonce: 'bm9uY2U=' }),
      locals: response.locals?.widgetlib ?? null,
    };
  }
}

interface Step {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  user?: TestUser;
  headers?: Record<string, string>;
  body?: object;
  /** Express's status, so that two equally wrong answers do not pass. */
  status: number;
}

const HELP_USER: TestUser = {
  permissions: ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'],
};
const VIEWER: TestUser = { permissions: ['widgetlib.view_help'] };
const BOOKS_USER: TestUser = { permissions: Object.values(BOOK_PERMISSIONS) };
const HELP_BODY = {
  id_view: 'catalogue:album-form',
  question_name: 'name',
  help_title: 'Name',
  help_text: '<b>Hi</b><img src=x onerror=alert(1)>',
};

const BRACKETS = [
  'draw=3',
  'start=2',
  'length=3',
  'search[value]=the',
  'search[regex]=false',
  'order[0][column]=1',
  'order[0][dir]=desc',
  'order[1][column]=0',
  'order[1][dir]=asc',
  'columns[0][data]=name&columns[0][name]=name&columns[0][searchable]=true&columns[0][orderable]=true&columns[0][search][value]=&columns[0][search][regex]=false',
  'columns[1][data]=year&columns[1][name]=year&columns[1][searchable]=true&columns[1][orderable]=true&columns[1][search][value]=&columns[1][search][regex]=false',
  '_=1700000000000',
].join('&');

const SCENARIOS: Record<string, Step[]> = {
  'the help API, with and without the trailing slash': [
    { method: 'get', path: '/help/', status: 401 },
    { method: 'get', path: '/help', user: { permissions: [] }, status: 403 },
    { method: 'post', path: '/help/', user: HELP_USER, body: HELP_BODY, status: 201 },
    { method: 'post', path: '/help', user: HELP_USER, body: HELP_BODY, status: 409 },
    { method: 'post', path: '/help/', user: HELP_USER, body: { ...HELP_BODY, unknown: 1 }, status: 400 },
    { method: 'get', path: '/help/', user: VIEWER, status: 200 },
    { method: 'get', path: '/help?id_view=catalogue:album-form', user: VIEWER, status: 200 },
    { method: 'get', path: '/help/?question_name=other', user: VIEWER, status: 200 },
    { method: 'get', path: '/help/1/', user: VIEWER, status: 200 },
    { method: 'get', path: '/help/1', user: VIEWER, status: 200 },
    { method: 'get', path: '/help/abc/', user: VIEWER, status: 400 },
    { method: 'put', path: '/help/1/', user: HELP_USER, body: { ...HELP_BODY, help_title: 'Album name' }, status: 200 },
    { method: 'patch', path: '/help/1', user: HELP_USER, body: { help_text: '<i>Changed</i>' }, status: 200 },
    { method: 'delete', path: '/help/1/', user: VIEWER, status: 403 },
    { method: 'patch', path: '/help/1', user: HELP_USER, headers: { 'If-Match': '"1"' }, body: {}, status: 412 },
    { method: 'patch', path: '/help/1', user: HELP_USER, headers: { 'If-Match': '1' }, body: {}, status: 400 },
    { method: 'get', path: '/help/?language=es-CR', user: VIEWER, status: 200 },
    { method: 'get', path: '/help?language=*', user: VIEWER, status: 200 },
    { method: 'delete', path: '/help/1/', user: HELP_USER, headers: { 'If-Match': '"3"' }, status: 204 },
    { method: 'get', path: '/help/1/', user: VIEWER, status: 404 },
    { method: 'get', path: '/help/1/revisions', user: VIEWER, status: 403 },
    { method: 'get', path: '/help/deleted', user: VIEWER, status: 403 },
    { method: 'post', path: '/help/1/revisions/4/restore/', user: HELP_USER, status: 201 },
    { method: 'post', path: '/help/1/revisions/4/restore', user: VIEWER, status: 403 },
    { method: 'get', path: '/help/1/', user: VIEWER, status: 200 },
  ],
  "a @DataTable list: DataTables' bracket parameters, the list parameters, filters and a 400": [
    { method: 'get', path: `/albums?${BRACKETS}`, status: 200 },
    { method: 'get', path: `/albums-with-genres/?${BRACKETS}`, status: 200 },
    {
      method: 'get',
      path: '/albums/?search=%C3%89LECTRONIQUE&ordering=artist__name,-year&limit=4&offset=1',
      status: 200,
    },
    {
      method: 'get',
      path: '/albums-with-genres?name__icontains=the&year__range=1960,1990&genres__id__in=1,2,3',
      status: 200,
    },
    { method: 'get', path: '/albums?ordering=password&draw=9', status: 400 },
  ],
  'a DataTableResource: list, create, retrieve, update and delete': [
    { method: 'get', path: '/books/?ordering=-pages', user: BOOKS_USER, status: 200 },
    { method: 'post', path: '/books/query', user: BOOKS_USER, body: { ordering: '-pages', draw: 2 }, status: 200 },
    { method: 'post', path: '/books/query/', user: { permissions: ['books.add'] }, body: { draw: 2 }, status: 403 },
    {
      method: 'post',
      path: '/books/',
      user: { permissions: ['books.view'] },
      body: { title: 'X', pages: 1, publisher_id: 1 },
      status: 403,
    },
    {
      method: 'post',
      path: '/books',
      user: BOOKS_USER,
      body: { title: 'Dubliners', pages: 152, publisher_id: 1 },
      status: 201,
    },
    { method: 'get', path: '/books/1/', user: BOOKS_USER, status: 200 },
    { method: 'get', path: '/books/1', user: BOOKS_USER, status: 200 },
    {
      method: 'put',
      path: '/books/1/',
      user: BOOKS_USER,
      body: { title: 'Dubliners', pages: 160, publisher_id: 1 },
      status: 200,
    },
    { method: 'put', path: '/books/1/', user: BOOKS_USER, body: { title: '', pages: 0, publisher_id: 1 }, status: 400 },
    { method: 'delete', path: '/books/1/', user: BOOKS_USER, status: 204 },
    { method: 'delete', path: '/books/1', user: BOOKS_USER, status: 404 },
  ],
  'the help panel in the sidebar footer, the view context and the date formats': [
    {
      method: 'get',
      path: '/pages/album-form',
      user: { permissions: ['widgetlib.view_help', 'widgetlib.change_help'] },
      status: 200,
    },
    { method: 'get', path: '/pages/album-form', status: 200 },
  ],
};

describeEachDatabase('Fastify answers every library route as Express does', (kind) => {
  const apps = new Map<HttpPlatform, TestApp>();

  beforeAll(async () => {
    for (const platform of ['express', 'fastify'] as const) {
      const testApp = await createTestApp(kind, {
        platform,
        entities: [...ALBUM_ENTITIES, Publisher, ShelfTag, Book],
        imports: [TypeOrmModule.forFeature([Book])],
        controllers: [AlbumsController, BooksController, PagesController],
      });
      apps.set(platform, testApp);
      await seedAlbums(testApp.dataSource);
      await testApp.dataSource.manager.save(Publisher, [{ name: 'Penguin' }]);
      await testApp.app.get(MenuService).registerHelpPanel();
    }
  });

  afterAll(async () => {
    for (const testApp of apps.values()) await testApp.close();
  });

  async function answer(platform: HttpPlatform, step: Step): Promise<{ status: number; body: unknown }> {
    const server = apps.get(platform)!.app.getHttpServer() as App;
    let call = request(server)[step.method](step.path);
    if (step.user) call = call.set(asUser(step.user));
    if (step.headers) call = call.set(step.headers);
    if (step.body) call = call.send(step.body);
    const response = await call;
    return { status: response.status, body: response.text === '' ? '' : (response.body as unknown) };
  }

  it.each(Object.entries(SCENARIOS))('%s', async (_name, steps) => {
    for (const step of steps) {
      const express = await answer('express', step);
      const fastify = await answer('fastify', step);
      const label = `${step.method.toUpperCase()} ${step.path}`;
      expect({ label, status: express.status }).toEqual({ label, status: step.status });
      expect({ label, ...fastify }).toEqual({ label, ...express });
    }
  });

  it('answers a DELETE or POST without a body that says it sends JSON (as many clients do) as Express does', async () => {
    const json = { 'Content-Type': 'application/json' };
    const emptyJson = { ...json, 'Content-Length': '0' };
    for (const platform of ['express', 'fastify'] as const) {
      const server = apps.get(platform)!.app.getHttpServer() as App;
      const expectStatus = (label: string, response: request.Response, status: number) =>
        expect({ platform, label, status: response.status, body: response.body as unknown }).toMatchObject({
          platform,
          label,
          status,
        });
      const helper = asUser(HELP_USER);
      const created = await request(server)
        .post('/help/')
        .set(helper)
        .send({ ...HELP_BODY, question_name: 'empty-body' });
      expectStatus('create help', created, 201);
      const help = (created.body as { id: number }).id;
      expectStatus('delete help', await request(server).delete(`/help/${help}/`).set(helper).set(json), 204);
      const revisions = await request(server).get(`/help/${help}/revisions`).set(helper).expect(200);
      const first = (revisions.body as { id: number }[]).at(-1)!.id;
      const restore = `/help/${help}/revisions/${first}/restore`;
      expectStatus('restore help', await request(server).post(restore).set(helper).set(emptyJson), 201);
      expectStatus('delete help again', await request(server).delete(`/help/${help}`).set(helper).set(emptyJson), 204);
      await request(server).get(`/help/${help}/`).set(asUser(VIEWER)).expect(404);

      const reader = asUser(BOOKS_USER);
      for (const [headers, path] of [
        [json, (id: number) => `/books/${id}/`],
        [emptyJson, (id: number) => `/books/${id}`],
      ] as const) {
        const book = await request(server)
          .post('/books')
          .set(reader)
          .send({ title: 'Emma', pages: 474, publisher_id: 1 })
          .expect(201);
        const id = (book.body as { id: number }).id;
        expectStatus('delete book', await request(server).delete(path(id)).set(reader).set(headers), 204);
        expectStatus('delete book again', await request(server).delete(path(id)).set(reader).set(headers), 404);
      }
      // A body that is there but not JSON is still refused, as on Express.
      const broken = await request(server).delete('/books/1').set(reader).set(json).send('{');
      expectStatus('delete with a broken body', broken, 400);
    }
  });

  it('renders the panel and exposes the view context on Fastify (reply.locals)', async () => {
    const { body } = await answer('fastify', { method: 'get', path: '/pages/album-form', user: VIEWER, status: 200 });
    const page = body as { footer: string; dateFormats: string; locals: unknown };
    expect(page.footer).toContain('data-widgetlib-palette=');
    expect(page.footer).toContain('"id_view":"catalogue:album-form","help_url":"/help/"');
    expect(page.dateFormats).toBe(
      '<script nonce="bm9uY2U=">document.date_format = "yyyy-MM-dd";document.datetime_format = "yyyy-MM-dd HH:mm";</script>',
    );
    expect(page.locals).toEqual({
      viewId: 'catalogue:album-form',
      dateFormat: 'yyyy-MM-dd',
      datetimeFormat: 'yyyy-MM-dd HH:mm',
      helpUrl: '/help/',
    });
  });

  it("leaves the trailing slash to Fastify's router when the host sets ignoreTrailingSlash", async () => {
    const testApp = await createTestApp(kind, {
      platform: 'fastify',
      fastifyOptions: { routerOptions: { ignoreTrailingSlash: true } },
    });
    try {
      const server = testApp.app.getHttpServer() as App;
      for (const path of ['/help', '/help/']) await request(server).get(path).set(asUser(VIEWER)).expect(200);
      // Its routes still take a DELETE that names a JSON body it does not send.
      await request(server).post('/help/').set(asUser(HELP_USER)).send(HELP_BODY).expect(201);
      await request(server)
        .delete('/help/1/')
        .set(asUser(HELP_USER))
        .set('Content-Type', 'application/json')
        .expect(204);
    } finally {
      await testApp.close();
    }
  });
});
