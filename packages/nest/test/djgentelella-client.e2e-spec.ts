import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help } from '../src/index.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import type { StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer, type ReferenceRequest } from './fixtures/album-table.reference.js';
import { DjgentelellaAlbumsController, seedDjgentelellaAlbums } from './fixtures/djgentelella-albums.fixture.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const TIMEZONE = 'UTC';
/** The page's date format (djgentelella's `document.date_format`, here `MM/DD/YYYY`), as Luxon tokens. */
const DATE_FORMAT = 'MM/dd/yyyy';
const REFERENCE_OPTIONS = { searchFields: ['name', 'artist__name'], timezone: TIMEZONE };

/**
 * A request djgentelella 0.5.9's `datatables.js` sends (recorded in Chromium: facts, not its code),
 * after the paging part it always sends (`offset=0&limit=10&draw=N`) and before DataTables'
 * cache-buster `_`; with what it asks of the reference model in the compatibility mode, and what
 * strict mode answers: the same rows, the reference's rows for other filters, or a 400 message.
 */
interface Recorded {
  title: string;
  query: string;
  compatible: Omit<ReferenceRequest, 'limit' | 'offset'> & { offset?: number };
  /** What the compatibility mode says it ignored. */
  ignored?: string[];
  strict: { rows: Omit<ReferenceRequest, 'limit' | 'offset'> } | { refused: string };
}

/** `same`: strict mode answers the same rows. */
type RecordedShape = Omit<Recorded, 'strict'> & { strict: Recorded['strict'] | 'same' };

const RECORDED_SHAPES: RecordedShape[] = [
  { title: 'first page', query: 'ordering=-year', compatible: { filters: [], ordering: ['-year'] }, strict: 'same' },
  {
    title: 'second page',
    query: 'ordering=name',
    compatible: { filters: [], ordering: ['name'], offset: 10 },
    strict: 'same',
  },
  {
    title: 'global search',
    query: 'ordering=-year&search=beatles',
    compatible: { search: 'beatles', filters: [], ordering: ['-year'] },
    strict: 'same',
  },
  {
    title: 'string filter',
    query: 'ordering=name&name=love&name__icontains=love',
    compatible: { filters: [['name__icontains', 'love']], ordering: ['name'] },
    ignored: ['name: ignored, sent with name__icontains of the same value'],
    strict: {
      rows: {
        filters: [
          ['name', 'love'],
          ['name__icontains', 'love'],
        ],
        ordering: ['name'],
      },
    },
  },
  {
    title: 'related-field filter',
    query: 'ordering=name&artist__name=beatles&artist__name__icontains=beatles',
    compatible: { filters: [['artist__name__icontains', 'beatles']], ordering: ['name'] },
    ignored: ['artist__name: ignored, sent with artist__name__icontains of the same value'],
    strict: { refused: 'artist__name: lookup exact is not allowed for artist__name; allowed: artist__name__icontains' },
  },
  {
    title: 'number filter',
    query: 'ordering=name&year=1966',
    compatible: { filters: [['year', '1966']], ordering: ['name'] },
    strict: 'same',
  },
  {
    title: 'boolean filter True',
    query: 'ordering=name&is_live=True',
    compatible: { filters: [['is_live', 'true']], ordering: ['name'] },
    strict: 'same',
  },
  {
    title: 'boolean filter False',
    query: 'ordering=name&is_live=False',
    compatible: { filters: [['is_live', 'false']], ordering: ['name'] },
    strict: 'same',
  },
  {
    title: "date range in the page's format",
    query: 'ordering=released&released=01%2F01%2F1965%20-%2012%2F31%2F1967',
    compatible: { filters: [['released__range', '1965-01-01,1967-12-31']], ordering: ['released'] },
    strict: { refused: 'released: lookup exact is not allowed for released; allowed: released__range' },
  },
  {
    title: 'date range in ISO',
    query: 'ordering=released&released=1965-01-01%20-%201967-12-31',
    compatible: { filters: [['released__range', '1965-01-01,1967-12-31']], ordering: ['released'] },
    strict: { refused: 'released: lookup exact is not allowed for released; allowed: released__range' },
  },
  {
    title: 'ordering by a column outside the list',
    query: 'ordering=is_live',
    compatible: { filters: [], ordering: [] },
    ignored: [
      'ordering: "is_live" is not an ordering field, ignored (allowed: id, name, year, released, artist__name)',
      'ordering: the default ordering applies (-year, name)',
    ],
    strict: {
      refused: 'ordering: "is_live" is not an ordering field; allowed: id, name, year, released, artist__name',
    },
  },
];

const RECORDED: Recorded[] = RECORDED_SHAPES.map(({ strict, ...recorded }) => ({
  ...recorded,
  strict: strict === 'same' ? { rows: recorded.compatible } : strict,
}));

/** The recorded query string of `recorded`, as the original table sends it (draw and `_` counting up). */
function recordedUrl(path: string, recorded: Recorded, draw: number): string {
  const offset = recorded.compatible.offset ?? 0;
  return `${path}/?offset=${offset}&limit=10&draw=${draw}&${recorded.query}&_=${1700000000000 + draw}`;
}

describeEachDatabase('djgentelella client compatibility', (kind) => {
  const admin = asUser({ isSuperuser: true });
  let compatibleApp: TestApp;
  let strictApp: TestApp;
  let albums: StoredAlbum[];

  const server = (app: TestApp) => app.app.getHttpServer() as App;

  beforeAll(async () => {
    const options = { entities: ALBUM_ENTITIES, controllers: [DjgentelellaAlbumsController] };
    compatibleApp = await createTestApp(kind, {
      ...options,
      widgetlib: { clientCompatibility: 'djgentelella', dateFormat: DATE_FORMAT, timezone: TIMEZONE },
    });
    strictApp = await createTestApp(kind, { ...options, widgetlib: { dateFormat: DATE_FORMAT, timezone: TIMEZONE } });
    albums = await seedDjgentelellaAlbums(compatibleApp.dataSource);
    await seedDjgentelellaAlbums(strictApp.dataSource);
  });

  afterAll(async () => {
    await compatibleApp?.close();
    await strictApp?.close();
  });

  function expected(recorded: Recorded, rows: Omit<ReferenceRequest, 'limit' | 'offset'>) {
    return referenceAnswer(albums, { ...rows, limit: 10, offset: recorded.compatible.offset ?? 0 }, REFERENCE_OPTIONS);
  }

  describe.each([
    ['module-wide', () => compatibleApp, '/api/albums'],
    ['per table in a strict module', () => strictApp, '/api/albums-compatible'],
  ])('mode on (%s)', (_title, app, path) => {
    it.each(RECORDED.map((recorded, index) => [recorded.title, recorded, index + 1] as const))(
      '%s: rows equal to the reference',
      async (_name, recorded, draw) => {
        const response = await request(server(app())).get(recordedUrl(path, recorded, draw));
        expect(response.status).toBe(200);
        const answer = expected(recorded, recorded.compatible);
        expect(answer.recordsFiltered).toBeGreaterThan(0);
        expect({
          ids: response.body.data.map((row: { id: number }) => row.id),
          recordsTotal: response.body.recordsTotal,
          recordsFiltered: response.body.recordsFiltered,
          draw: response.body.draw,
          ignored: response.body.ignored,
        }).toEqual({ ...answer, draw, ignored: recorded.ignored });
      },
    );

    it('keeps every other rule: unknown paths, unreadable values, refused lookups', async () => {
      const response = await request(server(app())).get(
        `${path}/?offset=0&limit=10&draw=9&ordering=name&password__icontains=x&year=abc&name__in=a&released=1965 - later&_=1`,
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, draw: 9 });
      expect(response.body.message).toEqual([
        expect.stringMatching(/^password__icontains: "password" cannot be filtered/),
        'year must be an integer from -2147483648 to 2147483647, got "abc"',
        'name__in: lookup in is not allowed for name; allowed: name, name__icontains',
        'released must be a date range as <from> - <to>, each date as MM/dd/yyyy or yyyy-MM-dd, got "1965 - later"',
      ]);
    });
  });

  describe.each([
    ['the default', () => strictApp, '/api/albums'],
    ['per table in a compatible module', () => compatibleApp, '/api/albums-strict'],
  ])('mode off (%s)', (_title, app, path) => {
    it.each(RECORDED.map((recorded, index) => [recorded.title, recorded, index + 1] as const))(
      '%s: the strict answer',
      async (_name, recorded, draw) => {
        const response = await request(server(app())).get(recordedUrl(path, recorded, draw));
        if ('refused' in recorded.strict) {
          expect(response.status).toBe(400);
          expect(response.body).toEqual({
            statusCode: 400,
            error: 'Bad Request',
            message: [recorded.strict.refused],
            draw,
          });
          return;
        }
        expect(response.status).toBe(200);
        expect(response.body.ignored).toBeUndefined();
        expect({
          ids: response.body.data.map((row: { id: number }) => row.id),
          recordsTotal: response.body.recordsTotal,
          recordsFiltered: response.body.recordsFiltered,
        }).toEqual(expected(recorded, recorded.strict.rows));
      },
    );
  });

  describe('the help form', () => {
    const FORM = {
      help_title: 'Album name',
      help_text: '<p>The <b>name</b> on the cover</p>',
      id_view: 'albums:list',
      question_name: 'name',
    };
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

    async function stored(app: TestApp): Promise<Array<Pick<Help, 'id' | keyof typeof FORM>>> {
      const rows = await app.dataSource.getRepository(Help).find({ order: { id: 'ASC' } });
      return rows.map(({ id, help_title, help_text, id_view, question_name }) => ({
        id,
        help_title,
        help_text,
        id_view,
        question_name,
      }));
    }

    beforeEach(async () => {
      for (const app of [compatibleApp, strictApp]) await app.dataSource.getRepository(Help).clear();
    });

    it('mode on: creates with POST /help/, edits with PUT /help/<id>, deletes with DELETE /help/<id>', async () => {
      const http = () => request(server(compatibleApp));
      const created = await http()
        .post('/help/')
        .set(admin)
        .set('X-CSRFToken', 'the csrftoken cookie')
        .type('form')
        .send(form({ ...FORM, ftype: 'add', pk: '' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(FORM);
      expect(created.body).not.toHaveProperty('ftype');
      const { id } = created.body as { id: number };
      expect(await stored(compatibleApp)).toEqual([{ id, ...FORM }]);

      const edited = { ...FORM, help_title: 'Name of the album', help_text: '<p>As printed</p>' };
      const replaced = await http()
        .put(`/help/${id}`)
        .set(admin)
        .type('form')
        .send(form({ ...edited, ftype: 'edit', pk: String(id) }));
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ id, ...edited });
      expect(await stored(compatibleApp)).toEqual([{ id, ...edited }]);

      const removed = await http().delete(`/help/${id}`).set(admin);
      expect(removed.status).toBe(204);
      expect(await stored(compatibleApp)).toEqual([]);
    });

    it('mode on: pk on an edit must be the id of the path, ftype the action', async () => {
      const http = () => request(server(compatibleApp));
      const { id } = (
        await http()
          .post('/help/')
          .set(admin)
          .type('form')
          .send(form({ ...FORM, ftype: 'add' }))
      ).body as { id: number };
      const wrongPk = await http()
        .put(`/help/${id}`)
        .set(admin)
        .type('form')
        .send(form({ ...FORM, help_title: 'Changed', ftype: 'edit', pk: String(id + 1) }));
      expect(wrongPk.status).toBe(400);
      expect(wrongPk.body.message).toEqual([`pk must equal the id in the path (${id}), got "${id + 1}"`]);
      const wrongType = await http()
        .post('/help/')
        .set(admin)
        .type('form')
        .send(form({ ...FORM, question_name: 'year', ftype: 'edit', pk: '' }));
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.message).toEqual(['ftype must be add for this request, got "edit"']);
      expect(await stored(compatibleApp)).toEqual([{ id, ...FORM }]);
      const extra = await http()
        .post('/help/')
        .set(admin)
        .type('form')
        .send(form({ ...FORM, question_name: 'year', ftype: 'add', owner: 'me' }));
      expect(extra.status).toBe(400);
      expect(extra.body.message).toEqual(['property owner should not exist']);
    });

    it('mode on, on Fastify: the same form-encoded create, edit and delete', async () => {
      const fastifyApp = await createTestApp(kind, {
        platform: 'fastify',
        widgetlib: { clientCompatibility: 'djgentelella' },
      });
      try {
        const http = () => request(server(fastifyApp));
        const created = await http()
          .post('/help/')
          .set(admin)
          .type('form')
          .send(form({ ...FORM, ftype: 'add', pk: '' }));
        expect(created.status).toBe(201);
        const { id } = created.body as { id: number };
        const edited = { ...FORM, help_title: 'Edited' };
        const replaced = await http()
          .put(`/help/${id}`)
          .set(admin)
          .type('form')
          .send(form({ ...edited, ftype: 'edit', pk: String(id) }));
        expect(replaced.status).toBe(200);
        expect(await stored(fastifyApp)).toEqual([{ id, ...edited }]);
        const wrongPk = await http()
          .put(`/help/${id}`)
          .set(admin)
          .type('form')
          .send(form({ ...edited, ftype: 'edit', pk: '0' }));
        expect(wrongPk.status).toBe(400);
        expect((await http().delete(`/help/${id}`).set(admin)).status).toBe(204);
      } finally {
        await fastifyApp.close();
      }
    });

    it('mode off: ftype and pk are unknown fields, as before', async () => {
      const http = () => request(server(strictApp));
      const created = await http()
        .post('/help/')
        .set(admin)
        .type('form')
        .send(form({ ...FORM, ftype: 'add', pk: '' }));
      expect(created.status).toBe(400);
      expect(created.body.message).toEqual(['property ftype should not exist', 'property pk should not exist']);
      const { id } = (await http().post('/help/').set(admin).type('form').send(form(FORM))).body as { id: number };
      const replaced = await http()
        .put(`/help/${id}`)
        .set(admin)
        .type('form')
        .send(form({ ...FORM, help_title: 'Changed', ftype: 'edit', pk: String(id) }));
      expect(replaced.status).toBe(400);
      expect(replaced.body.message).toEqual(['property ftype should not exist', 'property pk should not exist']);
      const plain = await http()
        .put(`/help/${id}`)
        .set(admin)
        .type('form')
        .send(form({ ...FORM, help_title: 'Changed' }));
      expect(plain.status).toBe(200);
      expect((await http().delete(`/help/${id}`).set(admin)).status).toBe(204);
      expect(await stored(strictApp)).toEqual([]);
    });
  });
});
