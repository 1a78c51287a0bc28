import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  AssignedStickersController,
  Memo,
  MemosController,
  Sticker,
  StickersController,
  TrimmedStickersController,
} from './fixtures/patch-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const ALICE = asUser({ name: 'alice', permissions: ['memos.use', 'memos.edit'] });
const READER = asUser({ name: 'alice', permissions: ['memos.use'] });
const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' };

describeEachDatabase('DataTableResource PATCH, ETag and If-Match', (kind) => {
  let testApp: TestApp;
  let server: App;
  let own: Memo;
  let bobs: Memo;
  let sticker: Sticker;

  const stored = (id: number) => testApp.dataSource.getRepository(Memo).findOneByOrFail({ id });

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Memo, Sticker],
      imports: [TypeOrmModule.forFeature([Memo, Sticker])],
      controllers: [MemosController, StickersController, AssignedStickersController, TrimmedStickersController],
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const { manager } = testApp.dataSource;
    for (const entity of [Memo, Sticker]) await manager.createQueryBuilder().delete().from(entity).execute();
    [own, bobs] = await manager.save(Memo, [
      { title: 'Plan', pages: 3, kind: 'idea', done: true, owner: 'alice' },
      { title: 'Secret', pages: 1, kind: 'todo', done: false, owner: 'bob' },
    ]);
    sticker = await manager.save(Sticker, { label: 'red' });
  });

  afterAll(() => testApp.close());

  it(`[${kind}] changes only the fields sent, answers the row with its ETag, and counts the version up`, async () => {
    expect(own.version).toBe(1);
    const answer = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ title: 'Plan B' }).expect(200);
    expect(answer.body).toEqual({
      id: own.id,
      title: 'Plan B',
      pages: 3,
      kind: 'idea',
      done: true,
      owner: 'alice',
      version: 2,
    });
    expect(answer.headers.etag).toBe('"2"');
    // `done` has a default in the DTO: not sent, it keeps its stored value.
    expect(await stored(own.id)).toMatchObject({ title: 'Plan B', pages: 3, done: true, version: 2 });
    const typed = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ pages: '7' }).expect(200);
    expect(typed.body).toMatchObject({ pages: 7, version: 3 });
  });

  it(`[${kind}] sends the ETag with a retrieved, a created and a replaced record, and the version in the list`, async () => {
    expect((await request(server).get(`/memos/${own.id}/`).set(ALICE).expect(200)).headers.etag).toBe('"1"');
    const created = await request(server)
      .post('/memos/')
      .set(ALICE)
      .send({ title: 'New', pages: 2, kind: 'todo', owner: 'alice' })
      .expect(201);
    expect(created.headers.etag).toBe('"1"');
    const replaced = await request(server)
      .put(`/memos/${own.id}/`)
      .set(ALICE)
      .set('If-Match', '"1"')
      .send({ title: 'Whole', pages: 4, kind: 'todo', done: false, owner: 'alice' })
      .expect(200);
    expect(replaced.headers.etag).toBe('"2"');
    const list = await request(server).get('/memos/').set(ALICE).expect(200);
    expect(list.body.data.map((row: Memo) => [row.title, row.version])).toEqual([
      ['Whole', 2],
      ['New', 1],
    ]);
  });

  it(`[${kind}] refuses in one 400 every invalid field sent, and unknown fields, writing nothing`, async () => {
    const invalid = await request(server)
      .patch(`/memos/${own.id}/`)
      .set(ALICE)
      .send({ title: '', pages: 0, kind: 'poem' })
      .expect(400);
    expect([...invalid.body.message].sort()).toEqual([
      'Kind must be idea or todo',
      'Pages must be between 1 and 50',
      'Title is required',
    ]);
    const unknown = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ title: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toEqual(['property colour should not exist']);
    const nulled = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ title: null }).expect(400);
    expect(nulled.body.message).toEqual([expect.stringMatching(/^Title /)]);
    const empty = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({}).expect(400);
    expect(empty.body.message).toEqual(['The body names no field to change']);
    const list = await request(server)
      .patch(`/memos/${own.id}/`)
      .set(ALICE)
      .send([{ title: 'x' }])
      .expect(400);
    expect(list.body.message).toEqual(['The body must be a JSON object of the fields to change']);
    expect(await stored(own.id)).toMatchObject({ title: 'Plan', pages: 3, kind: 'idea', version: 1 });
  });

  it(`[${kind}] answers 404 for a record outside the scope, 403 without the update permission, 401 without a user`, async () => {
    const outside = await request(server).patch(`/memos/${bobs.id}/`).set(ALICE).send({ title: 'Mine now' });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(`Memo ${bobs.id} does not exist`);
    await request(server).patch(`/memos/${own.id}/`).set(READER).send({ title: 'Read only' }).expect(403);
    await request(server).patch(`/memos/${own.id}/`).send({ title: 'Anonymous' }).expect(401);
    // Moving the record out of the scope is refused too, and undone.
    const moved = await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ owner: 'bob' }).expect(403);
    expect(moved.body.message).toBe('The changed Memo would be outside the records this resource gives you');
    expect(await stored(bobs.id)).toMatchObject({ title: 'Secret', version: 1 });
    expect(await stored(own.id)).toMatchObject({ title: 'Plan', owner: 'alice', version: 1 });
  });

  it(`[${kind}] honours If-Match: 412 with the current row and its ETag when stale, the write when it names the version`, async () => {
    await request(server).patch(`/memos/${own.id}/`).set(ALICE).set('If-Match', '"1"').send({ pages: 5 }).expect(200);
    const stale = await request(server)
      .patch(`/memos/${own.id}/`)
      .set(ALICE)
      .set('If-Match', '"1"')
      .send({ title: 'Lost update' })
      .expect(412);
    expect(stale.headers.etag).toBe('"2"');
    expect(stale.body.message).toBe(`Memo ${own.id} has changed: it is at version 2 now`);
    expect(stale.body.code).toBe('resource.changed');
    expect(stale.body.current).toEqual({
      id: own.id,
      title: 'Plan',
      pages: 5,
      kind: 'idea',
      done: true,
      owner: 'alice',
      version: 2,
    });
    const replaced = await request(server)
      .put(`/memos/${own.id}/`)
      .set(ALICE)
      .set('If-Match', '"1"')
      .send({ title: 'Lost too', pages: 1, kind: 'idea', owner: 'alice' });
    expect(replaced.status).toBe(412);
    expect(await stored(own.id)).toMatchObject({ title: 'Plan', version: 2 });
    await request(server)
      .patch(`/memos/${own.id}/`)
      .set(ALICE)
      .set('If-Match', '"1", "2"')
      .send({ title: 'Kept' })
      .expect(200);
    await request(server).patch(`/memos/${own.id}/`).set(ALICE).set('If-Match', '*').send({ pages: 9 }).expect(200);
    const malformed = await request(server)
      .patch(`/memos/${own.id}/`)
      .set(ALICE)
      .set('If-Match', '3')
      .send({ pages: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(['If-Match must be * or a comma-separated list of entity tags such as "3"']);
    expect(await stored(own.id)).toMatchObject({ title: 'Kept', pages: 9, version: 4 });
  });

  it(`[${kind}] without a version column: no ETag, If-Match: * only, and PATCH through assignPartial or not at all`, async () => {
    const patched = await request(server)
      .patch(`/stickers/${sticker.id}/`)
      .set(ALICE)
      .send({ label: 'blue' })
      .expect(200);
    // No version tag (Express tags every answer weakly, W/"…", by its bytes).
    expect(patched.headers.etag ?? '').not.toMatch(/^"/);
    await request(server)
      .patch(`/stickers/${sticker.id}/`)
      .set(ALICE)
      .set('If-Match', '*')
      .send({ label: 'green' })
      .expect(200);
    const versioned = await request(server)
      .patch(`/stickers/${sticker.id}/`)
      .set(ALICE)
      .set('If-Match', '"1"')
      .send({ label: 'pink' })
      .expect(400);
    expect(versioned.body.message).toEqual([
      'If-Match names versions, but Sticker has no version column: send If-Match: * or none',
    ]);
    await request(server).patch(`/assigned-stickers/${sticker.id}/`).set(ALICE).send({ label: 'x' }).expect(404);
    const trimmed = await request(server)
      .patch(`/trimmed-stickers/${sticker.id}/`)
      .set(ALICE)
      .send({ label: ' grey ' })
      .expect(200);
    expect(trimmed.body).toEqual({ id: sticker.id, label: 'GREY' });
  });

  it(`[${kind}] says its 412, an empty or non-object body and If-Match problems in the reader's language`, async () => {
    const patch = (path: string, ifMatch: string | null, body: unknown) => {
      const sent = request(server).patch(path).set(ALICE).set(SPANISH);
      return (ifMatch === null ? sent : sent.set('If-Match', ifMatch)).send(body as object);
    };
    await request(server).patch(`/memos/${own.id}/`).set(ALICE).send({ pages: 2 }).expect(200);
    const stale = await patch(`/memos/${own.id}/`, '"1"', { title: 'Lost update' }).expect(412);
    expect(stale.body).toMatchObject({
      statusCode: 412,
      code: 'resource.changed',
      message: `Memo ${own.id} ha cambiado: ahora está en la versión 2`,
      current: { id: own.id, title: 'Plan', pages: 2, version: 2 },
    });
    expect(stale.headers.etag).toBe('"2"');
    const empty = await patch(`/memos/${own.id}/`, null, {}).expect(400);
    expect(empty.body.message).toEqual(['El cuerpo no nombra ningún campo que cambiar']);
    const list = await patch(`/memos/${own.id}/`, null, [{ title: 'x' }]).expect(400);
    expect(list.body.message).toEqual(['El cuerpo debe ser un objeto JSON con los campos que se cambian']);
    const malformed = await patch(`/memos/${own.id}/`, '2', { pages: 1 }).expect(400);
    expect(malformed.body.message).toEqual([
      'If-Match debe ser * o una lista separada por comas de etiquetas de entidad como "3"',
    ]);
    const unversioned = await patch(`/stickers/${sticker.id}/`, '"1"', { label: 'pink' }).expect(400);
    expect(unversioned.body.message).toEqual([
      'If-Match nombra versiones, pero Sticker no tiene columna de versión: envíe If-Match: * o ninguno',
    ]);
    // An unknown field: class-validator's message, in Spanish as before.
    const invalid = await patch(`/memos/${own.id}/`, null, { colour: 'red' }).expect(400);
    expect(invalid.body.message).toEqual(['la propiedad colour no está permitida']);
    expect(await stored(own.id)).toMatchObject({ title: 'Plan', pages: 2, version: 2 });
    expect((await testApp.dataSource.getRepository(Sticker).findOneByOrFail({ id: sticker.id })).label).toBe('red');
  });
});
