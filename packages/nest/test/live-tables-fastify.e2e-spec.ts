// The live stream on Fastify: the same answers as on Express (live-tables.e2e-spec), through
// Fastify's reply, with the stream's headers sent at once and a closed stream counted out.
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { LiveItem, LiveItemsController, MyLiveItemsController } from './fixtures/live-tables.fixture.js';
import { liveStreamOpener, openEventStream } from './fixtures/event-stream.reader.js';

const ALICE = asUser({ name: 'alice', permissions: ['items.mine'] });
const BOB = asUser({ name: 'bob', permissions: ['items.mine'] });

describeEachDatabase('Live tables on Fastify', (kind) => {
  let testApp: TestApp;
  let server: App;
  let base: string;
  const { stream, ready, closeAll } = liveStreamOpener(() => base, ALICE);

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      platform: 'fastify',
      entities: [LiveItem],
      imports: [TypeOrmModule.forFeature([LiveItem])],
      controllers: [LiveItemsController, MyLiveItemsController],
      widgetlib: { live: { interval: 20, maxStreamsPerUser: 2 } },
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

  it('sends the headers and `ready` at once, with the headers that keep proxies from buffering or caching', async () => {
    const opened = Date.now();
    const alice = await ready('tables=live-items');
    expect(Date.now() - opened).toBeLessThan(1000);
    expect(alice.headers).toMatchObject({
      'content-type': 'text/event-stream',
      'x-accel-buffering': 'no',
      'cache-control': expect.stringContaining('no-cache'),
    });
    expect(alice.events.map((event) => event.type)).toEqual(['ready']);
  });

  it("tells a stream a write's kind and keys, and a scoped table only that it changed", async () => {
    const alice = await ready('tables=live-items,my-live-items');
    const { body } = await request(server).post('/live-items/').set(BOB).send({ title: 'on fastify', owner: 'bob' });
    expect(body).toMatchObject({ title: 'on fastify' });
    const changes = [(await alice.next('change')).data, (await alice.next('change')).data];
    expect(changes).toEqual(
      expect.arrayContaining([
        { table: 'live-items', kind: 'created', keys: [body.id] },
        { table: 'my-live-items', kind: 'changed' },
      ]),
    );
    expect(JSON.stringify(alice.events)).not.toContain('on fastify');
  });

  it('answers 401 without a user, one 400 naming every problem, 404 for an unknown table', async () => {
    expect((await stream('tables=live-items', {})).status).toBe(401);
    const bad = await stream('tables=a%20b&colour=red');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: ['"colour" is not a parameter of the stream', expect.stringContaining('tables must be ids')],
    });
    expect((await stream('tables=nope')).status).toBe(404);
  });

  it('refuses a user a stream past the most allowed (429), and counts out a stream whose client left', async () => {
    const first = await ready('tables=live-items', BOB);
    await ready('tables=live-items', BOB);
    const refused = await stream('tables=live-items', BOB);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, message: 'At most 2 live streams per user may be open' });
    first.close();
    // Fastify's reply tells the stream its client left; then the user may open one again.
    const until = Date.now() + 3000;
    let again = await stream('tables=live-items', BOB);
    while (again.status === 429 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await stream('tables=live-items', BOB);
    }
    expect(again.status).toBe(200);
    await again.next('ready');
  });

  it('replays what a stream missed after its Last-Event-ID', async () => {
    const alice = await ready('tables=live-items');
    const { body } = await request(server).post('/live-items/').set(BOB).send({ title: 'one', owner: 'bob' });
    const seen = await alice.next('change');
    alice.close();
    await request(server).put(`/live-items/${body.id}/`).set(BOB).send({ title: 'two' }).expect(200);
    const resumed = await stream('tables=live-items', { ...ALICE, 'last-event-id': seen.id! });
    expect((await resumed.next('change')).data).toEqual({ table: 'live-items', kind: 'updated', keys: [body.id] });
    await resumed.next('ready');
  });
});

it('lets a Fastify app stop while a stream is open: the stream ends, the server does not wait for it', async () => {
  const testApp = await createTestApp('sqlite', {
    platform: 'fastify',
    entities: [LiveItem],
    imports: [TypeOrmModule.forFeature([LiveItem])],
    controllers: [LiveItemsController],
  });
  await testApp.app.listen(0, '127.0.0.1');
  const port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  const reader = await openEventStream(`http://127.0.0.1:${port}/live/?tables=live-items`, ALICE);
  await reader.next('ready');
  const stopping = Date.now();
  await testApp.close();
  expect(Date.now() - stopping).toBeLessThan(3000);
  reader.close();
});
