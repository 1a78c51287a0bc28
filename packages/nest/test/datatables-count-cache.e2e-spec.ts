import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CacheModule } from '@nestjs/cache-manager';
import { Controller, Get, Headers } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { Keyv } from 'keyv';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { DataTable, DataTableCounts, DataTableResource } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { BOOK_PERMISSIONS, BOOK_RESOURCE, Book, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

// Long enough for a list, a write and a second list on a loaded machine; short enough to wait out.
const TTL_MS = 3_000;
const EVERYTHING = asUser({ permissions: Object.values(BOOK_PERMISSIONS) });
const READER = asUser({ permissions: [BOOK_PERMISSIONS.list] });

/** The fixture's albums with cached counts; `x-min-year` scopes the base query as a user's rights would. */
@Controller('cached')
class CachedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, count: 'cached', countTtl: TTL_MS })
  list(@Headers('x-min-year') minYear?: string) {
    const query = this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
    return minYear ? query.where('album.year >= :minYear', { minYear: Number(minYear) }) : query;
  }
}

/** The same list counted exactly on every request: what the cached counts must equal. */
@Controller('exact')
class ExactAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, count: 'exact' })
  list() {
    return this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
  }
}

@Controller('cached-books')
class CachedBooksController extends DataTableResource({
  ...BOOK_RESOURCE,
  dataTable: { ...BOOK_RESOURCE.dataTable, count: 'cached', countTtl: 60_000 },
}) {}

const QUERIES: Array<Record<string, string>> = [
  {},
  { search: 'a' },
  { year__gte: '1970', ordering: 'name' },
  { genres__name__icontains: 'o' },
  { name__icontains: 'abba', start: '1' },
];

/** The counting statements among `statements`. */
const counts = (statements: string[]) => statements.filter((statement) => /COUNT\(/i.test(statement));

describeEachDatabase('Data table counts: cached', (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher])],
      controllers: [CachedAlbumsController, ExactAlbumsController, CachedBooksController],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    await testApp.dataSource.getRepository(Publisher).save({ name: 'Faber' });
  });

  afterAll(() => testApp.close());

  const list = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    request(server).get(path).query(query).set(headers).expect(200);

  it('answers exactly what the uncached endpoint answers, the second time without counting', async () => {
    for (const query of QUERIES) {
      const exact = (await list('/exact/albums', query)).body;
      const first = await counter.during(async () => expect((await list('/cached/albums', query)).body).toEqual(exact));
      expect(counts(first).length).toBeGreaterThan(0);
      const second = await counter.during(async () =>
        expect((await list('/cached/albums', query)).body).toEqual(exact),
      );
      expect(counts(second)).toEqual([]);
    }
  });

  it('counts once while paging through one filtered result', async () => {
    const filters = { year__gte: '1960', name__icontains: 'e' };
    const statements = await counter.during(async () => {
      for (const start of ['0', '5', '10', '15']) await list('/cached/albums', { ...filters, start });
    });
    expect(counts(statements).length).toBeLessThanOrEqual(2);
  });

  it('never answers a count of one scope for another', async () => {
    const all = (await list('/cached/albums')).body.recordsTotal;
    const recent = (await list('/cached/albums', {}, { 'x-min-year': '1990' })).body.recordsTotal;
    const exactRecent = await testApp.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .where('album.year >= 1990')
      .getCount();
    expect(recent).toBe(exactRecent);
    expect(all).not.toBe(recent);
    expect((await list('/cached/albums')).body.recordsTotal).toBe(all);
  });

  it("forgets the counts on the library's own writes at once", async () => {
    const before = (await list('/cached-books/', {}, READER)).body;
    const created = await request(server)
      .post('/cached-books/')
      .set(EVERYTHING)
      .send({ title: 'Ulysses', pages: 730, publisher_id: 1 })
      .expect(201);
    expect((await list('/cached-books/', {}, READER)).body.recordsTotal).toBe(before.recordsTotal + 1);
    await request(server).delete(`/cached-books/${created.body.id}`).set(EVERYTHING).expect(204);
    expect((await list('/cached-books/', {}, READER)).body.recordsTotal).toBe(before.recordsTotal);
  });

  it("keeps a count over a host's own write until invalidate() or the time to live", async () => {
    const albums = testApp.dataSource.getRepository(Album);
    const before = (await list('/cached/albums')).body.recordsTotal;
    const added = await albums.save(
      albums.create({
        name: 'Cache Test',
        year: 2001,
        rank: 1,
        released: '2001-01-01',
        recorded_at: new Date('2001-01-01T00:00:00Z'),
        is_live: false,
        sales: null,
      }),
    );
    try {
      expect((await list('/cached/albums')).body.recordsTotal).toBe(before);
      await testApp.app.get(DataTableCounts).invalidate(Album);
      expect((await list('/cached/albums')).body.recordsTotal).toBe(before + 1);
      await albums.delete(added.id);
      expect((await list('/cached/albums')).body.recordsTotal).toBe(before + 1);
      await sleep(TTL_MS + 100);
      expect((await list('/cached/albums')).body.recordsTotal).toBe(before);
    } finally {
      await albums.delete(added.id);
    }
  });
});

describeEachDatabase("Data table counts: cached in the host's CacheModule store", (kind) => {
  const store = new Keyv();
  const apps: TestApp[] = [];
  // Two instances need one database: for SQLite, a file rather than memory.
  const directory = kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'widgetlib-counts-')) : null;
  const shared = (options: DataSourceOptions): DataSourceOptions =>
    directory ? { type: 'better-sqlite3', database: join(directory, 'counts.sqlite') } : options;

  beforeAll(async () => {
    const first = await createTestApp(kind, {
      connection: shared,
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher]), CacheModule.register({ isGlobal: true, stores: [store] })],
      controllers: [CachedBooksController],
    });
    apps.push(first);
    await first.dataSource.getRepository(Publisher).save({ name: 'Faber' });
    // A second instance of the app on the same database and the same cache store.
    const second = await createTestApp(kind, {
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher]), CacheModule.register({ isGlobal: true, stores: [store] })],
      controllers: [CachedBooksController],
      connection: () => shared(first.database.options),
    });
    apps.push(second);
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.app.close();
    await apps[0]?.database.drop();
    await apps[1]?.database.drop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("keeps the counts in the host's store, where a write through one instance reaches the other", async () => {
    const [one, two] = apps.map((app) => app.app.getHttpServer() as App);
    const before = (await request(two!).get('/cached-books/').set(READER).expect(200)).body.recordsTotal;
    expect([...(store as unknown as { store: Map<string, unknown> }).store.keys()].length).toBeGreaterThan(0);
    await request(one!)
      .post('/cached-books/')
      .set(EVERYTHING)
      .send({ title: 'Dubliners', pages: 152, publisher_id: 1 })
      .expect(201);
    expect((await request(two!).get('/cached-books/').set(READER).expect(200)).body.recordsTotal).toBe(before + 1);
  });
});
