import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const CAP = 4;

/** The albums endpoints of the fixture again, counting at most CAP rows. */
@Controller('capped')
class CappedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, count: 'capped', countCap: CAP })
  list() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }

  @Get('albums-with-genres')
  @DataTable({ ...ALBUM_TABLE, count: 'capped', countCap: CAP })
  listWithGenres() {
    return this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
  }
}

/** Requests whose exact counts fall below, at and above the cap. */
const QUERIES: Array<Record<string, string>> = [
  {},
  { search: 'blue' },
  { year__gte: '1970' },
  { name__icontains: 'blues' },
  { genres__name__icontains: 'a', ordering: 'name' },
  { name__icontains: 'abba' },
  { name__icontains: 'zzz-no-such-album' },
  { is_live: 'true', start: '2' },
];

describeEachDatabase('Data table counts: capped', (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AlbumsController, CappedAlbumsController],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  const kindOf = (exact: number) => (exact > CAP ? 'capped' : 'exact');

  it.each(['albums', 'albums-with-genres'])(
    '%s: each count is the exact one up to the cap and the cap past it, said in counts; rows unchanged',
    async (endpoint) => {
      for (const query of QUERIES) {
        const exact = (await request(server).get(`/${endpoint}`).query(query).expect(200)).body;
        const capped = (await request(server).get(`/capped/${endpoint}`).query(query).expect(200)).body;
        expect(exact.counts).toBeUndefined();
        const expected = {
          ...exact,
          recordsTotal: Math.min(exact.recordsTotal, CAP),
          recordsFiltered: Math.min(exact.recordsFiltered, CAP),
        };
        const kinds = { recordsTotal: kindOf(exact.recordsTotal), recordsFiltered: kindOf(exact.recordsFiltered) };
        if (kinds.recordsTotal !== 'exact' || kinds.recordsFiltered !== 'exact') expected.counts = kinds;
        expect({ query, body: capped }).toEqual({ query, body: expected });
      }
    },
  );

  it('answers a filtered request above the cap with both counts capped, and one below it exactly', async () => {
    const above = (await request(server).get('/capped/albums').query({ year__gte: '1900' }).expect(200)).body;
    expect(above).toMatchObject({
      recordsTotal: CAP,
      recordsFiltered: CAP,
      counts: { recordsTotal: 'capped', recordsFiltered: 'capped' },
    });
    const below = (await request(server).get('/capped/albums').query({ search: 'zebra' }).expect(200)).body;
    expect(below).toMatchObject({
      recordsTotal: CAP,
      recordsFiltered: 1,
      counts: { recordsTotal: 'capped', recordsFiltered: 'exact' },
    });
  });

  it('still runs at most three statements per request', async () => {
    const statements = await counter.during(() =>
      request(server).get('/capped/albums-with-genres').query({ search: 'a', year__gte: '1960' }).expect(200),
    );
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});
