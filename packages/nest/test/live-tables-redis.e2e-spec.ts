import { randomUUID } from 'node:crypto';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { LiveItem, LiveItemsController, MyLiveItemsController } from './fixtures/live-tables.fixture.js';
import { openEventStream, type EventStreamReader } from './fixtures/event-stream.reader.js';

const REDIS_URL = process.env.WIDGETLIB_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ALICE = asUser({ name: 'alice', permissions: ['items.mine'] });

describeEachDatabase('Live tables on two instances sharing Redis', (kind) => {
  let one: TestApp;
  let two: TestApp;
  const open: EventStreamReader[] = [];

  const instance = async (channel: string, connection?: TestApp) => {
    const testApp = await createTestApp(kind, {
      entities: [LiveItem],
      imports: [TypeOrmModule.forFeature([LiveItem])],
      controllers: [LiveItemsController, MyLiveItemsController],
      widgetlib: { live: { interval: 20, redisUrl: REDIS_URL, channel } },
      // Both instances use one database, as behind a load balancer.
      ...(connection ? { connection: () => connection.database.options } : {}),
    });
    await testApp.app.listen(0, '127.0.0.1');
    return testApp;
  };
  const streamOf = async (testApp: TestApp, tables: string) => {
    const port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    const reader = await openEventStream(`http://127.0.0.1:${port}/live/?tables=${tables}`, ALICE);
    open.push(reader);
    expect(reader.status).toBe(200);
    await reader.next('ready');
    return reader;
  };

  beforeAll(async () => {
    // A channel of this run only: other suites share the server.
    const channel = `widgetlib-test:${randomUUID()}`;
    one = await instance(channel);
    two = await instance(channel, kind === 'sqlite' ? undefined : one);
  });

  afterEach(() => {
    for (const reader of open.splice(0)) reader.close();
  });

  afterAll(async () => {
    await two?.app.close();
    if (kind === 'sqlite') await two?.database.drop();
    await one?.close();
  });

  it("brings a write on one instance to the other's streams, with keys only to an unscoped table", async () => {
    const whole = await streamOf(two, 'live-items');
    const mine = await streamOf(two, 'my-live-items');
    const { body } = await request(one.app.getHttpServer() as App)
      .post('/live-items/')
      .set(ALICE)
      .send({ title: 'from one', owner: 'bob' })
      .expect(201);
    expect((await whole.next('change')).data).toEqual({ table: 'live-items', kind: 'created', keys: [body.id] });
    expect((await mine.next('change')).data).toEqual({ table: 'my-live-items', kind: 'changed' });
  });

  it('tells its own streams once, not again through Redis', async () => {
    const local = await streamOf(one, 'live-items');
    await request(one.app.getHttpServer() as App)
      .post('/live-items/')
      .set(ALICE)
      .send({ title: 'once', owner: 'alice' })
      .expect(201);
    await local.next('change');
    expect(await local.quiet('change', 300)).toBe(true);
  });
});
