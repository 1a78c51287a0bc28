// The default count strategy, `cached-total`: recordsFiltered exact on every request, the total of a
// filtered request from the count cache, counted by unfiltered requests and forgotten on the
// library's writes.
import { Controller, Get, Headers, Post } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { In, type DataSource } from 'typeorm';
import {
  BulkSelection,
  DataTable,
  DataTableBulkAction,
  DataTableCounts,
  DataTableResource,
  DEFAULT_HELP_PERMISSIONS,
  Help,
  type BulkReport,
  type BulkRequest,
} from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const BOOKS = asUser({ permissions: Object.values(BOOK_PERMISSIONS) });
const HELP = asUser({ permissions: Object.values(DEFAULT_HELP_PERMISSIONS) });

/**
 * The albums with the default strategy and with `exact`; `x-min-year` scopes the base query, as a
 * user's rights would.
 */
@Controller()
class CountedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private albums(minYear?: string) {
    const query = this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
    return minYear ? query.where('album.year >= :minYear', { minYear: Number(minYear) }) : query;
  }

  @Get('scoped/albums')
  @DataTable(ALBUM_TABLE)
  scoped(@Headers('x-min-year') minYear?: string) {
    return this.albums(minYear);
  }

  @Get('exact/albums')
  @DataTable({ ...ALBUM_TABLE, count: 'exact' })
  exact(@Headers('x-min-year') minYear?: string) {
    return this.albums(minYear);
  }
}

/** A bulk action that takes the selected books out of the books resource's scope (it lists unarchived books). */
@Controller('books-bulk')
class BookArchiveController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('archive')
  @DataTableBulkAction({ searchFields: ['title'] })
  async archive(@BulkSelection() bulk: BulkRequest): Promise<BulkReport> {
    const books = this.dataSource.getRepository(Book).createQueryBuilder('book');
    const selection = await bulk.of(books.where('book.archived = :archived', { archived: false }));
    return selection.forEachBatch((ids, manager) => manager.update(Book, { id: In(ids) }, { archived: true }));
  }
}

@Controller('help-entries')
class HelpEntriesController extends DataTableResource({
  entity: Help,
  name: 'help-entries',
  permissions: { list: DEFAULT_HELP_PERMISSIONS.view },
  dataTable: { searchFields: ['help_title'], filters: { id_view: ['exact'] } },
}) {}

/** The counting statements among `statements`. */
const counts = (statements: string[]) => statements.filter((statement) => /COUNT\(/i.test(statement));

const FILTERED: Array<Record<string, string>> = [
  { search: 'a' },
  { year__gte: '1970', ordering: 'name' },
  { genres__name__icontains: 'o' },
  { name__icontains: 'abba', start: '1' },
];

describeEachDatabase("Data table counts: the default, 'cached-total'", (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher, Help])],
      controllers: [
        AlbumsController,
        CountedAlbumsController,
        BooksController,
        BookArchiveController,
        HelpEntriesController,
      ],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    await testApp.dataSource.getRepository(Publisher).save({ name: 'Faber' });
  });

  afterAll(() => testApp.close());

  const list = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    request(server).get(path).query(query).set(headers).expect(200);
  /** The answer to `path` and the counting statements it ran. */
  const counted = async (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    let body: Record<string, unknown> = {};
    const statements = await counter.during(async () => (body = (await list(path, query, headers)).body));
    return { body, counts: counts(statements).length };
  };
  const exactCount = (minYear = 0) =>
    testApp.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .where('album.year >= :minYear', { minYear })
      .getCount();

  it('answers what count: exact answers, with no counts marker', async () => {
    for (const query of [{}, ...FILTERED]) {
      const exact = (await list('/exact/albums', query)).body;
      expect(exact.counts).toBeUndefined();
      expect({ query, body: (await list('/scoped/albums', query)).body }).toEqual({ query, body: exact });
    }
  });

  it('counts only the filtered rows once the total is cached; an unfiltered request counts its one count', async () => {
    const total = await exactCount();
    expect(await counted('/scoped/albums')).toMatchObject({ counts: 1, body: { recordsTotal: total } });
    for (const query of FILTERED) {
      const { body, counts: made } = await counted('/scoped/albums', query);
      expect({ query, made, recordsTotal: body.recordsTotal }).toEqual({ query, made: 1, recordsTotal: total });
    }
    expect(await counted('/scoped/albums')).toMatchObject({ counts: 1, body: { recordsTotal: total } });
  });

  it("with count: 'exact' counts both on every filtered request", async () => {
    for (const query of [...FILTERED, ...FILTERED]) expect((await counted('/exact/albums', query)).counts).toBe(2);
    expect((await counted('/exact/albums')).counts).toBe(1);
  });

  it('never answers the total of one scope or parameter for another', async () => {
    const filter = { name__icontains: 'e' };
    for (const minYear of ['1990', '1975', '1990', '2000']) {
      const { body } = await counted('/scoped/albums', filter, { 'x-min-year': minYear });
      expect({ minYear, recordsTotal: body.recordsTotal }).toEqual({
        minYear,
        recordsTotal: await exactCount(Number(minYear)),
      });
    }
    expect((await counted('/scoped/albums', filter)).body.recordsTotal).toBe(await exactCount());
  });

  it('counts the total of a filtered request that finds none cached, then reads it', async () => {
    const scope = { 'x-min-year': '1981' };
    expect((await counted('/scoped/albums', { year__lte: '1999' }, scope)).counts).toBe(2);
    const again = await counted('/scoped/albums', { year__lte: '1995' }, scope);
    expect(again).toMatchObject({ counts: 1, body: { recordsTotal: await exactCount(1981) } });
  });

  it("shows the library's writes in the total at once: resource routes and bulk actions", async () => {
    const filter = { pages__gte: '1' };
    await counted('/books/', {}, BOOKS);
    const before = (await counted('/books/', filter, BOOKS)).body.recordsTotal as number;
    const created = await request(server)
      .post('/books/')
      .set(BOOKS)
      .send({ title: 'Ulysses', pages: 730, publisher_id: 1 })
      .expect(201);
    const afterCreate = await counted('/books/', filter, BOOKS);
    expect(afterCreate).toMatchObject({ counts: 2, body: { recordsTotal: before + 1 } });
    await request(server).post('/books/').set(BOOKS).send({ title: 'Dubliners', pages: 152, publisher_id: 1 });
    expect((await counted('/books/', filter, BOOKS)).body.recordsTotal).toBe(before + 2);
    await request(server).post('/books-bulk/archive').send({ search: 'Dubliners' }).expect(200);
    expect((await counted('/books/', filter, BOOKS)).body.recordsTotal).toBe(before + 1);
    await request(server).delete(`/books/${created.body.id}`).set(BOOKS).expect(204);
    expect((await counted('/books/', filter, BOOKS)).body.recordsTotal).toBe(before);
  });

  it("shows help writes in the total at once: the help API's create and delete, and an import", async () => {
    const filter = { id_view: 'albums:edit' };
    const total = async () => (await counted('/help-entries/', filter, HELP)).body.recordsTotal;
    await counted('/help-entries/', {}, HELP);
    const before = (await total()) as number;
    const entry = { id_view: 'albums:edit', question_name: 'rank', help_title: 'Rank' };
    const created = await request(server).post('/help/').set(HELP).send(entry).expect(201);
    expect(await total()).toBe(before + 1);
    const file = { format: 'widgetlib-help', schemaVersion: 1, exportedAt: '2026-01-01T00:00:00.000Z' };
    const imported = { ...entry, question_name: 'year', help_title: 'Year' };
    await request(server)
      .post('/help/import/')
      .set(HELP)
      .send({ ...file, entries: [imported] })
      .expect(200);
    expect(await total()).toBe(before + 2);
    await request(server).delete(`/help/${created.body.id}/`).set(HELP).expect(204);
    expect(await total()).toBe(before + 1);
  });

  it("shows a host's own write in recordsFiltered at once, in the total after invalidate() or an unfiltered count", async () => {
    const albums = testApp.dataSource.getRepository(Album);
    const filter = { name__icontains: 'Total Test' };
    await counted('/scoped/albums');
    const before = await exactCount();
    const added = await albums.save(
      albums.create({
        name: 'Total Test',
        year: 2001,
        rank: 1,
        released: '2001-01-01',
        recorded_at: new Date('2001-01-01T00:00:00Z'),
        is_live: false,
        sales: null,
      }),
    );
    try {
      expect((await counted('/scoped/albums', filter)).body).toMatchObject({
        recordsFiltered: 1,
        recordsTotal: before,
      });
      expect((await counted('/scoped/albums')).body.recordsTotal).toBe(before + 1);
      expect(await counted('/scoped/albums', filter)).toMatchObject({
        counts: 1,
        body: { recordsFiltered: 1, recordsTotal: before + 1 },
      });
      await albums.delete(added.id);
      expect((await counted('/scoped/albums', filter)).body).toMatchObject({
        recordsFiltered: 0,
        recordsTotal: before + 1,
      });
      await testApp.app.get(DataTableCounts).invalidate(Album);
      expect((await counted('/scoped/albums', filter)).body).toMatchObject({
        recordsFiltered: 0,
        recordsTotal: before,
      });
    } finally {
      await albums.delete(added.id);
    }
  });
});
