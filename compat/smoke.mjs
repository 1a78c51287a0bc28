// The smoke checks the compatibility suite runs against each started host (compat/host), over HTTP.
import { deepStrictEqual } from 'node:assert/strict';

/** The host's rows (written to its seed.json), which the expected answers below follow. */
export const SEED = {
  artists: [
    { id: 1, name: 'Björk' },
    { id: 2, name: 'Ólafur Arnalds' },
    { id: 3, name: 'Massive Attack' },
  ],
  albums: [
    { id: 1, title: 'Debut', year: 1993, artist: 1 },
    { id: 2, title: 'Post', year: 1995, artist: 1 },
    { id: 3, title: 'Homogenic', year: 1997, artist: 1 },
    { id: 4, title: 'Mezzanine', year: 1998, artist: 3 },
    { id: 5, title: 'Blue Lines', year: 1991, artist: 3 },
    { id: 6, title: 'Re:member', year: 2018, artist: 2 },
    { id: 7, title: 'Éternité', year: 2001, artist: 2 },
    { id: 8, title: 'Vespertine', year: 2001, artist: 1 },
  ],
};

const HELP = ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'];
const BOOKS = ['books.view', 'books.add', 'books.change', 'books.delete'];

function client(baseUrl) {
  return async function request(method, path, { permissions, body } = {}) {
    const headers = { accept: 'application/json' };
    if (permissions) headers['x-compat-permissions'] = permissions.join(',');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  };
}

const ids = (envelope) => envelope.data.map((row) => row.id);

/** Every check: a name and a function that throws (an assertion) when the host answers wrongly. */
function checks(request) {
  const table = async (query) => {
    const answer = await request('GET', `/albums/?${query}`);
    deepStrictEqual(answer.status, 200, answer.text);
    return answer.json;
  };
  return [
    [
      'help API: 401 without a user, 403 without the permission',
      async () => {
        deepStrictEqual((await request('GET', '/help/')).status, 401);
        deepStrictEqual((await request('GET', '/help/', { permissions: ['books.view'] })).status, 403);
        deepStrictEqual(
          (await request('POST', '/help/', { permissions: ['widgetlib.view_help'], body: {} })).status,
          403,
        );
      },
    ],
    [
      'help API: create (sanitised), list with and without the trailing slash, replace, delete',
      async () => {
        const created = await request('POST', '/help/', {
          permissions: HELP,
          body: {
            id_view: 'catalogue:album-form',
            question_name: 'title',
            help_title: 'Title',
            help_text: '<b>Name</b><script>x()</script>',
          },
        });
        deepStrictEqual(created.status, 201, created.text);
        const { id } = created.json;
        deepStrictEqual(created.json, {
          id,
          id_view: 'catalogue:album-form',
          question_name: 'title',
          help_title: 'Title',
          help_text: '<b>Name</b>',
          language: null,
          version: 1,
        });
        for (const path of ['/help/?id_view=catalogue:album-form', '/help?id_view=catalogue:album-form']) {
          const listed = await request('GET', path, { permissions: ['widgetlib.view_help'] });
          deepStrictEqual([listed.status, listed.json], [200, [created.json]], `${path}: ${listed.text}`);
        }
        const replacement = {
          id_view: 'catalogue:album-form',
          question_name: 'title',
          help_title: 'Album title',
          help_text: '',
        };
        deepStrictEqual(
          (await request('PUT', `/help/${id}/`, { permissions: ['widgetlib.view_help'], body: replacement })).status,
          403,
        );
        const replaced = await request('PUT', `/help/${id}/`, { permissions: HELP, body: replacement });
        deepStrictEqual(
          [replaced.status, replaced.json],
          [200, { id, ...replacement, language: null, version: 2 }],
          replaced.text,
        );
        const invalid = await request('PUT', `/help/${id}/`, { permissions: HELP, body: { help_title: '' } });
        deepStrictEqual(invalid.status, 400, invalid.text);
        deepStrictEqual(
          (await request('DELETE', `/help/${id}/`, { permissions: ['widgetlib.view_help'] })).status,
          403,
        );
        const deleted = await request('DELETE', `/help/${id}/`, { permissions: HELP });
        deepStrictEqual([deleted.status, deleted.text], [204, '']);
        deepStrictEqual((await request('GET', `/help/${id}/`, { permissions: HELP })).status, 404);
        deepStrictEqual((await request('GET', `/help/${id}`, { permissions: HELP })).status, 404);
      },
    ],
    [
      '@DataTable: search across the relation (Unicode, case-insensitive), row shape',
      async () => {
        const answer = await table('search=%C3%93LAFUR&ordering=-year');
        deepStrictEqual(answer, {
          data: [
            { id: 6, title: 'Re:member', year: 2018, artist: { id: 2, name: 'Ólafur Arnalds' } },
            { id: 7, title: 'Éternité', year: 2001, artist: { id: 2, name: 'Ólafur Arnalds' } },
          ],
          recordsTotal: 8,
          recordsFiltered: 2,
          draw: 1,
        });
      },
    ],
    [
      '@DataTable: ordering by several columns, across the relation',
      async () => {
        deepStrictEqual(ids(await table('ordering=artist__name,-year,title')), [8, 3, 2, 1, 4, 5, 6, 7]);
        // Text orders naturally: Éternité sorts with the E's, before Vespertine.
        deepStrictEqual(ids(await table('ordering=-year,title&limit=3&offset=1')), [7, 8, 4]);
      },
    ],
    [
      '@DataTable: icontains and range filters',
      async () => {
        const contains = await table('title__icontains=%C3%89TERN');
        deepStrictEqual([ids(contains), contains.recordsFiltered], [[7], 1]);
        const range = await table('year__range=1995,1998&ordering=year');
        deepStrictEqual([ids(range), range.recordsFiltered, range.recordsTotal], [[2, 3, 4], 3, 8]);
        const open = await table('year__range=2001,&ordering=-year,title');
        deepStrictEqual(ids(open), [6, 7, 8]);
        const bad = await request('GET', '/albums/?year__range=x,y&draw=4');
        deepStrictEqual([bad.status, bad.json?.draw], [400, 4], bad.text);
      },
    ],
    [
      "@DataTable: DataTables' own protocol (bracket parameters)",
      async () => {
        const column = (index, name) =>
          `columns[${index}][data]=${name}&columns[${index}][name]=${name}&columns[${index}][searchable]=true` +
          `&columns[${index}][orderable]=true&columns[${index}][search][value]=&columns[${index}][search][regex]=false`;
        const query = [
          'draw=7',
          'start=1',
          'length=2',
          'search[value]=bj%C3%B6rk',
          'search[regex]=false',
          'order[0][column]=1',
          'order[0][dir]=desc',
          column(0, 'title'),
          column(1, 'year'),
          '_=1700000000000',
        ].join('&');
        const answer = await table(query);
        deepStrictEqual([ids(answer), answer.recordsFiltered, answer.recordsTotal, answer.draw], [[3, 2], 4, 8, 7]);
      },
    ],
    [
      "@DataTable: the query @widgetlib/client's request translation sends",
      async () => {
        const { query } = (await request('GET', '/client-query')).json;
        const answer = await table(query);
        deepStrictEqual([ids(answer), answer.recordsFiltered, answer.draw], [[2, 1], 4, 5], query);
      },
    ],
    [
      'DataTableResource: create, retrieve, list, update, delete, with permissions; bulk delete not served',
      async () => {
        deepStrictEqual((await request('POST', '/books/', { body: { title: 'A', pages: 1 } })).status, 401);
        deepStrictEqual(
          (await request('POST', '/books/', { permissions: ['books.view'], body: { title: 'A', pages: 1 } })).status,
          403,
        );
        const created = await request('POST', '/books/', { permissions: BOOKS, body: { title: 'Dune', pages: 412 } });
        deepStrictEqual(created.status, 201, created.text);
        const { id } = created.json;
        deepStrictEqual(created.json, { id, title: 'Dune', pages: 412 });
        const retrieved = await request('GET', `/books/${id}/`, { permissions: BOOKS });
        deepStrictEqual([retrieved.status, retrieved.json], [200, created.json]);
        // retrieve is AUTHENTICATED: any user, not an anonymous one.
        deepStrictEqual((await request('GET', `/books/${id}/`)).status, 401);
        deepStrictEqual((await request('GET', `/books/${id}/`, { permissions: ['other.thing'] })).status, 200);
        // Not declared, so not served: a 404 even with every permission, and nothing deleted.
        const bulk = await request('POST', '/books/bulk-delete', { permissions: BOOKS, body: { all: 'true' } });
        deepStrictEqual(bulk.status, 404, bulk.text);
        const listed = await request('GET', '/books/?search=dun', { permissions: BOOKS });
        deepStrictEqual([listed.status, ids(listed.json)], [200, [id]], listed.text);
        const updated = await request('PUT', `/books/${id}/`, {
          permissions: BOOKS,
          body: { title: 'Dune Messiah', pages: 256 },
        });
        deepStrictEqual([updated.status, updated.json], [200, { id, title: 'Dune Messiah', pages: 256 }], updated.text);
        const invalid = await request('PUT', `/books/${id}/`, {
          permissions: BOOKS,
          body: { title: 'X', pages: 0, extra: 1 },
        });
        deepStrictEqual(invalid.status, 400, invalid.text);
        const deleted = await request('DELETE', `/books/${id}/`, { permissions: BOOKS });
        deepStrictEqual([deleted.status, deleted.text], [204, '']);
        deepStrictEqual((await request('GET', `/books/${id}/`, { permissions: BOOKS })).status, 404);
      },
    ],
    [
      "help panel: the sidebar footer's HTML, the view context (res.locals) and the date formats",
      async () => {
        const page = await request('GET', '/pages/album-form', {
          permissions: ['widgetlib.view_help', 'widgetlib.add_help'],
        });
        deepStrictEqual(page.status, 200, page.text);
        const { footer, dateFormats, locals } = page.json;
        const config = /<script type="application\/json" id="widgetlib-palette-config-[^"]+">(.*?)<\/script>/.exec(
          footer,
        );
        if (!footer.includes('data-widgetlib-palette=') || !config)
          throw new Error(`no help panel in the footer: ${footer}`);
        deepStrictEqual(JSON.parse(config[1]), {
          id_view: 'catalogue:album-form',
          help_url: '/help/',
          permissions: { add: true, change: false, view: true, delete: false },
          // The host does not record readers' use of help (`helpUsage`): the panel sends none.
          usage: false,
        });
        deepStrictEqual(locals, {
          viewId: 'catalogue:album-form',
          dateFormat: 'yyyy-MM-dd',
          datetimeFormat: 'yyyy-MM-dd HH:mm',
          helpUrl: '/help/',
        });
        deepStrictEqual(
          dateFormats,
          '<script>document.date_format = "yyyy-MM-dd";document.datetime_format = "yyyy-MM-dd HH:mm";</script>',
        );
      },
    ],
    [
      '@nestjs/swagger documents the @DataTable parameters',
      async () => {
        const answer = await request('GET', '/openapi.json');
        const names = answer.json?.paths?.['/albums']?.get?.parameters?.map((parameter) => parameter.name) ?? [];
        for (const name of ['search', 'ordering', 'limit', 'title__icontains', 'year__range']) {
          if (!names.includes(name)) throw new Error(`/albums lacks the "${name}" parameter: ${JSON.stringify(names)}`);
        }
      },
    ],
  ];
}

/** Runs every check against the host at `baseUrl`; a failed check carries its message. */
export async function runSmokeChecks(baseUrl) {
  const request = client(baseUrl);
  const results = [];
  for (const [name, check] of checks(request)) {
    try {
      await check();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
