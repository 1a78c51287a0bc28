// History and restore: every write of a help entry records one revision with its user, restoring
// brings back a revision's exact fields, and both endpoints answer by the permissions.
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpRevision, HelpService } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp, type TestUser } from '@widgetlib/test-support/test-app.js';

const ALL = ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'];
const ana = asUser({ name: 'ana', permissions: ALL });
const ben = asUser({ name: 'ben', permissions: ALL });
const ENTRY = { id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '<p>First</p>' };

describeEachDatabase('Help history and restore', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    await testApp.dataSource.getRepository(Help).clear();
    await testApp.dataSource.getRepository(HelpRevision).clear();
  });

  const revisions = (id: number) => request(server).get(`/help/${id}/revisions/`).set(ana).expect(200);
  const stateOf = (entry: Help) => {
    const { id: _id, ...state } = entry;
    return state;
  };

  it('records one revision per write, with its user, action and the fields before and after', async () => {
    const created = (await request(server).post('/help/').set(ana).send(ENTRY).expect(201)).body as Help;
    const replaced = (
      await request(server)
        .put(`/help/${created.id}/`)
        .set(ben)
        .send({ ...ENTRY, help_text: '<p>Second</p>', language: 'es' })
        .expect(200)
    ).body as Help;
    const patched = (
      await request(server).patch(`/help/${created.id}/`).set(ana).send({ help_title: 'Nombre' }).expect(200)
    ).body as Help;
    // Refused writes leave nothing.
    await request(server)
      .patch(`/help/${created.id}/`)
      .set(ana)
      .set('If-Match', '"1"')
      .send({ help_title: 'x' })
      .expect(412);
    await request(server).patch(`/help/${created.id}/`).set(ana).send({ help_title: '' }).expect(400);
    await request(server).delete(`/help/${created.id}/`).set(ben).expect(204);

    const history = (await revisions(created.id)).body as Array<Record<string, unknown>>;
    expect(history.map(({ action, user }) => [action, user])).toEqual([
      ['delete', 'ben'],
      ['update', 'ana'],
      ['update', 'ben'],
      ['create', 'ana'],
    ]);
    expect(history.map(({ before, after }) => [before, after])).toEqual([
      [stateOf(patched), null],
      [stateOf(replaced), stateOf(patched)],
      [stateOf(created), stateOf(replaced)],
      [null, stateOf(created)],
    ]);
    for (const revision of history) {
      expect(revision).toMatchObject({ id: expect.any(Number), help_id: created.id });
      expect(Math.abs(Date.parse(revision.created_at as string) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('records a write from host code, without a user', async () => {
    const created = await testApp.app.get(HelpService).create(ENTRY);
    const history = (await revisions(created.id)).body as Array<Record<string, unknown>>;
    expect(history).toEqual([expect.objectContaining({ action: 'create', user: null, before: null })]);
  });

  it('restores the exact fields of an earlier revision, as a new version and a new revision', async () => {
    const created = (
      await request(server)
        .post('/help/')
        .set(ana)
        .send({ ...ENTRY, language: 'en', help_text: '<ul><li>a</li></ul>' })
        .expect(201)
    ).body as Help;
    await request(server)
      .put(`/help/${created.id}/`)
      .set(ben)
      .send({ id_view: 'other:view', question_name: 'q', help_title: 'T', help_text: 'x', language: 'fr' })
      .expect(200);
    const [, creation] = (await revisions(created.id)).body as Array<{ id: number }>;
    const stale = await request(server)
      .post(`/help/${created.id}/revisions/${creation!.id}/restore/`)
      .set(ana)
      .set('If-Match', '"1"')
      .expect(412);
    expect(stale.body.current.version).toBe(2);

    const restored = await request(server)
      .post(`/help/${created.id}/revisions/${creation!.id}/restore/`)
      .set(ana)
      .set('If-Match', '"2"')
      .expect(201);
    expect(restored.body).toEqual({ ...created, version: 3 });
    expect(restored.headers.etag).toBe('"3"');
    expect(await testApp.dataSource.getRepository(Help).findOneBy({ id: created.id })).toEqual(restored.body);
    const [latest] = (await revisions(created.id)).body as Array<Record<string, unknown>>;
    expect(latest).toMatchObject({ action: 'restore', user: 'ana', after: stateOf(restored.body as Help) });
  });

  it('brings a deleted entry back with its id and the fields it had, one version above its last', async () => {
    const created = (await request(server).post('/help/').set(ana).send(ENTRY).expect(201)).body as Help;
    const changed = (
      await request(server).patch(`/help/${created.id}/`).set(ana).send({ help_text: '<b>kept</b>' }).expect(200)
    ).body as Help;
    await request(server).delete(`/help/${created.id}/`).set(ana).expect(204);

    const deleted = await request(server)
      .get('/help/deleted/')
      .set(asUser({ permissions: ['widgetlib.add_help'] }));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual([expect.objectContaining({ help_id: created.id, action: 'delete', after: null })]);
    // Of one view: the panel lists only its own view's deleted entries.
    const ofView = (idView: string) =>
      request(server)
        .get(`/help/deleted/?id_view=${encodeURIComponent(idView)}`)
        .set(ana)
        .expect(200);
    expect((await ofView(ENTRY.id_view)).body).toEqual(deleted.body);
    expect((await ofView(`${ENTRY.id_view}-other`)).body).toEqual([]);

    const deletion = (deleted.body as Array<{ id: number }>)[0]!;
    const restored = await request(server)
      .post(`/help/${created.id}/revisions/${deletion.id}/restore/`)
      .set(asUser({ name: 'cleo', permissions: ['widgetlib.add_help'] }))
      .expect(201);
    expect(restored.body).toEqual({ ...changed, version: 3 });
    expect((await request(server).get('/help/deleted/').set(ana).expect(200)).body).toEqual([]);
    const [latest] = (await revisions(created.id)).body as Array<Record<string, unknown>>;
    expect(latest).toMatchObject({ action: 'restore', user: 'cleo', before: null });
  });

  it('answers 409 when another entry took the place of the deleted one', async () => {
    const created = (await request(server).post('/help/').set(ana).send(ENTRY).expect(201)).body as Help;
    await request(server).delete(`/help/${created.id}/`).set(ana).expect(204);
    await request(server).post('/help/').set(ana).send(ENTRY).expect(201);
    const [deletion] = (await revisions(created.id)).body as Array<{ id: number }>;
    await request(server).post(`/help/${created.id}/revisions/${deletion!.id}/restore/`).set(ana).expect(409);
    expect(await testApp.dataSource.getRepository(Help).findOneBy({ id: created.id })).toBeNull();
  });

  it('answers 404 for a revision of another entry, an unknown one, or an entry with no history', async () => {
    const first = (await request(server).post('/help/').set(ana).send(ENTRY).expect(201)).body as Help;
    const second = (
      await request(server)
        .post('/help/')
        .set(ana)
        .send({ ...ENTRY, question_name: 'year' })
        .expect(201)
    ).body as Help;
    const [ofFirst] = (await revisions(first.id)).body as Array<{ id: number }>;
    const other = await request(server).post(`/help/${second.id}/revisions/${ofFirst!.id}/restore/`).set(ana);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(`Help entry ${second.id} has no revision ${ofFirst!.id}`);
    await request(server)
      .get(`/help/${second.id + 100}/revisions/`)
      .set(ana)
      .expect(404);
    const badRevision = await request(server).post(`/help/${first.id}/revisions/abc/restore/`).set(ana).expect(400);
    expect(badRevision.body.message).toBe('revision must be a positive integer no greater than 2147483647');
  });

  describe('permissions', () => {
    const USERS: Record<string, TestUser | null> = {
      'no user': null,
      'no permissions': { permissions: [] },
      view: { permissions: ['widgetlib.view_help'] },
      add: { permissions: ['widgetlib.add_help'] },
      change: { permissions: ['widgetlib.change_help'] },
      delete: { permissions: ['widgetlib.delete_help'] },
      superuser: { isSuperuser: true },
    };
    type Action = 'revisions' | 'restore existing' | 'restore deleted' | 'deleted';
    const GRANTED: Record<string, Action[]> = {
      add: ['restore deleted', 'deleted'],
      change: ['revisions', 'restore existing'],
      superuser: ['revisions', 'restore existing', 'restore deleted', 'deleted'],
    };
    const SUCCESS: Record<Action, number> = {
      revisions: 200,
      'restore existing': 201,
      'restore deleted': 201,
      deleted: 200,
    };
    const cells = Object.keys(USERS).flatMap((userName) =>
      (['revisions', 'restore existing', 'restore deleted', 'deleted'] as Action[]).map((action) => {
        const status = USERS[userName] === null ? 401 : GRANTED[userName]?.includes(action) ? SUCCESS[action] : 403;
        return [userName, action, status] as const;
      }),
    );

    it.each(cells)('%s: %s answers %i', async (userName, action, status) => {
      const kept = (await request(server).post('/help/').set(ana).send(ENTRY).expect(201)).body as Help;
      const gone = (
        await request(server)
          .post('/help/')
          .set(ana)
          .send({ ...ENTRY, question_name: 'gone' })
          .expect(201)
      ).body as Help;
      await request(server).delete(`/help/${gone.id}/`).set(ana).expect(204);
      const [keptRevision] = (await revisions(kept.id)).body as Array<{ id: number }>;
      const [goneRevision] = (await revisions(gone.id)).body as Array<{ id: number }>;
      const user = USERS[userName];
      const headers = user ? asUser(user) : {};
      const http = request(server);
      const response = await {
        revisions: () => http.get(`/help/${kept.id}/revisions/`).set(headers),
        'restore existing': () => http.post(`/help/${kept.id}/revisions/${keptRevision!.id}/restore/`).set(headers),
        'restore deleted': () => http.post(`/help/${gone.id}/revisions/${goneRevision!.id}/restore/`).set(headers),
        deleted: () => http.get('/help/deleted/').set(headers),
      }[action]();
      expect(response.status).toBe(status);
      if (status === 403) {
        const needed = action === 'restore deleted' || action === 'deleted' ? 'add' : 'change';
        expect(response.body.message).toBe(`Missing permission: widgetlib.${needed}_help`);
      }
    });
  });
});
