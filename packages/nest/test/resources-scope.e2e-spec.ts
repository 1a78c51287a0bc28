import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  Author,
  AuthoredNotesController,
  Doc,
  DocTag,
  DocsController,
  Note,
  NotesController,
  PublicDocsController,
  AuthenticatedDocsController,
} from './fixtures/scoped-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const ALICE = asUser({ name: 'alice', permissions: ['notes.use', 'docs.use'] });

describeEachDatabase('DataTableResource scope and permissions', (kind) => {
  let testApp: TestApp;
  let server: App;
  let notes: Note[];
  let docs: Doc[];

  async function stored(): Promise<string[]> {
    const rows = await testApp.dataSource.getRepository(Note).find({ order: { id: 'ASC' } });
    return rows.map((note) => `${note.id}:${note.owner}:${note.shared}:${note.body}`);
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Author, Note, Doc, DocTag],
      imports: [TypeOrmModule.forFeature([Note, Doc])],
      controllers: [
        NotesController,
        AuthoredNotesController,
        DocsController,
        AuthenticatedDocsController,
        PublicDocsController,
      ],
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const manager = testApp.dataSource.manager;
    await manager.query('DELETE FROM fixture_doc_doc_tag');
    for (const entity of [Note, Author, Doc, DocTag])
      await manager.createQueryBuilder().delete().from(entity).execute();
    const [alice, bob] = await manager.save(Author, [{ name: 'alice' }, { name: 'bob' }]);
    notes = await manager.save(Note, [
      { body: 'alice private', owner: 'alice', shared: false, author: alice! },
      { body: 'alice shared', owner: 'alice', shared: true, author: alice! },
      { body: 'bob private', owner: 'bob', shared: false, author: bob! },
      { body: 'bob shared', owner: 'bob', shared: true, author: bob! },
    ]);
    const [visible, hidden] = await manager.save(DocTag, [
      { label: 'visible', hidden: false },
      { label: 'hidden', hidden: true },
    ]);
    docs = await manager.save(Doc, [{ body: 'tagged', tags: [visible!, hidden!] }]);
  });

  afterAll(() => testApp.close());

  describe.each(['notes', 'authored-notes'])('a scope with OR (/%s)', (route) => {
    const bobPrivate = () => notes[2]!.id;

    it('lists only the records of the scope', async () => {
      const { body } = await request(server).get(`/${route}/`).set(ALICE).expect(200);
      expect(body.data.map((row: Note) => row.body)).toEqual(['alice private', 'alice shared', 'bob shared']);
      expect(body.recordsTotal).toBe(3);
    });

    it('answers 404 to retrieve, update and delete of a record outside the scope, and changes nothing', async () => {
      const before = await stored();
      const retrieved = await request(server).get(`/${route}/${bobPrivate()}/`).set(ALICE).expect(404);
      expect(retrieved.body.message).toBe(`Note ${bobPrivate()} does not exist`);
      await request(server).put(`/${route}/${bobPrivate()}/`).set(ALICE).send({ body: 'overwritten' }).expect(404);
      await request(server).delete(`/${route}/${bobPrivate()}/`).set(ALICE).expect(404);
      expect(await stored()).toEqual(before);
    });

    it('retrieves, updates and deletes the records inside the scope, by their own key', async () => {
      const own = notes[0]!.id;
      const shared = notes[3]!.id;
      expect((await request(server).get(`/${route}/${shared}/`).set(ALICE).expect(200)).body.body).toBe('bob shared');
      const updated = await request(server).put(`/${route}/${own}/`).set(ALICE).send({ body: 'edited' }).expect(200);
      expect(updated.body).toMatchObject({ id: own, body: 'edited', owner: 'alice' });
      await request(server).delete(`/${route}/${shared}/`).set(ALICE).expect(204);
      expect(await stored()).toEqual([
        `${own}:alice:false:edited`,
        `${notes[1]!.id}:alice:true:alice shared`,
        `${bobPrivate()}:bob:false:bob private`,
      ]);
    });
  });

  it('refuses with 403 a create or an update that would leave the record outside the scope, and changes nothing', async () => {
    const before = await stored();
    const created = await request(server)
      .post('/notes/')
      .set(ALICE)
      .send({ body: 'for bob', owner: 'bob', shared: false })
      .expect(403);
    expect(created.body.message).toBe('The new Note would be outside the records this resource gives you');
    const moved = await request(server)
      .put(`/notes/${notes[0]!.id}/`)
      .set(ALICE)
      .send({ body: 'given away', owner: 'bob' })
      .expect(403);
    expect(moved.body.message).toBe('The changed Note would be outside the records this resource gives you');
    expect(await stored()).toEqual(before);
    await request(server).post('/notes/').set(ALICE).send({ body: 'mine', owner: 'alice' }).expect(201);
  });

  it('keeps the links of a many-to-many that a join condition of the scope hides when a record is updated', async () => {
    const doc = docs[0]!.id;
    const shown = await request(server).get(`/docs/${doc}/`).set(ALICE).expect(200);
    expect(shown.body.tags.map((tag: DocTag) => tag.label)).toEqual(['visible']);
    await request(server).put(`/docs/${doc}/`).set(ALICE).send({ body: 'edited' }).expect(200);
    const reloaded = await testApp.dataSource
      .getRepository(Doc)
      .findOneOrFail({ where: { id: doc }, relations: { tags: true } });
    expect(reloaded.body).toBe('edited');
    expect(reloaded.tags.map((tag) => tag.label).sort()).toEqual(['hidden', 'visible']);
  });

  describe('AUTHENTICATED and PUBLIC', () => {
    it('AUTHENTICATED refuses anonymous users on every route and changes nothing', async () => {
      const doc = docs[0]!.id;
      await request(server).get('/open/').expect(401);
      await request(server).get(`/open/${doc}/`).expect(401);
      await request(server).post('/open/').send({ body: 'anonymous' }).expect(401);
      await request(server).put(`/open/${doc}/`).send({ body: 'anonymous' }).expect(401);
      const refused = await request(server).delete(`/open/${doc}/`).expect(401);
      expect(refused.body.message).toBe('Authentication is required');
      expect(await testApp.dataSource.getRepository(Doc).count()).toBe(1);
      expect((await testApp.dataSource.getRepository(Doc).findOneByOrFail({ id: doc })).body).toBe('tagged');
    });

    it('AUTHENTICATED lets any authenticated user through', async () => {
      const someone = asUser({ name: 'carol', permissions: [] });
      await request(server).get('/open/').set(someone).expect(200);
      await request(server).delete(`/open/${docs[0]!.id}/`).set(someone).expect(204);
    });

    it('PUBLIC opens only the actions that name it; an action not named is not served', async () => {
      const doc = docs[0]!.id;
      expect((await request(server).get('/public-docs/').expect(200)).body.recordsTotal).toBe(1);
      await request(server).get(`/public-docs/${doc}/`).expect(200);
      await request(server).post('/public-docs/').send({ body: 'anonymous' }).expect(401);
      await request(server).put(`/public-docs/${doc}/`).send({ body: 'anonymous' }).expect(401);
      await request(server)
        .post('/public-docs/')
        .set(asUser({ permissions: [] }))
        .send({ body: 'no permission' })
        .expect(403);
      for (const user of [{}, asUser({ permissions: ['docs.use'] })]) {
        await request(server).delete(`/public-docs/${doc}/`).set(user).expect(404);
        await request(server).post('/public-docs/bulk-delete').set(user).send({ all: 'true' }).expect(404);
      }
      await request(server)
        .put(`/public-docs/${doc}/`)
        .set(asUser({ permissions: [] }))
        .send({ body: 'signed in' })
        .expect(200);
      expect(await testApp.dataSource.getRepository(Doc).count()).toBe(1);
    });
  });
});
