import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpService } from '../src/index.js';
import { describeEachDatabase, isMysqlFamily } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp, type TestUser } from '@widgetlib/test-support/test-app.js';

const SEED = [
  { id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '<p>The album name</p>' },
  { id_view: 'albums:edit', question_name: 'year', help_title: 'Year', help_text: '' },
  { id_view: 'artists:edit', question_name: 'name', help_title: 'Artist', help_text: '<b>Who</b>' },
];

const VALID_BODY = { id_view: 'albums:edit', question_name: 'rank', help_title: 'Rank', help_text: '<p>Position</p>' };

type Action = 'list' | 'retrieve' | 'create' | 'put' | 'patch' | 'delete';

const USERS: Record<string, TestUser | null> = {
  'no user': null,
  'user without permissions': { permissions: [] },
  'view only': { permissions: ['widgetlib.view_help'] },
  'add only': { permissions: ['widgetlib.add_help'] },
  'change only': { permissions: ['widgetlib.change_help'] },
  'delete only': { permissions: ['widgetlib.delete_help'] },
  superuser: { isSuperuser: true },
};

const GRANTED: Record<string, Action[]> = {
  'view only': ['list', 'retrieve'],
  'add only': ['create'],
  'change only': ['put', 'patch'],
  'delete only': ['delete'],
  superuser: ['list', 'retrieve', 'create', 'put', 'patch', 'delete'],
};

const SUCCESS: Record<Action, number> = { list: 200, retrieve: 200, create: 201, put: 200, patch: 200, delete: 204 };

function expectedStatus(userName: string, action: Action): number {
  if (USERS[userName] === null) return 401;
  return GRANTED[userName]?.includes(action) ? SUCCESS[action] : 403;
}

describeEachDatabase('Help API', (kind) => {
  let testApp: TestApp;
  let server: App;
  const admin = asUser({ isSuperuser: true });

  async function resetHelp(): Promise<Help[]> {
    const repository = testApp.dataSource.getRepository(Help);
    await repository.clear();
    return repository.save(SEED.map((entry) => repository.create(entry)));
  }

  async function storedRows(): Promise<Help[]> {
    return testApp.dataSource.getRepository(Help).find({ order: { id: 'ASC' } });
  }

  function send(action: Action, id: number, headers: Record<string, string>) {
    const http = request(server);
    switch (action) {
      case 'list':
        return http.get('/help/').set(headers);
      case 'retrieve':
        return http.get(`/help/${id}/`).set(headers);
      case 'create':
        return http.post('/help/').set(headers).send(VALID_BODY);
      case 'put':
        return http
          .put(`/help/${id}/`)
          .set(headers)
          .send({ ...VALID_BODY, help_text: 'replaced' });
      case 'patch':
        return http.patch(`/help/${id}/`).set(headers).send({ help_title: 'Patched' });
      case 'delete':
        return http.delete(`/help/${id}/`).set(headers);
    }
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  describe('permission matrix', () => {
    const cells = Object.keys(USERS).flatMap((userName) =>
      (['list', 'retrieve', 'create', 'put', 'patch', 'delete'] as Action[]).map(
        (action) => [userName, action, expectedStatus(userName, action)] as const,
      ),
    );

    it.each(cells)('%s: %s answers %i', async (userName, action, status) => {
      const [first] = await resetHelp();
      const before = await storedRows();
      const user = USERS[userName];
      const response = await send(action, first!.id, user ? asUser(user) : {});
      expect(response.status).toBe(status);
      if (status >= 400) {
        expect(response.body).toMatchObject({ statusCode: status, message: expect.any(String) });
        expect(await storedRows()).toEqual(before);
      }
    });

    it('grants permissions held through a group', async () => {
      await resetHelp();
      const response = await request(server)
        .get('/help/')
        .set(asUser({ permissions: [], groups: [{ permissions: ['widgetlib.view_help'] }] }));
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(SEED.length);
    });

    it('names the missing permission in a 403', async () => {
      const response = await request(server)
        .delete('/help/1/')
        .set(asUser({ permissions: ['widgetlib.view_help'] }));
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Missing permission: widgetlib.delete_help');
    });
  });

  describe('successful requests', () => {
    let seeded: Help[];
    beforeEach(async () => {
      seeded = await resetHelp();
    });

    it('lists every entry ordered by question_name, then id', async () => {
      const response = await request(server).get('/help/').set(admin).expect(200);
      expect(response.body.map((entry: Help) => [entry.question_name, entry.id_view])).toEqual([
        ['name', 'albums:edit'],
        ['name', 'artists:edit'],
        ['year', 'albums:edit'],
      ]);
      expect(Object.keys(response.body[0]).sort()).toEqual([
        'help_text',
        'help_title',
        'id',
        'id_view',
        'language',
        'question_name',
        'version',
      ]);
    });

    it('filters by id_view', async () => {
      const response = await request(server).get('/help/').query({ id_view: 'albums:edit' }).set(admin).expect(200);
      expect(response.body.map((entry: Help) => entry.question_name)).toEqual(['name', 'year']);
    });

    it('filters by question_name', async () => {
      const response = await request(server).get('/help/').query({ question_name: 'name' }).set(admin).expect(200);
      expect(response.body.map((entry: Help) => entry.id_view)).toEqual(['albums:edit', 'artists:edit']);
    });

    it('filters by id_view and question_name together', async () => {
      const response = await request(server)
        .get('/help/')
        .query({ id_view: 'artists:edit', question_name: 'name' })
        .set(admin)
        .expect(200);
      expect(response.body).toEqual([{ ...SEED[2], id: seeded[2]!.id, language: null, version: 1 }]);
    });

    it('matches filters exactly, not by prefix or case', async () => {
      for (const id_view of ['albums', 'ALBUMS:EDIT', 'albums:edit ']) {
        const response = await request(server).get('/help/').query({ id_view }).set(admin).expect(200);
        expect(response.body).toEqual([]);
      }
    });

    it('ignores unrelated query parameters', async () => {
      const response = await request(server).get('/help/').query({ _: '12345' }).set(admin).expect(200);
      expect(response.body).toHaveLength(SEED.length);
    });

    it('retrieves one entry', async () => {
      const response = await request(server).get(`/help/${seeded[1]!.id}/`).set(admin).expect(200);
      expect(response.body).toEqual({ ...SEED[1], id: seeded[1]!.id, language: null, version: 1 });
      expect(response.headers.etag).toBe('"1"');
    });

    it('creates an entry, trimming plain-text fields and defaulting help_text to empty', async () => {
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .send({ id_view: '  albums:list ', question_name: ' genre ', help_title: ' Genre ' })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        id_view: 'albums:list',
        question_name: 'genre',
        help_title: 'Genre',
        help_text: '',
        language: null,
        version: 1,
      });
      expect(response.headers.etag).toBe('"1"');
      const stored = await testApp.dataSource.getRepository(Help).findOneByOrFail({ id: response.body.id });
      expect(stored).toEqual(response.body);
    });

    it('replaces an entry with PUT', async () => {
      const body = { id_view: 'other:view', question_name: 'q', help_title: 'T', help_text: '<i>x</i>' };
      const response = await request(server).put(`/help/${seeded[0]!.id}/`).set(admin).send(body).expect(200);
      expect(response.body).toEqual({ ...body, id: seeded[0]!.id, language: null, version: 2 });
      expect(response.headers.etag).toBe('"2"');
      expect(await testApp.dataSource.getRepository(Help).findOneByOrFail({ id: seeded[0]!.id })).toEqual(
        response.body,
      );
    });

    it('changes only the given fields with PATCH', async () => {
      const response = await request(server)
        .patch(`/help/${seeded[0]!.id}/`)
        .set(admin)
        .send({ help_text: '<p>New</p>' })
        .expect(200);
      expect(response.body).toEqual({
        ...SEED[0],
        id: seeded[0]!.id,
        help_text: '<p>New</p>',
        language: null,
        version: 2,
      });
    });

    it('deletes only the given entry, with an empty 204', async () => {
      const response = await request(server).delete(`/help/${seeded[0]!.id}/`).set(admin).expect(204);
      expect(response.text).toBe('');
      expect((await storedRows()).map((entry) => entry.id)).toEqual([seeded[1]!.id, seeded[2]!.id]);
    });

    it('answers 404 for a missing entry on retrieve, put, patch and delete', async () => {
      const missing = seeded[2]!.id + 1000;
      await request(server).get(`/help/${missing}/`).set(admin).expect(404);
      await request(server).put(`/help/${missing}/`).set(admin).send(VALID_BODY).expect(404);
      await request(server).patch(`/help/${missing}/`).set(admin).send({ help_title: 'x' }).expect(404);
      const response = await request(server).delete(`/help/${missing}/`).set(admin).expect(404);
      expect(response.body.message).toBe(`Help entry ${missing} does not exist`);
      expect(await storedRows()).toHaveLength(SEED.length);
    });

    it('sanitises help_text when host code saves through the repository', async () => {
      const repository = testApp.dataSource.getRepository(Help);
      const saved = await repository.save(
        repository.create({ ...VALID_BODY, help_text: '<img src=x onerror=alert(1)><b>ok</b>' }),
      );
      expect((await repository.findOneByOrFail({ id: saved.id })).help_text).toBe('<img src="x" /><b>ok</b>');
      saved.help_text = '<a href="javascript:alert(1)">x</a>';
      await repository.save(saved);
      expect((await repository.findOneByOrFail({ id: saved.id })).help_text).toBe('<a>x</a>');
    });

    it('sanitises help_text on create, put and patch', async () => {
      const hostile = '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>';
      const safe = '<p>Hi<a>x</a></p>';
      const created = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...VALID_BODY, help_text: hostile });
      expect(created.body.help_text).toBe(safe);
      const replaced = await request(server)
        .put(`/help/${seeded[0]!.id}/`)
        .set(admin)
        .send({ ...SEED[0], help_text: hostile });
      expect(replaced.body.help_text).toBe(safe);
      const patched = await request(server).patch(`/help/${seeded[1]!.id}/`).set(admin).send({ help_text: hostile });
      expect(patched.body.help_text).toBe(safe);
      const stored = await storedRows();
      expect(stored.filter((entry) => entry.help_text === safe)).toHaveLength(3);
    });
  });

  describe('validation', () => {
    beforeEach(async () => {
      await resetHelp();
    });

    const long = (length: number) => 'x'.repeat(length);
    const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
      ['missing id_view', { ...VALID_BODY, id_view: undefined }, 'id_view should not be null or undefined'],
      [
        'missing question_name',
        { ...VALID_BODY, question_name: undefined },
        'question_name should not be null or undefined',
      ],
      ['missing help_title', { ...VALID_BODY, help_title: undefined }, 'help_title should not be null or undefined'],
      ['empty id_view', { ...VALID_BODY, id_view: '' }, 'id_view should not be empty'],
      ['blank question_name', { ...VALID_BODY, question_name: '   ' }, 'question_name should not be empty'],
      ['empty help_title', { ...VALID_BODY, help_title: '' }, 'help_title should not be empty'],
      [
        'too long id_view',
        { ...VALID_BODY, id_view: long(256) },
        'id_view must be shorter than or equal to 255 characters',
      ],
      [
        'too long question_name',
        { ...VALID_BODY, question_name: long(256) },
        'question_name must be shorter than or equal to 255 characters',
      ],
      [
        'too long help_title',
        { ...VALID_BODY, help_title: long(351) },
        'help_title must be shorter than or equal to 350 characters',
      ],
      [
        'too long help_text',
        { ...VALID_BODY, help_text: long(100_001) },
        'help_text must be shorter than or equal to 100000 characters',
      ],
      ['numeric id_view', { ...VALID_BODY, id_view: 12 }, 'id_view must be a string'],
      ['array question_name', { ...VALID_BODY, question_name: ['a'] }, 'question_name must be a string'],
      ['object help_title', { ...VALID_BODY, help_title: { a: 1 } }, 'help_title must be a string'],
      ['boolean help_text', { ...VALID_BODY, help_text: true }, 'help_text must be a string'],
      ['null help_text', { ...VALID_BODY, help_text: null }, 'help_text must be a string'],
      ['unknown field', { ...VALID_BODY, owner: 'me' }, 'property owner should not exist'],
      ['id in the body', { ...VALID_BODY, id: 99 }, 'property id should not exist'],
    ];

    it.each(invalidBodies)('refuses a create with %s', async (_case, body, message) => {
      const response = await request(server).post('/help/').set(admin).send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.message).toContain(message);
      expect(await storedRows()).toHaveLength(SEED.length);
    });

    it('names every bad field at once', async () => {
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .send({ id_view: '', question_name: 5, extra: 1 })
        .expect(400);
      expect(response.body.message).toEqual(
        expect.arrayContaining([
          'id_view should not be empty',
          'question_name must be a string',
          'help_title should not be null or undefined',
          'property extra should not exist',
        ]),
      );
    });

    it('accepts help_text of exactly the maximum length', async () => {
      await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...VALID_BODY, help_text: long(isMysqlFamily(kind) ? 60_000 : 100_000) })
        .expect(201);
    });

    it('refuses a PUT without help_text', async () => {
      const before = await storedRows();
      const { help_text: _omitted, ...body } = VALID_BODY;
      const response = await request(server).put(`/help/${before[0]!.id}/`).set(admin).send(body).expect(400);
      expect(response.body.message).toEqual(['help_text should not be null or undefined']);
      expect(await storedRows()).toEqual(before);
    });

    it('refuses help_text larger than the database column holds, with 400', async () => {
      // 70 000 characters fit the 100 000 character limit but not MySQL/MariaDB's 65 535-byte text column.
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...VALID_BODY, help_text: long(70_000) });
      if (isMysqlFamily(kind)) {
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('help_text is too long: this database stores at most 65535 bytes of UTF-8');
        expect(await storedRows()).toHaveLength(SEED.length);
      } else {
        expect(response.status).toBe(201);
      }
    });

    describe('help_text as stored, after sanitising', () => {
      const nested = (depth: number) => `${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`;
      // Each a valid length as sent; sanitising closes every <b> (233 331 characters) and writes <br /> for <br>.
      const unclosedBold = '<b>'.repeat(33_333);
      const lineBreaks = '<br>'.repeat(25_000);
      const bodies: Array<[string, string, string]> = [
        ['33 333 unclosed <b>', unclosedBold, 'help_text must not nest elements more than 100 deep (it nests 33333)'],
        ['elements nested 101 deep', nested(101), 'help_text must not nest elements more than 100 deep (it nests 101)'],
        [
          '25 000 <br> that sanitising writes as <br />',
          lineBreaks,
          'help_text must be shorter than or equal to 100000 characters after sanitising (it has 150000)',
        ],
      ];

      it.each(bodies)(
        'refuses %s on POST, PUT and PATCH with 400 and stores nothing',
        async (_case, helpText, message) => {
          expect(helpText.length).toBeLessThanOrEqual(100_000);
          const before = await storedRows();
          const target = before[0]!;
          const responses = [
            await request(server)
              .post('/help/')
              .set(admin)
              .send({ ...VALID_BODY, help_text: helpText }),
            await request(server)
              .put(`/help/${target.id}/`)
              .set(admin)
              .send({ ...VALID_BODY, help_text: helpText }),
            await request(server).patch(`/help/${target.id}/`).set(admin).send({ help_text: helpText }),
          ];
          for (const response of responses) {
            expect(response.status).toBe(400);
            expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, code: expect.any(String) });
          }
          expect(await storedRows()).toEqual(before);
        },
      );

      it('accepts elements nested exactly 100 deep', async () => {
        const created = await request(server)
          .post('/help/')
          .set(admin)
          .send({ ...VALID_BODY, help_text: nested(100) })
          .expect(201);
        expect(created.body.help_text).toBe(nested(100));
      });

      it('refuses the same through HelpService, for host code', async () => {
        const before = await storedRows();
        await expect(testApp.app.get(HelpService).create({ ...VALID_BODY, help_text: lineBreaks })).rejects.toThrow(
          'help_text must be shorter than or equal to 100000 characters after sanitising (it has 150000)',
        );
        expect(await storedRows()).toEqual(before);
      });
    });

    it('refuses a PATCH that sets a field to null or empty', async () => {
      const before = await storedRows();
      const first = before[0]!;
      const nulled = await request(server)
        .patch(`/help/${first.id}/`)
        .set(admin)
        .send({ help_title: null })
        .expect(400);
      expect(nulled.body.message).toEqual(['help_title must be a string']);
      const emptied = await request(server).patch(`/help/${first.id}/`).set(admin).send({ id_view: ' ' }).expect(400);
      expect(emptied.body.message).toEqual(['id_view should not be empty']);
      expect(await storedRows()).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .set('content-type', 'application/json')
        .send('[1,2]')
        .expect(400);
      expect(response.body.statusCode).toBe(400);
    });

    it.each(['abc', '-1', '0', '1.5', '1e3', '99999999999', ' 1'])('refuses the id %j with 400', async (id) => {
      const before = await storedRows();
      for (const response of [
        await request(server)
          .get(`/help/${encodeURIComponent(id)}/`)
          .set(admin),
        await request(server)
          .put(`/help/${encodeURIComponent(id)}/`)
          .set(admin)
          .send(VALID_BODY),
        await request(server)
          .patch(`/help/${encodeURIComponent(id)}/`)
          .set(admin)
          .send({ help_title: 'x' }),
        await request(server)
          .delete(`/help/${encodeURIComponent(id)}/`)
          .set(admin),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('id must be a positive integer no greater than 2147483647');
      }
      expect(await storedRows()).toEqual(before);
    });

    it('answers 409 to a duplicate (id_view, question_name) on create and changes nothing', async () => {
      const before = await storedRows();
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...SEED[0], help_title: 'Another title' })
        .expect(409);
      expect(response.body).toMatchObject({
        statusCode: 409,
        message: 'A help entry for id_view "albums:edit" and question_name "name" already exists',
        code: 'help.duplicate',
      });
      const spanish = await request(server)
        .post('/help/')
        .set({ ...admin, 'Accept-Language': 'es' })
        .send({ ...SEED[0], help_title: 'Otro título' })
        .expect(409);
      expect(spanish.body).toMatchObject({
        message: 'Ya existe una entrada de ayuda para la vista «albums:edit» y el campo «name»',
        code: 'help.duplicate',
      });
      expect(await storedRows()).toEqual(before);
    });

    it('answers 409 when PUT or PATCH would duplicate another entry, and changes nothing', async () => {
      const before = await storedRows();
      const [, second] = before;
      await request(server)
        .put(`/help/${second!.id}/`)
        .set(admin)
        .send({ ...SEED[0], help_text: 'x' })
        .expect(409);
      await request(server).patch(`/help/${second!.id}/`).set(admin).send({ question_name: 'name' }).expect(409);
      expect(await storedRows()).toEqual(before);
    });

    it('refuses a list filter given twice', async () => {
      const response = await request(server).get('/help/').query('id_view=a&id_view=b').set(admin).expect(400);
      expect(response.body.message).toEqual(['id_view must be a string']);
    });
  });
});

describeEachDatabase('Help API with configured permissions and route prefix', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      widgetlib: {
        routePrefix: '/widgetlib/',
        helpPermissions: { view: 'docs.read', add: 'docs.write' },
        getPermissions: (req) => {
          const role = (req as { headers: Record<string, string | undefined> }).headers['x-role'];
          if (!role) return null;
          return role === 'writer' ? ['docs.read', 'docs.write'] : ['docs.read'];
        },
      },
    });
  });

  afterAll(() => testApp.close());

  it('serves the help routes under the prefix and uses the host permission system', async () => {
    const server = testApp.app.getHttpServer() as App;
    await request(server).get('/help/').set('x-role', 'reader').expect(404);
    await request(server).get('/widgetlib/help/').expect(401);
    await request(server).get('/widgetlib/help/').set('x-role', 'reader').expect(200);
    const refused = await request(server).post('/widgetlib/help/').set('x-role', 'reader').send(VALID_BODY).expect(403);
    expect(refused.body.message).toBe('Missing permission: docs.write');
    await request(server).post('/widgetlib/help/').set('x-role', 'writer').send(VALID_BODY).expect(201);
    // The default change permission is still in force.
    await request(server).patch('/widgetlib/help/1/').set('x-role', 'writer').send({ help_title: 'x' }).expect(403);
  });
});
