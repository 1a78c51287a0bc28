import { TypeOrmModule } from '@nestjs/typeorm';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataTableChanges } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import {
  HostLiveItemsController,
  LiveItem,
  LiveItemsController,
  MyLiveItemsController,
} from './fixtures/live-tables.fixture.js';
import { liveStreamOpener } from './fixtures/event-stream.reader.js';

const ALICE = asUser({ name: 'alice', permissions: ['items.mine'] });
const BOB = asUser({ name: 'bob', permissions: ['items.mine'] });

describeEachDatabase('Live tables', (kind) => {
  let testApp: TestApp;
  let server: App;
  let base: string;
  const { stream, ready, closeAll } = liveStreamOpener(() => base, ALICE);

  const create = async (title: string, owner = 'bob'): Promise<number> =>
    (await request(server).post('/live-items/').set(BOB).send({ title, owner }).expect(201)).body.id as number;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [LiveItem],
      imports: [TypeOrmModule.forFeature([LiveItem])],
      controllers: [LiveItemsController, MyLiveItemsController, HostLiveItemsController],
      widgetlib: { live: { interval: 50, maxStreamsPerUser: 2 } },
    });
    await testApp.app.listen(0, '127.0.0.1');
    server = testApp.app.getHttpServer() as App;
    base = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await closeAll();
    await testApp.dataSource.getRepository(LiveItem).clear();
  });

  afterAll(() => testApp.close());

  it('tells the list of a live table where its stream is', async () => {
    const { body } = await request(server).get('/live-items/').set(ALICE).expect(200);
    expect(body.live).toEqual({ table: 'live-items', stream: '/live/', key: 'id' });
  });

  it('refuses a stream without a user as the list does (401)', async () => {
    await request(server).get('/live-items/').expect(401);
    const refused = await stream('tables=live-items', {});
    expect(refused.status).toBe(401);
  });

  it('answers one 400 naming every problem of the request, 404 for an unknown table, 403 without the list permission', async () => {
    const bad = await stream('tables=a%20b&colour=red');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: ['"colour" is not a parameter of the stream', expect.stringContaining('tables must be ids')],
    });
    expect((await stream('tables=nope,live-items')).status).toBe(404);
    const forbidden = await stream('tables=my-live-items', asUser({ name: 'carol' }));
    expect(forbidden.status).toBe(403);
  });

  it('tells an unscoped subscriber the kind and keys of every write through the resource routes', async () => {
    const alice = await ready('tables=live-items');
    const id = await create('first');
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'created', keys: [id] });
    await request(server).put(`/live-items/${id}/`).set(BOB).send({ title: 'changed' }).expect(200);
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'updated', keys: [id] });
    await request(server).delete(`/live-items/${id}/`).set(BOB).expect(204);
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'deleted', keys: [id] });
  });

  it('tells it the writes of Editor, of a bulk action and of the exported service, and carries no row data', async () => {
    const alice = await ready('tables=live-items');
    const [a, b] = [await create('a'), await create('b')];
    // The two creations may come in one event or two.
    const created = new Set<number>();
    while (!created.has(a) || !created.has(b)) {
      for (const key of ((await alice.next('change')).data as { keys: number[] }).keys) created.add(key);
    }
    await request(server)
      .post('/live-items/editor')
      .set(BOB)
      .send({ action: 'edit', data: { [a]: { title: 'edited' } } })
      .expect(200);
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'updated', keys: [a] });
    await testApp.app.get(DataTableChanges).published(LiveItem, [b], 'updated');
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'updated', keys: [b] });
    await request(server).post('/live-items/bulk-delete').set(BOB).send({ all: 'true' }).expect(200);
    const deleted = await alice.next('change');
    expect(deleted.data).toMatchObject({ table: 'live-items', kind: 'deleted' });
    expect([...(deleted.data as { keys: number[] }).keys].sort()).toEqual([a, b].sort());
    expect(JSON.stringify(alice.events)).not.toMatch(/edited|"title"/);
  });

  it('gathers the notices of one table within the interval into one event', async () => {
    const alice = await ready('tables=live-items');
    const changes = testApp.app.get(DataTableChanges);
    await changes.published(LiveItem, [1], 'updated');
    await changes.published(LiveItem, [2], 'created');
    expect((await alice.next('change')).data).toEqual({ table: 'live-items', kind: 'changed', keys: [1, 2] });
    expect(await alice.quiet('change', 200)).toBe(true);
  });

  it('tells a scoped subscriber, and a host handler’s, a bare "changed": no key, no kind', async () => {
    const alice = await ready('tables=my-live-items,host-live-items');
    const id = await create('bob private', 'bob');
    const notices = [(await alice.next('change')).data, (await alice.next('change')).data];
    expect(notices).toEqual(
      expect.arrayContaining([
        { table: 'my-live-items', kind: 'changed' },
        { table: 'host-live-items', kind: 'changed' },
      ]),
    );
    expect(JSON.stringify(alice.events.map((event) => event.data))).not.toMatch(new RegExp(`"keys"|created|${id}\\b`));
  });

  it('refuses a user a stream past the most allowed (429), and counts a closed one out', async () => {
    const first = await ready('tables=live-items', BOB);
    await ready('tables=live-items', BOB);
    const refused = await stream('tables=live-items', BOB);
    expect(refused.status).toBe(429);
    expect((await stream('tables=live-items', ALICE)).status).toBe(200);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ready('tables=live-items', BOB);
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, and reloads an id it cannot resume', async () => {
    const alice = await ready('tables=live-items');
    const id = await create('one');
    const seen = await alice.next('change');
    alice.close();
    await request(server).put(`/live-items/${id}/`).set(BOB).send({ title: 'two' }).expect(200);
    const resumed = await stream('tables=live-items', { ...ALICE, 'last-event-id': seen.id! });
    expect((await resumed.next('change')).data).toEqual({ table: 'live-items', kind: 'updated', keys: [id] });
    await resumed.next('ready');
    const restarted = await stream('tables=live-items&last_event_id=0123abcd-7', ALICE);
    expect((await restarted.next('reload')).data).toEqual({});
  });
});
