import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Controller } from '@nestjs/common';
import { DataTableResource } from '../src/index.js';
import {
  BinLine,
  BinMemo,
  CappedMemosController,
  EstimatedMemosController,
  KeptMemosController,
  MemosController,
  PlainMemo,
  PlainMemosController,
} from './fixtures/trash-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const ANA = asUser({ name: 'ana', permissions: ['memos.use', 'memos.delete', 'memos.purge'] });
const DELETER = asUser({ name: 'ana', permissions: ['memos.use', 'memos.delete'] });
const VIEWER = asUser({ name: 'ana', permissions: ['memos.use'] });
const BOB = asUser({ name: 'bob', permissions: ['memos.use', 'memos.delete', 'memos.purge'] });
const DAY = 86_400_000;

describeEachDatabase('DataTableResource trash', (kind) => {
  let testApp: TestApp;
  let server: App;
  let memos: BinMemo[];

  const id = (title: string) => memos.find((memo) => memo.title === title)!.id;
  const list = (path: string, query: Record<string, string> = {}, user = ANA) =>
    request(server).get(path).query(query).set(user).expect(200);
  const titles = (body: { data: Array<{ title: string }> }) => body.data.map((row) => row.title);
  /** Every memo as stored, the deleted ones marked. */
  async function stored(): Promise<string[]> {
    const rows = await testApp.dataSource.getRepository(BinMemo).find({ withDeleted: true, order: { id: 'ASC' } });
    return rows.map((memo) => `${memo.title}${memo.deleted_at ? ' (deleted)' : ''}`);
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [BinMemo, BinLine, PlainMemo],
      imports: [TypeOrmModule.forFeature([BinMemo, PlainMemo])],
      controllers: [
        MemosController,
        KeptMemosController,
        EstimatedMemosController,
        CappedMemosController,
        PlainMemosController,
      ],
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(async () => {
    const { manager } = testApp.dataSource;
    for (const entity of [BinLine, BinMemo, PlainMemo])
      await manager.createQueryBuilder().delete().from(entity).execute();
    memos = await manager.save(BinMemo, [
      { title: 'apple pie', owner: 'ana', kind: 'recipe', pages: 3 },
      { title: 'banana bread', owner: 'ana', kind: 'recipe', pages: 5 },
      { title: 'cherry jam', owner: 'ana', kind: 'note', pages: 7 },
      { title: 'date loaf', owner: 'ana', kind: 'draft', pages: 11 },
      { title: 'bob apple', owner: 'bob', kind: 'recipe', pages: 13 },
    ]);
    await manager.save(
      BinLine,
      memos.map((memo) => ({ words: memo.pages * 10, memo })),
    );
  });

  afterAll(() => testApp.close());

  it('deletes to the trash: the row leaves the list, its counts, aggregates, panes, ColumnControl and export', async () => {
    // Counted and cached first, so that a stale cached count would show.
    const before = await list('/memos/', { 'searchPanes_options[viewTotal]': 'true' });
    expect(before.body.recordsTotal).toBe(4);
    await request(server)
      .delete(`/memos/${id('date loaf')}/`)
      .set(ANA)
      .expect(204);
    expect(await stored()).toContain('date loaf (deleted)');

    const { body } = await list('/memos/', {
      'searchPanes_options[viewTotal]': 'true',
      'columns[0][data]': 'kind',
      'columns[0][name]': 'kind',
    });
    expect(titles(body)).toEqual(['apple pie', 'banana bread', 'cherry jam']);
    expect([body.recordsTotal, body.recordsFiltered]).toEqual([3, 3]);
    expect(body.aggregates.pages.sum).toBe(15);
    expect(body.aggregates.lines__words.sum).toBe(150);
    const paneValues = (body.searchPanes.options.kind as Array<{ value: string }>).map((option) => option.value);
    expect(paneValues.sort()).toEqual(['note', 'recipe']);
    expect((body.columnControl.kind as Array<{ value: string }>).map((option) => option.value).sort()).toEqual([
      'note',
      'recipe',
    ]);
    const searched = await list('/memos/', { search: 'loaf' });
    expect([searched.body.recordsTotal, searched.body.recordsFiltered, searched.body.data]).toEqual([3, 0, []]);
    const filtered = await list('/memos/', { kind: 'draft' });
    expect(filtered.body.recordsFiltered).toBe(0);
    await request(server)
      .get(`/memos/${id('date loaf')}/`)
      .set(ANA)
      .expect(404);
    await request(server)
      .put(`/memos/${id('date loaf')}/`)
      .set(ANA)
      .send({ title: 'x', kind: 'x', pages: 1 })
      .expect(404);

    const exported = await request(server)
      .get('/memos/export')
      .query({ format: 'csv', fields: 'title' })
      .set(ANA)
      .expect(200);
    expect(exported.text).toContain('cherry jam');
    expect(exported.text).not.toContain('date loaf');
  });

  it('leaves deleted rows out of estimated and capped counts, keyset pages and offset pages', async () => {
    for (const title of ['banana bread', 'bob apple']) {
      await request(server)
        .delete(`/estimated-memos/${id(title)}/`)
        .set(ANA)
        .expect(204);
    }
    const estimated = await list('/estimated-memos/', { search: 'a' });
    expect([estimated.body.recordsTotal, estimated.body.counts]).toEqual([3, undefined]);
    const capped = await list('/capped-memos/');
    expect([capped.body.recordsTotal, capped.body.counts]).toEqual([3, undefined]);
    const keyset = await list('/estimated-memos/', { cursor: '', ordering: 'title', limit: '2' });
    expect(titles(keyset.body)).toEqual(['apple pie', 'cherry jam']);
    const next = await list('/estimated-memos/', { cursor: keyset.body.next as string, ordering: 'title', limit: '2' });
    expect(titles(next.body)).toEqual(['date loaf']);
    const last = await list('/estimated-memos/', { ordering: 'title', limit: '1', offset: '2' });
    expect(titles(last.body)).toEqual(['date loaf']);
  });

  it('lists the trash as a list envelope, with search, ordering and paging, within the scope', async () => {
    for (const title of ['apple pie', 'cherry jam', 'banana bread']) {
      await request(server)
        .delete(`/memos/${id(title)}/`)
        .set(ANA)
        .expect(204);
    }
    await request(server)
      .delete(`/memos/${id('bob apple')}/`)
      .set(BOB)
      .expect(204);
    const trash = await list('/memos/trash/', { ordering: '-title' });
    expect(titles(trash.body)).toEqual(['cherry jam', 'banana bread', 'apple pie']);
    expect([trash.body.recordsTotal, trash.body.recordsFiltered]).toEqual([3, 3]);
    expect(trash.body.data[0].deleted_at).toEqual(expect.any(String));
    expect(trash.body.permissions).toEqual({ restore: true, purge: true, bulk: {} });
    const searched = await list('/memos/trash/', { search: 'apple' });
    expect(titles(searched.body)).toEqual(['apple pie']);
    expect([searched.body.recordsTotal, searched.body.recordsFiltered]).toEqual([3, 1]);
    const paged = await list('/memos/trash/', { ordering: 'pages', limit: '1', offset: '1' });
    expect(titles(paged.body)).toEqual(['banana bread']);
    await request(server).get('/memos/trash/').query({ ordering: 'owner' }).set(ANA).expect(400);
    expect(titles((await list('/memos/trash/', {}, BOB)).body)).toEqual(['bob apple']);
    // The list shows what is left.
    expect(titles((await list('/memos/')).body)).toEqual(['date loaf']);
  });

  it('restores a record of the trash within the scope; a record outside it, or not in the trash, is a 404', async () => {
    await request(server)
      .delete(`/memos/${id('apple pie')}/`)
      .set(ANA)
      .expect(204);
    await request(server)
      .delete(`/memos/${id('bob apple')}/`)
      .set(BOB)
      .expect(204);
    expect((await list('/memos/')).body.recordsTotal).toBe(3);

    const restored = await request(server)
      .post(`/memos/${id('apple pie')}/restore/`)
      .set(ANA)
      .expect(200);
    expect(restored.body).toMatchObject({ id: id('apple pie'), title: 'apple pie', deleted_at: null });
    expect((await list('/memos/')).body.recordsTotal).toBe(4);
    expect((await list('/memos/trash/')).body.recordsTotal).toBe(0);

    const outside = await request(server)
      .post(`/memos/${id('bob apple')}/restore/`)
      .set(ANA)
      .expect(404);
    expect(outside.body.message).toBe(`BinMemo ${id('bob apple')} does not exist`);
    await request(server)
      .post(`/memos/${id('banana bread')}/restore/`)
      .set(ANA)
      .expect(404);
    await request(server).post('/memos/999999/restore/').set(ANA).expect(404);
    await request(server).post('/memos/abc/restore/').set(ANA).expect(400);
    expect(await stored()).toEqual(['apple pie', 'banana bread', 'cherry jam', 'date loaf', 'bob apple (deleted)']);
  });

  it('purges for good under its own permission, in the trash or not, within the scope', async () => {
    await request(server)
      .delete(`/memos/${id('apple pie')}/`)
      .set(ANA)
      .expect(204);
    await request(server)
      .delete(`/memos/${id('apple pie')}/?purge=true`)
      .set(ANA)
      .expect(204);
    await request(server)
      .delete(`/memos/${id('banana bread')}/`)
      .query({ purge: 'true' })
      .set(ANA)
      .expect(204);
    await request(server)
      .delete(`/memos/${id('bob apple')}/?purge=true`)
      .set(ANA)
      .expect(404);
    const refused = await request(server)
      .delete(`/memos/${id('cherry jam')}/?purge=true`)
      .set(DELETER)
      .expect(403);
    expect(refused.body.message).toContain('memos.purge');
    await request(server)
      .delete(`/memos/${id('cherry jam')}/?purge=true`)
      .set(VIEWER)
      .expect(403);
    await request(server)
      .delete(`/memos/${id('cherry jam')}/?purge=true`)
      .expect(401);
    for (const value of ['yes', '1', '']) {
      const bad = await request(server)
        .delete(`/memos/${id('cherry jam')}/`)
        .query({ purge: value })
        .set(ANA)
        .expect(400);
      expect(bad.body.message).toBe('purge must be true or false');
      expect(bad.body.code).toBe('trash.purge-invalid');
    }
    const spanish = await request(server)
      .delete(`/memos/${id('cherry jam')}/?purge=maybe`)
      .set({ ...ANA, 'accept-language': 'es' })
      .expect(400);
    expect(spanish.body.message).toBe('purge debe ser true o false');
    await request(server)
      .delete(`/memos/${id('cherry jam')}/?purge=false`)
      .set(ANA)
      .expect(204);
    expect(await stored()).toEqual(['cherry jam (deleted)', 'date loaf', 'bob apple']);
    // A resource of the same entity that does not name purge: 404 to a purge.
    await request(server)
      .delete(`/kept-memos/${id('date loaf')}/?purge=true`)
      .set(ANA)
      .expect(404);
    expect(await stored()).toEqual(['cherry jam (deleted)', 'date loaf', 'bob apple']);
  });

  it('answers 401 and 403 to the trash and restore as to delete', async () => {
    await request(server)
      .delete(`/memos/${id('apple pie')}/`)
      .set(ANA)
      .expect(204);
    await request(server).get('/memos/trash/').expect(401);
    await request(server).get('/memos/trash/').set(VIEWER).expect(403);
    await request(server)
      .post(`/memos/${id('apple pie')}/restore/`)
      .expect(401);
    await request(server)
      .post(`/memos/${id('apple pie')}/restore/`)
      .set(VIEWER)
      .expect(403);
    await request(server)
      .delete(`/memos/${id('banana bread')}/`)
      .set(VIEWER)
      .expect(403);
    expect(await stored()).toContain('apple pie (deleted)');
    const trash = await list('/memos/trash/', {}, DELETER);
    expect(trash.body.permissions).toEqual({ restore: true, purge: false, bulk: {} });
    expect((await list('/kept-memos/trash/', {}, ANA)).body.permissions).toEqual({
      restore: true,
      purge: false,
      bulk: {},
    });
  });

  it('sends bulk deletes and Editor removes to the trash', async () => {
    const bulk = await request(server).post('/memos/bulk-delete').set(ANA).send({ search: 'a' }).expect(200);
    expect(bulk.body).toEqual({ deleted: 4 });
    expect(await stored()).toEqual([
      'apple pie (deleted)',
      'banana bread (deleted)',
      'cherry jam (deleted)',
      'date loaf (deleted)',
      'bob apple',
    ]);
    expect((await list('/memos/')).body.recordsTotal).toBe(0);
    await request(server)
      .post(`/memos/${id('apple pie')}/restore/`)
      .set(ANA)
      .expect(200);
    await request(server)
      .post('/memos/editor')
      .set(ANA)
      .send({ action: 'remove', data: { [id('apple pie')]: {} } })
      .expect(200);
    expect((await list('/memos/trash/')).body.recordsTotal).toBe(4);
  });

  it('purges records older than the retention on a read of the trash, every scope’s', async () => {
    for (const [title, user] of [
      ['apple pie', ANA],
      ['banana bread', ANA],
      ['bob apple', BOB],
    ] as const) {
      await request(server)
        .delete(`/memos/${id(title)}/`)
        .set(user)
        .expect(204);
    }
    const repository = testApp.dataSource.getRepository(BinMemo);
    const old = new Date(Date.now() - 2 * DAY);
    for (const title of ['apple pie', 'bob apple']) await repository.update({ id: id(title) }, { deleted_at: old });
    expect(titles((await list('/memos/trash/')).body)).toEqual(['banana bread']);
    expect(await stored()).toEqual(['banana bread (deleted)', 'cherry jam', 'date loaf']);
  });

  it('purges old records on a timer too, without a read of the trash', async () => {
    @Controller('fleeting-memos')
    class FleetingMemos extends DataTableResource({
      entity: BinMemo,
      name: 'fleeting-memos',
      permissions: { list: 'memos.use', delete: 'memos.delete' },
      query: (memos) => memos.createQueryBuilder('memo'),
      trash: { retention: 400 },
    }) {}
    const fleeting = await createTestApp(kind, {
      entities: [BinMemo, BinLine],
      imports: [TypeOrmModule.forFeature([BinMemo])],
      controllers: [FleetingMemos],
    });
    try {
      const repository = fleeting.dataSource.getRepository(BinMemo);
      const [memo] = await repository.save([{ title: 'soon gone', owner: 'ana', kind: 'note', pages: 1 }]);
      await request(fleeting.app.getHttpServer() as App)
        .delete(`/fleeting-memos/${memo!.id}/`)
        .set(ANA)
        .expect(204);
      expect(await repository.count({ withDeleted: true })).toBe(1);
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await repository.count({ withDeleted: true })) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await repository.count({ withDeleted: true })).toBe(0);
    } finally {
      await fleeting.close();
    }
  }, 30_000);

  it('keeps hard deletes for an entity without a @DeleteDateColumn, which has no trash routes', async () => {
    const [plain] = await testApp.dataSource.manager.save(PlainMemo, [{ title: 'gone' }]);
    await request(server).get('/plain-memos/trash/').set(ANA).expect(404);
    await request(server).post(`/plain-memos/${plain!.id}/restore/`).set(ANA).expect(404);
    await request(server).delete(`/plain-memos/${plain!.id}/?purge=true`).set(ANA).expect(404);
    await request(server).delete(`/plain-memos/${plain!.id}/`).set(ANA).expect(204);
    expect(await testApp.dataSource.getRepository(PlainMemo).count({ withDeleted: true })).toBe(0);
  });

  it('refuses to start with purge or trash options on an entity without a trash, or a bad retention', async () => {
    @Controller('wrong-purge')
    class WrongPurge extends DataTableResource({
      entity: PlainMemo,
      name: 'wrong-purge',
      permissions: { list: 'a', delete: 'a', purge: 'b' },
      trash: { retention: 'soon' },
    }) {}
    await expect(
      createTestApp(kind, {
        entities: [PlainMemo],
        imports: [TypeOrmModule.forFeature([PlainMemo])],
        controllers: [WrongPurge],
      }),
    ).rejects.toThrow(
      'DataTableResource "wrong-purge": trash.retention must be a positive number of milliseconds or a text such as ' +
        "'30 days' (seconds, minutes, hours, days, weeks); permissions names purge but PlainMemo has no " +
        '@DeleteDateColumn, so it has no trash; trash is set but PlainMemo has no @DeleteDateColumn, so it has no trash',
    );
  });
});
