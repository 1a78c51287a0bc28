// Values that a list reads from a request and hands to the database: a keyset cursor's keys (bound
// as the database's own text or number), filter and SearchBuilder values. What PostgreSQL refuses
// for the column compared (a date-time offset past 15:59, "time zone displacement out of range"; a
// number a `real` or `double precision` column cannot hold, "out of range for type real") is a 400
// naming the parameter on every database, never a driver error.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Column, Entity, PrimaryGeneratedColumn, type DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { encodeCursor } from '../src/datatables/paging/keyset-cursor.format.js';
import type { KeyValue } from '../src/datatables/model/table-request.types.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { AlbumsController } from './fixtures/albums.controller.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

/** Offsets that PostgreSQL refuses in a time's text, or that no database writes. */
const REFUSED_OFFSETS = ['-23:59:59', '+99:99', '+16:00', '+16', '+10:99', '+00:00:60', '+1559'];
/** Offsets within what every database reads: the widest, and a historical one with seconds. */
const TAKEN_OFFSETS = ['+15:59', '-15:59:59', 'Z', '+00:09:21', '+05:30'];

@Entity('fx_reading')
class Reading {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Single precision on PostgreSQL (`real`), a double on MySQL/MariaDB and SQLite. */
  @Column({ type: 'real' })
  single!: number;

  @Column({ type: 'double precision' })
  double!: number;

  @Column({ type: 'decimal', precision: 10, scale: 2 })
  money!: string;
}

@Controller()
class ReadingsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('readings')
  @DataTable({
    orderingFields: ['single', 'double', 'money', 'id'],
    defaultOrdering: ['id'],
    filters: { single: ['gte', 'lte'], double: ['gte'], money: ['gte'] },
  })
  list() {
    return this.dataSource.getRepository(Reading).createQueryBuilder('reading');
  }
}

/** The suite's cursor secret: a client that had it could sign any key values (the cursor's MAC is 43 characters). */
const CURSOR_SECRET = 'the value ranges suite secret, 32+ characters';
const MAC_CHARACTERS = 43;

function cursorBody(next: string): { f: string; k: KeyValue[] } {
  return JSON.parse(Buffer.from(next.slice(0, -MAC_CHARACTERS), 'base64url').toString('utf8')) as {
    f: string;
    k: KeyValue[];
  };
}

/** A cursor of the same request with other key values, signed as the app signs its own. */
function withKeys(next: string, keys: readonly KeyValue[]): string {
  return encodeCursor(keys, cursorBody(next).f, CURSOR_SECRET);
}

function keysOf(next: string): KeyValue[] {
  return cursorBody(next).k;
}

describeEachDatabase('Values of list requests within what the database reads', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Reading],
      controllers: [AlbumsController, ReadingsController],
      widgetlib: { timezone: 'Europe/Oslo', dataTables: { cursorSecret: CURSOR_SECRET } },
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    await testApp.dataSource.getRepository(Reading).save([
      { single: 1.5, double: 2.5, money: '3.50' },
      { single: 2.5, double: 3.5, money: '4.50' },
    ]);
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

  it('refuses a number that a real or double precision column cannot hold, as a filter or a cursor key, naming the parameter', async () => {
    for (const text of ['1e39', '-1e39', '1e-50']) {
      const response = await request(server).get('/readings').query({ single__gte: text }).expect(400);
      expect(response.body.message).toEqual([
        `single__gte is out of the range of a single-precision number, got ${JSON.stringify(text)}`,
      ]);
    }
    const within = await request(server).get('/readings').query({ single__lte: '3e38', double__gte: '1e39' });
    expect(within.status).toBe(200);

    const answers: string[] = [];
    const cases: [string, KeyValue, number][] = [
      ['single', 1e39, 400],
      ['single', 1e-50, 400],
      ['single', 3e38, 200],
      ['double', `1${'0'.repeat(400)}`, 400],
      ['double', `0.${'0'.repeat(400)}1`, 400],
      ['double', 1e300, 200],
      ['money', `1${'0'.repeat(400)}`, 200],
    ];
    for (const [ordering, value, status] of cases) {
      const first = await request(server).get('/readings').query({ ordering, cursor: '', limit: '1' }).expect(200);
      const [, id] = keysOf(first.body.next as string);
      const response = await request(server)
        .get('/readings')
        .query({ ordering, limit: '1', cursor: withKeys(first.body.next as string, [value, id!]) });
      const message = status === 400 ? [`cursor holds a value for ${ordering} that it cannot have`] : undefined;
      if (response.status !== status || JSON.stringify(response.body.message) !== JSON.stringify(message))
        answers.push(
          `${ordering} ${String(value).slice(0, 12)}: ${response.status} ${JSON.stringify(response.body.message)}`,
        );
    }
    expect(answers).toEqual([]);
  });
});
