// Date-times that a list reads from a request and hands to the database: a keyset cursor's key
// (bound as the database's own text), filter and SearchBuilder values. An offset from UTC that
// PostgreSQL refuses ("time zone displacement out of range": past 15:59, or 60 minutes and more)
// is a 400 naming the parameter on every database, never a driver error.
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { encodeCursor } from '../src/datatables/keyset.cursor.js';
import type { KeyValue } from '../src/datatables/keyset.planner.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { AlbumsController } from './fixtures/albums.controller.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

/** Offsets that PostgreSQL refuses in a time's text, or that no database writes. */
const REFUSED_OFFSETS = ['-23:59:59', '+99:99', '+16:00', '+16', '+10:99', '+00:00:60', '+1559'];
/** Offsets within what every database reads: the widest, and a historical one with seconds. */
const TAKEN_OFFSETS = ['+15:59', '-15:59:59', 'Z', '+00:09:21', '+05:30'];

/** A cursor of the same request with other key values, as a client could make one. */
function withKeys(next: string, keys: readonly KeyValue[]): string {
  const { f } = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as { f: string };
  return encodeCursor(keys, f);
}

function keysOf(next: string): KeyValue[] {
  return (JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as { k: KeyValue[] }).k;
}

describeEachDatabase('Date-time offsets of list requests', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AlbumsController],
      widgetlib: { timezone: 'Europe/Oslo' },
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  it('refuses a cursor whose date-time key carries an offset the database cannot read, naming cursor', async () => {
    const query = { ordering: 'recorded_at', limit: '2' };
    const first = await request(server)
      .get('/albums')
      .query({ ...query, cursor: '' })
      .expect(200);
    const [recorded, id] = keysOf(first.body.next as string);
    const time = String(recorded).replace(/(Z|[+-]\d{2}(:\d{2}){0,2})$/, '');
    const answers: string[] = [];
    for (const offset of [...REFUSED_OFFSETS, ...TAKEN_OFFSETS]) {
      const cursor = withKeys(first.body.next as string, [`${time}${offset}`, id!]);
      const response = await request(server)
        .get('/albums')
        .query({ ...query, cursor });
      answers.push(`${offset}: ${response.status} ${JSON.stringify(response.body.message ?? '')}`);
    }
    const refused = ['cursor holds a value for recorded_at that it cannot have'];
    expect(answers).toEqual([
      ...REFUSED_OFFSETS.map((offset) => `${offset}: 400 ${JSON.stringify(refused)}`),
      ...TAKEN_OFFSETS.map((offset) => `${offset}: 200 ""`),
    ]);
  });

  it('refuses a filter or SearchBuilder date-time with such an offset, naming the parameter', async () => {
    const refused = (name: string, text: string) =>
      `${name}: the offset of ${JSON.stringify(text)} is out of range (from -15:59 to +15:59)`;
    for (const offset of ['+99:99', '-23:59', '+16:00', '+10:99']) {
      const text = `2005-09-12T10:00:00${offset}`;
      const filter = await request(server).get('/albums').query({ recorded_at__gte: text }).expect(400);
      expect(filter.body.message).toEqual([refused('recorded_at__gte', text)]);
      const criteria = [{ condition: '<', origData: 'recorded_at', type: 'moment', value: [text] }];
      const built = await request(server)
        .get('/albums')
        .query({ searchBuilder: JSON.stringify({ criteria, logic: 'AND' }) })
        .expect(400);
      expect(built.body.message).toEqual([refused('searchBuilder[criteria][0]', text)]);
    }
    const taken = await request(server).get('/albums').query({ recorded_at__gte: '2005-09-12T10:00:00-15:59' });
    expect(taken.status).toBe(200);
  });
});
