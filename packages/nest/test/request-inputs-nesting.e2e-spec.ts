// JSON nested deep enough to exhaust the stack, and bodies with more values than validation should
// walk, are a 400 on every library route that reads them, before anything recurses, on Express and
// Fastify; a list body past its limit is refused by its size before it is read.
import request from 'supertest';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import type { HttpPlatform } from '@widgetlib/test-support/test-app.js';
import { EVERYONE, InputRoutesHost, nested, VIEW } from './fixtures/input-routes.fixture.js';

for (const platform of ['express', 'fastify'] as HttpPlatform[]) {
  describeEachDatabase(`Nesting and size of request inputs on ${platform}`, (kind) => {
    let host: InputRoutesHost;

    beforeAll(async () => {
      host = await InputRoutesHost.start(kind, platform);
    });

    afterAll(() => host.close());

    it('refuses JSON nested past 32 levels before reading it, on every route that reads a body', async () => {
      const deep = (field: string, rest = '') => `{${rest}"${field}":${nested(3000)}}`;
      const body = (field: string) =>
        `the body nests arrays and objects more than 32 levels deep (in ${field}); at most 32 are read`;
      await host.expectRefused([
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
          path: `/saved-views/albums/${host.ids.view}/`,
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
          path: `/help/${host.ids.help}/`,
          body: deep('id_view'),
          message: body('id_view'),
        },
        {
          route: 'help update',
          method: 'patch',
          path: `/help/${host.ids.help}/`,
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
          path: `/books/${host.ids.book}/`,
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
      const response = await request(host.server)
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
      await host.expectRefused([
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
      await request(host.server).get('/help/').set(EVERYONE).query({ id_view: VIEW }).expect(200);
      const group = (depth: number): object =>
        depth === 1
          ? { criteria: [{ condition: 'contains', origData: 'name', value: ['a'] }], logic: 'AND' }
          : { criteria: [group(depth - 1)], logic: 'OR' };
      const list = await request(host.server)
        .post('/albums/query')
        .send({ searchBuilder: group(4) })
        .expect(200);
      expect(list.body.recordsFiltered).toBeGreaterThan(0);
      await request(host.server)
        .post('/saved-views/albums/')
        .set(EVERYONE)
        .send({ name: 'Nested', state: { searchBuilder: group(4) } })
        .expect(201);
    });
  });
}
