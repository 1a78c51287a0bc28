import { TypeOrmModule } from '@nestjs/typeorm';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ResourceRevision } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import {
  AllTracksController,
  Studio,
  Track,
  TrackLabel,
  TracksController,
} from './fixtures/history-resource.fixture.js';

const CSRF = 'csrf-token-of-this-session';
const ALICE = asUser({ name: 'alice', permissions: ['tracks.view', 'tracks.change', 'tracks.delete'] });
const BOB = asUser({ name: 'bob', permissions: ['tracks.view', 'tracks.change'] });
const READER = asUser({ name: 'alice', permissions: ['tracks.view'] });

/** The host's CSRF protection of browser writes, as csrf-sync does it: a POST without the token is a 403. */
function csrfProtection(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  if (request.method === 'POST' && request.headers['x-csrf-token'] !== CSRF) {
    response.writeHead(403, { 'content-type': 'application/json' }).end('{"statusCode":403,"message":"invalid csrf"}');
    return;
  }
  next();
}

describeEachDatabase('DataTableResource history', (kind) => {
  let testApp: TestApp;
  let server: App;
  let studios: Studio[];
  let labels: TrackLabel[];

  const post = (path: string, user = ALICE) => request(server).post(path).set(user).set('X-CSRF-Token', CSRF);
  const history = async (id: number, user = ALICE, path = 'tracks') =>
    (await request(server).get(`/${path}/${id}/history/`).set(user).expect(200)).body;
  const revisionCount = () => testApp.dataSource.getRepository(ResourceRevision).count();

  async function created(body: object = {}, user = ALICE): Promise<number> {
    const answer = await post('/tracks/', user)
      .send({ title: 'Intro', plays: 5, pin: '1234', studio_id: studios[0]!.id, label_ids: [labels[0]!.id], ...body })
      .expect(201);
    return answer.body.id as number;
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Track, Studio, TrackLabel],
      imports: [TypeOrmModule.forFeature([Track])],
      controllers: [TracksController, AllTracksController],
      beforeInit: (app) => app.use(csrfProtection),
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const manager = testApp.dataSource.manager;
    await manager.query('DELETE FROM fixture_history_track_label');
    for (const entity of [ResourceRevision, Track, Studio, TrackLabel])
      await manager.createQueryBuilder().delete().from(entity).execute();
    studios = await manager.save(Studio, [{ name: 'Abbey Road' }, { name: 'Hansa' }]);
    labels = await manager.save(TrackLabel, [{ name: 'demo' }, { name: 'live' }, { name: 'final' }]);
  });

  afterAll(() => testApp.close());

  it('records a creation: who, when, the route, every field set, the to-one key, the to-many keys, the secret without its value', async () => {
    const started = Date.now();
    const id = await created();
    const page = await history(id);
    expect(page).toMatchObject({ page: 1, size: 20, total: 1 });
    const [revision] = page.revisions;
    expect(revision).toEqual({
      id: expect.any(Number),
      action: 'create',
      route: 'POST /tracks/',
      user: 'alice',
      at: expect.any(String),
      changes: [
        { field: 'title', before: null, after: 'Intro' },
        { field: 'plays', before: null, after: 5 },
        { field: 'team', before: null, after: 'alice' },
        { field: 'pin', omitted: 'secret' },
        { field: 'studio', before: null, after: studios[0]!.id },
        { field: 'labels', added: [labels[0]!.id], removed: [] },
      ],
    });
    expect(Date.parse(revision.at)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
    expect(JSON.stringify(page)).not.toContain('1234');
  });

  it('records an update: only the changed fields, before and after, to-many as keys added and removed; newest first', async () => {
    const id = await created();
    await request(server)
      .put(`/tracks/${id}/`)
      .set(ALICE)
      .send({
        title: 'Intro (live)',
        plays: 5,
        pin: '9999',
        studio_id: studios[1]!.id,
        label_ids: [labels[1]!.id, labels[2]!.id],
      })
      .expect(200);
    await request(server).put(`/tracks/${id}/`).set(ALICE).send({ title: 'Intro (live)', plays: 6 }).expect(200);
    const { revisions, total } = await history(id);
    expect(total).toBe(3);
    expect(revisions.map((revision: { action: string }) => revision.action)).toEqual(['update', 'update', 'create']);
    expect(revisions[0]).toMatchObject({
      route: `PUT /tracks/${id}/`,
      changes: [{ field: 'plays', before: 5, after: 6 }],
    });
    expect(revisions[1].changes).toEqual([
      { field: 'title', before: 'Intro', after: 'Intro (live)' },
      { field: 'pin', omitted: 'secret' },
      { field: 'studio', before: studios[0]!.id, after: studios[1]!.id },
      { field: 'labels', added: [labels[1]!.id, labels[2]!.id], removed: [labels[0]!.id] },
    ]);
    expect(JSON.stringify(revisions)).not.toMatch(/1234|9999/);
  });

  it('records a delete, a bulk delete (one revision per record) and Editor submissions, each with its route', async () => {
    const [one, two, three, four] = [await created(), await created(), await created(), await created()];
    await post('/tracks/editor')
      .send({ action: 'edit', data: { [one]: { plays: 50 } } })
      .expect(200);
    await post('/tracks/editor')
      .send({ action: 'remove', data: { [two]: {} } })
      .expect(200);
    await request(server).delete(`/tracks/${three}/`).set(ALICE).expect(204);
    expect((await post('/tracks/bulk-delete').send({ all: 'true' }).expect(200)).body).toEqual({ deleted: 2 });
    const routes = await testApp.dataSource
      .getRepository(ResourceRevision)
      .find({ where: { action: 'delete' }, order: { id: 'ASC' } });
    expect(routes.map((revision) => [Number(revision.record_id), revision.route])).toEqual([
      [two, 'POST /tracks/editor'],
      [three, `DELETE /tracks/${three}/`],
      [one, 'POST /tracks/bulk-delete'],
      [four, 'POST /tracks/bulk-delete'],
    ]);
    const deletion = JSON.parse(routes[2]!.changes) as unknown[];
    expect(deletion).toContainEqual({ field: 'plays', before: 50, after: null });
    expect(deletion).toContainEqual({ field: 'labels', added: [], removed: [labels[0]!.id] });
    expect(deletion).toContainEqual({ field: 'pin', omitted: 'secret' });
    const edit = await testApp.dataSource
      .getRepository(ResourceRevision)
      .findOneByOrFail({ record_id: String(one), action: 'update' });
    expect(edit).toMatchObject({ route: 'POST /tracks/editor', user_name: 'alice' });
    expect(JSON.parse(edit.changes)).toEqual([{ field: 'plays', before: 5, after: 50 }]);
  });

  it('records nothing for a write that fails, nor for an update that changes nothing', async () => {
    const id = await created();
    await post('/tracks/').send({ title: 'For bob', plays: 1, team: 'bob' }).expect(403);
    await post('/tracks/editor')
      .send({ action: 'edit', data: { [id]: { plays: 7, team: 'bob' } } })
      .expect(200);
    await request(server).put(`/tracks/${id}/`).set(ALICE).send({ title: 'Intro', plays: 5 }).expect(200);
    expect(await revisionCount()).toBe(1);
  });

  it('keeps the history of a record outside the scope out of sight: 404 to read it and to restore it', async () => {
    const bobs = await created({}, BOB);
    await request(server).put(`/tracks/${bobs}/`).set(BOB).send({ title: 'Outro', plays: 1 }).expect(200);
    const [, creation] = (await history(bobs, BOB)).revisions;
    const read = await request(server).get(`/tracks/${bobs}/history/`).set(ALICE).expect(404);
    expect(read.body.message).toBe(`Track ${bobs} does not exist`);
    await post(`/tracks/${bobs}/history/${creation.id}/restore/`).expect(404);
    expect(await testApp.dataSource.getRepository(Track).findOneByOrFail({ id: bobs })).toMatchObject({
      title: 'Outro',
    });
  });

  it('answers 401 without a user and 403 without the permission; a restore needs the CSRF token', async () => {
    const id = await created();
    const [revision] = (await history(id)).revisions;
    await request(server).get(`/tracks/${id}/history/`).expect(401);
    await request(server)
      .get(`/tracks/${id}/history/`)
      .set(asUser({ name: 'alice', permissions: [] }))
      .expect(403);
    await history(id, READER);
    await request(server).post(`/tracks/${id}/history/${revision.id}/restore/`).set('X-CSRF-Token', CSRF).expect(401);
    const refused = await post(`/tracks/${id}/history/${revision.id}/restore/`, READER).expect(403);
    expect(refused.body.message).toContain('tracks.change');
    await request(server).post(`/tracks/${id}/history/${revision.id}/restore/`).set(ALICE).expect(403);
  });

  it('restores a revision: the fields as it left them, later changes undone, the secret kept; the restore is recorded', async () => {
    const id = await created();
    await request(server)
      .put(`/tracks/${id}/`)
      .set(ALICE)
      .send({ title: 'Second', plays: 9, pin: '5678', studio_id: null, label_ids: [labels[1]!.id] })
      .expect(200);
    await request(server).put(`/tracks/${id}/`).set(ALICE).send({ title: 'Third', plays: 9 }).expect(200);
    const [, , creation] = (await history(id)).revisions;
    const restored = await post(`/tracks/${id}/history/${creation.id}/restore/`).expect(200);
    expect(restored.body).toMatchObject({ id, title: 'Intro', plays: 5, studio: { id: studios[0]!.id } });
    expect(restored.body.labels.map((label: TrackLabel) => label.id)).toEqual([labels[0]!.id]);
    expect((await testApp.dataSource.getRepository(Track).findOneByOrFail({ id })).pin).toBe('5678');
    const [restore] = (await history(id)).revisions;
    expect(restore).toMatchObject({ action: 'restore', route: `POST /tracks/${id}/history/${creation.id}/restore/` });
    expect(restore.changes).toEqual([
      { field: 'title', before: 'Third', after: 'Intro' },
      { field: 'plays', before: 9, after: 5 },
      { field: 'studio', before: null, after: studios[0]!.id },
      { field: 'labels', added: [labels[0]!.id], removed: [labels[1]!.id] },
    ]);
  });

  it('refuses with 400 a revision whose values the update DTO no longer accepts, and with 404 another record’s revision', async () => {
    const id = await created();
    const other = await created();
    await testApp.dataSource.getRepository(Track).update({ id }, { plays: 5000 });
    await request(server).put(`/tracks/${id}/`).set(ALICE).send({ title: 'Renamed', plays: 5000 }).expect(400);
    await post('/tracks/editor')
      .send({ action: 'edit', data: { [id]: { title: 'Renamed' } } })
      .expect(200);
    const [, creation] = (await history(id)).revisions;
    const refused = await post(`/tracks/${id}/history/${creation.id}/restore/`).expect(400);
    expect(refused.body.message).toBe(
      `Revision ${creation.id} cannot be restored: plays must not be greater than 1000`,
    );
    const [otherCreation] = (await history(other)).revisions;
    const missing = await post(`/tracks/${id}/history/${otherCreation.id}/restore/`).expect(404);
    expect(missing.body.message).toBe(`Revision ${otherCreation.id} is not in the history of Track ${id}`);
    expect((await testApp.dataSource.getRepository(Track).findOneByOrFail({ id })).title).toBe('Renamed');
  });

  it("restores through the update DTO's own fields by default (no restoreBody)", async () => {
    const id = await created();
    await request(server).put(`/all-tracks/${id}/`).set(ALICE).send({ title: 'Changed', plays: 8 }).expect(200);
    const [, creation] = (await history(id, ALICE, 'all-tracks')).revisions;
    const restored = await post(`/all-tracks/${id}/history/${creation.id}/restore/`).expect(200);
    expect(restored.body).toMatchObject({ title: 'Intro', plays: 5, team: 'alice' });
  });

  it("lets who may delete read a deleted record's history where the scope is the whole entity, and no one elsewhere", async () => {
    const id = await created();
    await request(server).delete(`/tracks/${id}/`).set(ALICE).expect(204);
    await request(server).get(`/tracks/${id}/history/`).set(ALICE).expect(404);
    const page = await history(id, ALICE, 'all-tracks');
    expect(page.revisions.map((revision: { action: string }) => revision.action)).toEqual(['delete', 'create']);
    await request(server).get(`/all-tracks/${id}/history/`).set(BOB).expect(404);
    await request(server)
      .get(`/all-tracks/${id + 1000}/history/`)
      .set(ALICE)
      .expect(404);
  });

  it("records the host's own writes through ResourceHistoryService, secrets kept secret", async () => {
    const id = await created();
    await post(`/tracks/${id}/reset-plays`).expect(201);
    const [reset] = (await history(id)).revisions;
    expect(reset).toMatchObject({
      action: 'update',
      route: `POST /tracks/${id}/reset-plays`,
      user: 'alice',
      changes: [
        { field: 'plays', before: 5, after: 0 },
        { field: 'pin', omitted: 'secret' },
      ],
    });
  });

  it("tells the table's page who may read a history: permissions.history, only on resources that keep one", async () => {
    const { body } = await request(server).get('/tracks/').set(READER).expect(200);
    expect(body.permissions).toEqual({
      create: false,
      update: false,
      delete: false,
      history: true,
      bulk: { bulkDelete: false },
    });
    expect((await request(server).get('/tracks/').set(ALICE).expect(200)).body.permissions).toMatchObject({
      update: true,
      history: true,
    });
  });

  it('pages the history newest first, and refuses wrong page parameters with one 400', async () => {
    const id = await created();
    for (const plays of [1, 2, 3, 4]) {
      await request(server).put(`/tracks/${id}/`).set(ALICE).send({ title: 'Intro', plays }).expect(200);
    }
    const second = (await request(server).get(`/tracks/${id}/history/?page=2&size=2`).set(ALICE).expect(200)).body;
    expect(second).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(
      second.revisions.map((revision: { changes: Array<{ after: unknown }> }) => revision.changes[0]!.after),
    ).toEqual([2, 1]);
    const refused = await request(server).get(`/tracks/${id}/history/?page=0&size=500&sort=id`).set(ALICE).expect(400);
    expect(refused.body.message).toEqual([
      'sort is not a parameter of a history (page, size)',
      'page must be a whole number from 1 to 1000000',
      'size must be a whole number from 1 to 100',
    ]);
  });
});
