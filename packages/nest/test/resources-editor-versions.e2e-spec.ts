import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { EditorMemosController, Memo, MemosController } from './fixtures/patch-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const ALICE = asUser({ name: 'alice', permissions: ['memos.use', 'memos.edit'] });
const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' };

/** A submission form-encoded as Editor sends it by default. */
function form(pairs: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(pairs).map(([name, value]) => [name, String(value)])).toString();
}

describeEachDatabase("DataTables Editor's edits and row versions", (kind) => {
  let testApp: TestApp;
  let server: App;
  let plan: Memo;
  let list: Memo;

  const stored = async () =>
    (await testApp.dataSource.getRepository(Memo).find({ order: { id: 'ASC' } })).map(
      (memo) => `${memo.title}@${memo.version}`,
    );
  const post = () => request(server).post('/editor-memos/editor').set(ALICE);

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Memo],
      imports: [TypeOrmModule.forFeature([Memo])],
      controllers: [MemosController, EditorMemosController],
      beforeInit: (app) => (app as NestExpressApplication).useBodyParser('urlencoded', { extended: false }),
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const { manager } = testApp.dataSource;
    await manager.createQueryBuilder().delete().from(Memo).execute();
    [plan, list] = await manager.save(Memo, [
      { title: 'Plan', pages: 3, kind: 'idea', done: false, owner: 'alice' },
      { title: 'List', pages: 1, kind: 'todo', done: false, owner: 'alice' },
    ]);
    // Someone else changes the list: it is at version 2 now.
    await request(server).patch(`/memos/${list.id}/`).set(ALICE).send({ pages: 2 }).expect(200);
  });

  afterAll(() => testApp.close());

  it(`[${kind}] writes an edit whose version is the stored one, and answers the row at its next version`, async () => {
    const { body } = await post()
      .send({ action: 'edit', data: { [plan.id]: { title: 'Plan B', version: 1 } } })
      .expect(200);
    expect(body).toEqual({ data: [expect.objectContaining({ id: plan.id, title: 'Plan B', version: 2 })] });
    const fromForm = await post()
      .type('form')
      .send(form({ action: 'edit', [`data[${list.id}][title]`]: 'List B', [`data[${list.id}][version]`]: '2' }))
      .expect(200);
    expect(fromForm.body).toEqual({ data: [expect.objectContaining({ id: list.id, title: 'List B', version: 3 })] });
    expect(await stored()).toEqual(['Plan B@2', 'List B@3']);
  });

  it(`[${kind}] refuses an edit read at another version with Editor's error, and writes nothing`, async () => {
    const { body } = await post()
      .send({ action: 'edit', data: { [list.id]: { title: 'Stale', version: 1 } } })
      .expect(200);
    expect(body).toEqual({ data: [], error: `Row ${list.id} was changed by someone else; reload it` });
    const fromForm = await post()
      .type('form')
      .send(form({ action: 'edit', [`data[${list.id}][pages]`]: '9', [`data[${list.id}][version]`]: '1' }))
      .expect(200);
    expect(fromForm.body).toEqual(body);
    expect(await stored()).toEqual(['Plan@1', 'List@2']);
  });

  it(`[${kind}] undoes the rows before the stale one in a multi-row edit`, async () => {
    const { body } = await post()
      .send({
        action: 'edit',
        data: { [plan.id]: { title: 'Plan B', version: 1 }, [list.id]: { title: 'Stale', version: 1 } },
      })
      .expect(200);
    expect(body.error).toBe(`Row ${list.id} was changed by someone else; reload it`);
    expect(await stored()).toEqual(['Plan@1', 'List@2']);
  });

  it(`[${kind}] says it in the request's language`, async () => {
    const { body } = await post()
      .set(SPANISH)
      .send({ action: 'edit', data: { [list.id]: { title: 'Stale', version: 1 } } })
      .expect(200);
    expect(body).toEqual({ data: [], error: `Otra persona cambió la fila ${list.id}; vuelva a cargarla` });
  });

  it(`[${kind}] answers a version field that is no version as a field error, beside the others`, async () => {
    const { body } = await post()
      .send({ action: 'edit', data: { [plan.id]: { pages: 99, version: 'one' } } })
      .expect(200);
    expect(body).toEqual({
      data: [],
      fieldErrors: [
        { name: 'pages', status: 'Pages must be between 1 and 50', id: String(plan.id) },
        { name: 'version', status: "version must be the row's version, a whole number", id: String(plan.id) },
      ],
    });
    expect(await stored()).toEqual(['Plan@1', 'List@2']);
  });

  it(`[${kind}] writes an edit without the version field as before, whatever the stored version`, async () => {
    await post()
      .send({ action: 'edit', data: { [list.id]: { title: 'Last write wins' } } })
      .expect(200);
    expect(await stored()).toEqual(['Plan@1', 'Last write wins@3']);
  });
});
