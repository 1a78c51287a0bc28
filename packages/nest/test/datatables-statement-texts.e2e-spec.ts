import { Controller, Get, Headers } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { statementTexts } from '../src/datatables/sql/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

/** Albums scoped by headers as a user's rights would: a year bound (a parameter), or another condition. */
@Controller('scoped')
class ScopedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable(ALBUM_TABLE)
  list(@Headers('x-min-year') minYear?: string, @Headers('x-max-year') maxYear?: string) {
    const query = this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
    if (minYear) query.where('album.year >= :year', { year: Number(minYear) });
    if (maxYear) query.where('album.year <= :year', { year: Number(maxYear) });
    return query;
  }
}

/**
 * List statements whose SQL text is kept by shape (`withCachedText`): requests of other scopes,
 * scope values and request shapes, sent in turn, each answer what a fresh reading of the rows does.
 */
describeEachDatabase('Statement texts kept between list requests', (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [ScopedAlbumsController],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  const list = async (query: Record<string, string>, headers: Record<string, string> = {}) =>
    (await request(server).get('/scoped/albums').query(query).set(headers).expect(200)).body as {
      data: { id: number; year: number; name: string }[];
      recordsTotal: number;
      recordsFiltered: number;
    };

  /** The ids and counts the request should answer, read with a query of its own. */
  async function expected(scope: (year: number) => boolean, filter: (album: Album) => boolean, limit: number) {
    const albums = (await testApp.dataSource.getRepository(Album).find()).filter((album) => scope(album.year));
    const matching = albums.filter(filter);
    return { total: albums.length, filtered: matching.length, limit: Math.min(limit, matching.length) };
  }

  it('answers every scope, scope value and request shape for itself, in any order', async () => {
    const scopes: [Record<string, string>, (year: number) => boolean][] = [
      [{}, () => true],
      [{ 'x-min-year': '1990' }, (year) => year >= 1990],
      [{ 'x-max-year': '1990' }, (year) => year <= 1990],
      [{ 'x-min-year': '2001' }, (year) => year >= 2001],
    ];
    const shapes: [Record<string, string>, (album: Album) => boolean][] = [
      [{ length: '3' }, () => true],
      [{ length: '3', name__icontains: 'live' }, (album) => album.name.toLowerCase().includes('live')],
      [{ length: '3', name__icontains: 'abba' }, (album) => album.name.toLowerCase().includes('abba')],
      [{ length: '3', year__gte: '1992' }, (album) => album.year >= 1992],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [headers, scope] of round === 0 ? scopes : [...scopes].reverse()) {
        for (const [query, filter] of shapes) {
          const body = await list(query, headers);
          const want = await expected(scope, filter, 3);
          expect([body.recordsTotal, body.recordsFiltered, body.data.length]).toEqual([
            want.total,
            want.filtered,
            want.limit,
          ]);
          for (const album of body.data) {
            expect(scope(album.year)).toBe(true);
            const stored = await testApp.dataSource.getRepository(Album).findOneByOrFail({ id: album.id });
            expect(filter(stored)).toBe(true);
          }
        }
      }
    }
  });

  // Pages in the first half of the rows: the others are read from the end, in a statement of their own.
  it("runs every page of a request's rows as one statement, its LIMIT and OFFSET bound", async () => {
    const all = await testApp.dataSource.getRepository(Album).find({ order: { year: 'ASC', id: 'ASC' } });
    const wanted = all.filter((album) => album.year >= 1980).map((album) => album.id);
    const pageTexts = new Set<string>();
    for (const [start, length] of [
      [0, 3],
      [3, 3],
      [4, 5],
    ] as const) {
      const query = { start: String(start), length: String(length), year__gte: '1980', ordering: 'year' };
      const statements = await counter.during(async () => {
        const body = await list(query);
        expect(body.data.map((album) => album.id)).toEqual(wanted.slice(start, start + length));
      });
      const pages = statements.filter((text) => text.includes('wl_page'));
      expect(pages).toHaveLength(1);
      pageTexts.add(pages[0]!);
    }
    expect([...pageTexts]).toHaveLength(1);
    expect([...pageTexts][0]).not.toMatch(/LIMIT \d/);
  });

  it("runs the pages of an ordering by a relation's rank as one statement, each side cut at the page's end", async () => {
    const ordering = { ordering: 'artist__name' };
    const whole = (await list({ ...ordering, start: '0', length: '6' })).data.map((album) => album.id);
    const pageTexts = new Set<string>();
    const paged: number[] = [];
    for (const start of [0, 3]) {
      const statements = await counter.during(async () => {
        const body = await list({ ...ordering, start: String(start), length: '3' });
        paged.push(...body.data.map((album) => album.id));
      });
      const pages = statements.filter((text) => text.includes('wl_page'));
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('wl_missing');
      pageTexts.add(pages[0]!);
    }
    expect(paged).toEqual(whole);
    expect(whole).toHaveLength(6);
    expect([...pageTexts]).toHaveLength(1);
    expect([...pageTexts][0]).not.toMatch(/LIMIT \d/);
  });

  it('keeps the texts with named parameters, never a request value', async () => {
    await list({ length: '3', name__icontains: 'zqxj' }, { 'x-min-year': '1987' });
    const texts = statementTexts(testApp.dataSource);
    expect(texts.size).toBeGreaterThan(0);
    const kept = texts.keptTexts();
    expect(kept.some((text) => text.includes(':year'))).toBe(true);
    for (const text of kept) {
      expect(text).not.toContain('zqxj');
      expect(text).not.toContain('1987');
    }
  });
});
