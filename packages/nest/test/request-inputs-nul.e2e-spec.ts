// A NUL character (PostgreSQL cannot store one) in any body, query or parameter name that a library
// route reads is a 400 naming the field, on Express and Fastify, and nothing is stored; the rule is
// one (see common/request-input.checks.ts), applied where the library reads its inputs.
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import type { HttpPlatform } from '@widgetlib/test-support/test-app.js';
import { InputRoutesHost, VIEW } from './fixtures/input-routes.fixture.js';

for (const platform of ['express', 'fastify'] as HttpPlatform[]) {
  describeEachDatabase(`NUL characters in request inputs on ${platform}`, (kind) => {
    let host: InputRoutesHost;

    beforeAll(async () => {
      host = await InputRoutesHost.start(kind, platform);
    });

    afterAll(() => host.close());

    it('refuses a NUL anywhere text reaches the database, naming the parameter, and stores nothing', async () => {
      const nul = (name: string) => `${name} must not contain NUL characters`;
      const help = { id_view: VIEW, question_name: 'year', help_title: 'Year', help_text: '' };
      await host.expectRefused([
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
          path: `/help/${host.ids.help}/`,
          body: { ...help, help_title: 'Y\u0000' },
          message: nul('help_title'),
        },
        {
          route: 'help update',
          method: 'patch',
          path: `/help/${host.ids.help}/`,
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
          path: `/saved-views/albums/${host.ids.view}/`,
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
          path: `/books/${host.ids.book}/`,
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
  });
}
