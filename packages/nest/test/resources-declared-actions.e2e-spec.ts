// A DataTableResource serves only the actions its declaration names (issue 26): an action it does
// not name has no route, PUBLIC and AUTHENTICATED open one explicitly, bulk delete exists only when
// named and requires delete's permissions too, and an ambiguous declaration refuses to start.
import { Controller, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { AUTHENTICATED, DataTableResource, PUBLIC, type DataTableResourceOptions } from '../src/index.js';
import { DECLARED_ACTIONS_CONTROLLERS } from './fixtures/declared-actions.fixture.js';
import { Author, Doc, DocDto, DocTag, Note } from './fixtures/scoped-resource.fixture.js';
import { describeEachDatabase, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const NOBODY = asUser({ name: 'nobody', permissions: [] });
const VIEWER = asUser({ name: 'viewer', permissions: ['docs.view'] });

describeEachDatabase('DataTableResource: only the declared actions are served', (kind) => {
  let testApp: TestApp;
  let server: App;
  let notes: Note[];
  let docs: Doc[];

  const storedNotes = async (): Promise<string[]> =>
    (await testApp.dataSource.getRepository(Note).find({ order: { id: 'ASC' } })).map(
      (note) => `${note.id}:${note.body}`,
    );
  const storedDocs = async (): Promise<string[]> =>
    (await testApp.dataSource.getRepository(Doc).find({ order: { id: 'ASC' } })).map((doc) => `${doc.id}:${doc.body}`);

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Author, Note, Doc, DocTag],
      imports: [TypeOrmModule.forFeature([Note, Doc])],
      controllers: DECLARED_ACTIONS_CONTROLLERS,
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const manager = testApp.dataSource.manager;
    await manager.query('DELETE FROM fixture_doc_doc_tag');
    for (const entity of [Note, Author, Doc, DocTag])
      await manager.createQueryBuilder().delete().from(entity).execute();
    notes = await manager.save(Note, [
      { body: 'first note', owner: 'alice', shared: true },
      { body: 'second note', owner: 'bob', shared: false },
    ]);
    docs = await manager.save(Doc, [{ body: 'first doc' }, { body: 'second doc' }]);
  });

  afterAll(() => testApp.close());

  describe('a resource declared for reading only (the issue: list and retrieve under docs.view)', () => {
    it('does not serve bulk-delete: 404 for every user, and nothing is deleted', async () => {
      const before = await storedNotes();
      for (const user of [NOBODY, VIEWER, asUser({ permissions: ['docs.view', 'notes.use', 'notes.delete'] }), {}]) {
        await request(server).post('/read-notes/bulk-delete').set(user).send({ all: 'true' }).expect(404);
        await request(server).post('/read-notes/bulk-delete/').set(user).type('form').send({ all: 'true' }).expect(404);
      }
      expect(await storedNotes()).toEqual(before);
      expect(before).toHaveLength(2);
    });

    it('does not serve create, update or delete: 404, and nothing changes', async () => {
      const before = await storedNotes();
      const id = notes[0]!.id;
      for (const user of [NOBODY, VIEWER]) {
        await request(server).post('/read-notes/').set(user).send({ body: 'new', owner: 'x' }).expect(404);
        await request(server).put(`/read-notes/${id}/`).set(user).send({ body: 'changed' }).expect(404);
        await request(server).delete(`/read-notes/${id}/`).set(user).expect(404);
        await request(server).delete(`/read-notes/${id}`).set(user).expect(404);
      }
      expect(await storedNotes()).toEqual(before);
    });

    it('serves the list, its POST form, its export and the record under the declared permission', async () => {
      await request(server)
        .get('/read-notes/')
        .set(NOBODY)
        .expect(403, /Missing permission: docs.view/);
      await request(server).get('/read-notes/').expect(401);
      expect((await request(server).get('/read-notes/').set(VIEWER).expect(200)).body.recordsTotal).toBe(2);
      const posted = await request(server).post('/read-notes/query').set(VIEWER).send({ shared: 'true' }).expect(200);
      expect(posted.body.data.map((row: Note) => row.body)).toEqual(['first note']);
      await request(server).post('/read-notes/query').set(NOBODY).send({}).expect(403);
      const csv = await request(server).get('/read-notes/export').query({ format: 'csv' }).set(VIEWER).expect(200);
      expect(csv.text).toContain('second note');
      await request(server).get('/read-notes/export').query({ format: 'csv' }).set(NOBODY).expect(403);
      await request(server).post('/read-notes/export').set(VIEWER).send({ format: 'csv' }).expect(200);
      await request(server).post('/read-notes/export').set(NOBODY).send({ format: 'csv' }).expect(403);
      const record = await request(server).get(`/read-notes/${notes[1]!.id}/`).set(VIEWER).expect(200);
      expect(record.body.body).toBe('second note');
      await request(server).get(`/read-notes/${notes[1]!.id}/`).set(NOBODY).expect(403);
    });

    it('documents only the routes it serves in OpenAPI', () => {
      const { paths } = SwaggerModule.createDocument(testApp.app, new DocumentBuilder().build());
      expect(Object.keys(paths['/read-notes']!)).toEqual(['get']);
      expect(Object.keys(paths['/read-notes/{id}']!)).toEqual(['get']);
      expect(paths['/read-notes/bulk-delete']).toBeUndefined();
      expect(Object.keys(paths['/read-notes/query']!)).toEqual(['post']);
      expect(Object.keys(paths['/read-notes/export']!).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths['/opened-docs/bulk-delete']!)).toEqual(['post']);
      expect(Object.keys(paths['/listless-docs/{id}']!)).toEqual(['delete']);
      expect(paths['/listless-docs']).toBeUndefined();
    });
  });

  describe('PUBLIC, AUTHENTICATED and permissions', () => {
    it('PUBLIC opens the list to anonymous users', async () => {
      expect((await request(server).get('/opened-docs/').expect(200)).body.recordsTotal).toBe(2);
      await request(server).post('/opened-docs/query').send({}).expect(200);
    });

    it('AUTHENTICATED needs a user, whatever their permissions', async () => {
      const doc = docs[0]!.id;
      await request(server)
        .get(`/opened-docs/${doc}/`)
        .expect(401, /Authentication is required/);
      expect((await request(server).get(`/opened-docs/${doc}/`).set(NOBODY).expect(200)).body.body).toBe('first doc');
      await request(server).delete(`/opened-docs/${doc}/`).expect(401);
      await request(server).post('/opened-docs/bulk-delete').send({ all: 'true' }).expect(401);
      expect(await storedDocs()).toHaveLength(2);
      await request(server).delete(`/opened-docs/${doc}/`).set(NOBODY).expect(204);
      expect((await request(server).post('/opened-docs/bulk-delete').set(NOBODY).send({ all: 'true' })).body).toEqual({
        deleted: 1,
      });
      expect(await storedDocs()).toEqual([]);
    });

    it('a permission, and a list of permissions the user must all hold', async () => {
      const doc = docs[0]!.id;
      const before = await storedDocs();
      await request(server).post('/opened-docs/').send({ body: 'anonymous' }).expect(401);
      await request(server)
        .post('/opened-docs/')
        .set(NOBODY)
        .send({ body: 'x' })
        .expect(403, /docs.use/);
      await request(server).put(`/opened-docs/${doc}/`).send({ body: 'x' }).expect(401);
      const partly = asUser({ permissions: ['docs.use'] });
      await request(server)
        .put(`/opened-docs/${doc}/`)
        .set(partly)
        .send({ body: 'x' })
        .expect(403, /docs.edit/);
      expect(await storedDocs()).toEqual(before);
      await request(server).post('/opened-docs/').set(partly).send({ body: 'created' }).expect(201);
      const both = asUser({ permissions: ['docs.use', 'docs.edit'] });
      await request(server).put(`/opened-docs/${doc}/`).set(both).send({ body: 'changed' }).expect(200);
      expect(await storedDocs()).toEqual([`${doc}:changed`, before[1], expect.stringMatching(/:created$/)]);
    });
  });

  describe('bulk delete, declared', () => {
    const bulkDelete = (user: Record<string, string>) =>
      request(server).post('/bulk-notes/bulk-delete').set(user).send({ search: 'note' });

    it("requires delete's permission and its own: 401, 403 naming the missing one, and nothing deleted", async () => {
      await bulkDelete({}).expect(401);
      const onlyBulk = await bulkDelete(asUser({ permissions: ['notes.use', 'notes.bulk'] })).expect(403);
      expect(onlyBulk.body.message).toBe('Missing permission: notes.delete');
      const onlyDelete = await bulkDelete(asUser({ permissions: ['notes.use', 'notes.delete'] })).expect(403);
      expect(onlyDelete.body.message).toBe('Missing permission: notes.bulk');
      expect(await storedNotes()).toHaveLength(2);
      const allowed = await bulkDelete(asUser({ permissions: ['notes.delete', 'notes.bulk'] })).expect(200);
      expect(allowed.body).toEqual({ deleted: 2 });
      expect(await storedNotes()).toEqual([]);
    });

    it('serves no create or update where none is declared (and needs no DTO)', async () => {
      const user = asUser({ permissions: ['notes.use', 'notes.delete', 'notes.bulk'] });
      await request(server).post('/bulk-notes/').set(user).send({ body: 'x', owner: 'x' }).expect(404);
      await request(server).put(`/bulk-notes/${notes[0]!.id}/`).set(user).send({ body: 'x' }).expect(404);
      await request(server).get(`/bulk-notes/${notes[0]!.id}/`).set(user).expect(404);
      await request(server).delete(`/bulk-notes/${notes[0]!.id}/`).set(user).expect(204);
      expect(await storedNotes()).toEqual([`${notes[1]!.id}:second note`]);
    });
  });

  it('serves neither the list, its POST form, its export nor bulk delete without list', async () => {
    const user = asUser({ permissions: ['docs.use'] });
    await request(server).get('/listless-docs/').set(user).expect(404);
    await request(server).post('/listless-docs/query').set(user).send({}).expect(404);
    await request(server).get('/listless-docs/export').query({ format: 'csv' }).set(user).expect(404);
    await request(server).post('/listless-docs/export').set(user).send({ format: 'csv' }).expect(404);
    await request(server).post('/listless-docs/bulk-delete').set(user).send({ all: 'true' }).expect(404);
    expect(await storedDocs()).toHaveLength(2);
    await request(server).delete(`/listless-docs/${docs[0]!.id}/`).set(user).expect(204);
    expect(await storedDocs()).toHaveLength(1);
  });
});

/** A declaration as a host might write it, typed or not (JavaScript hosts, values built at run time). */
type Declaration = Omit<DataTableResourceOptions<Doc, DocDto>, 'entity' | 'name'> | Record<string, unknown>;

const AMBIGUOUS: Array<[string, Declaration, string]> = [
  ['no permissions', { createDto: DocDto }, 'permissions must name the actions it serves'],
  ['permissions naming nothing', { createDto: DocDto, permissions: {} }, 'permissions names no action'],
  [
    'an unknown action',
    { createDto: DocDto, permissions: { list: 'docs.use', remove: 'docs.use' } },
    'permissions.remove is not an action (list, retrieve, create, update, delete, bulkDelete, purge)',
  ],
  ['an empty permission', { permissions: { list: '' } }, 'permissions.list has an empty permission'],
  ['a blank permission', { permissions: { list: '  ' } }, 'permissions.list has an empty permission'],
  [
    'an empty list',
    { createDto: DocDto, permissions: { list: 'docs.use', update: [] } },
    'permissions.update is an empty list: name a permission, or AUTHENTICATED for any authenticated user',
  ],
  [
    'an empty permission in a list',
    { permissions: { retrieve: ['docs.use', ''] } },
    'permissions.retrieve has an empty permission',
  ],
  [
    'a value that is no permission',
    { permissions: { list: true } },
    'permissions.list must be PUBLIC, AUTHENTICATED, a permission or a list of permissions',
  ],
  ['null', { permissions: { delete: null } }, 'permissions.delete must be PUBLIC, AUTHENTICATED'],
  ['another symbol', { permissions: { list: Symbol('public') } }, 'permissions.list must be PUBLIC, AUTHENTICATED'],
  [
    'bulkDelete without delete',
    { permissions: { list: 'docs.use', bulkDelete: 'docs.use' } },
    'permissions names bulkDelete without delete: bulkDelete requires delete',
  ],
  [
    'a PUBLIC bulkDelete',
    { permissions: { delete: PUBLIC, bulkDelete: PUBLIC } },
    'bulkDelete cannot be PUBLIC: it requires at least an authenticated user and delete',
  ],
  [
    'a bulkDelete more open than delete',
    { permissions: { delete: 'docs.delete', bulkDelete: AUTHENTICATED } },
    'bulkDelete is AUTHENTICATED but delete requires docs.delete',
  ],
  [
    'create without createDto',
    { permissions: { list: 'docs.use', create: 'docs.use' } },
    'permissions names create but there is no createDto to validate its body',
  ],
  [
    'update without a DTO',
    { permissions: { update: AUTHENTICATED } },
    'permissions names update but there is no updateDto or createDto to validate its body',
  ],
  [
    'row links without a record route',
    { permissions: { list: 'docs.use' }, dataTable: { actions: true } },
    'dataTable.actions: true links rows to the record route, but permissions names none of retrieve, update, delete',
  ],
];

/** A host application serving one resource over `Doc` declared with `declaration`. */
function hostWith(kind: DatabaseKind, declaration: Declaration): Promise<TestApp> {
  const options = { entity: Doc, name: 'ambiguous', ...declaration } as DataTableResourceOptions<Doc, DocDto>;
  @Controller('ambiguous')
  class AmbiguousController extends DataTableResource(options) {}
  return createTestApp(kind, {
    entities: [Doc, DocTag],
    imports: [TypeOrmModule.forFeature([Doc])],
    controllers: [AmbiguousController as Type],
  });
}

describeEachDatabase('DataTableResource: an ambiguous declaration refuses to start', (kind) => {
  it.each(AMBIGUOUS)('%s', async (_case, declaration, problem) => {
    await expect(hostWith(kind, declaration)).rejects.toThrow(`DataTableResource "ambiguous": ${problem}`);
  });

  it('starts with the same resource declared unambiguously', async () => {
    const testApp = await hostWith(kind, { permissions: { list: AUTHENTICATED, delete: 'docs.delete' } });
    await testApp.close();
  });
});
