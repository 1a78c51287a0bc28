import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { REVERSED_READ_MIN_OFFSET } from '../src/datatables/paging/index.js';
import { Album, ALBUM_ENTITIES, Artist, Genre } from './fixtures/album.entities.js';
import { ARTISTS, GENRES, type StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer } from './fixtures/album-table.reference.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { pageOffset, StatementCounter } from './fixtures/statement-counter.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const TIMEZONE = 'Europe/Oslo';
/** Albums of the suite: past the offset from which a page may be read from the end, with room past its middle. */
const ALBUM_COUNT = 1_500;
const HOST_MAX_OFFSET = 1_000;
const DEEP_TABLE = { ...ALBUM_TABLE, maxPageSize: 100 };
const NAMES = ['Takk', 'TAKK', 'takk', 'Déjà vu à la carte', 'DÉJÀ VU À LA CARTE', 'déjà vu à la carte', 'Zoë'];

@Controller()
class DeepAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private albums() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }

  @Get('deep-albums')
  @DataTable(DEEP_TABLE)
  list() {
    return this.albums().leftJoinAndSelect('album.artist', 'artist');
  }

  /** A to-many join loaded with the page. */
  @Get('deep-albums-with-genres')
  @DataTable(DEEP_TABLE)
  listWithGenres() {
    return this.albums().leftJoinAndSelect('album.artist', 'artist').leftJoinAndSelect('album.genres', 'genre');
  }

  @Get('deep-albums-limited')
  @DataTable({ ...DEEP_TABLE, limits: { maxOffset: HOST_MAX_OFFSET } })
  listLimited() {
    return this.albums();
  }

  @Get('deep-albums-capped')
  @DataTable({ ...DEEP_TABLE, count: 'capped', countCap: 100 })
  listCapped() {
    return this.albums();
  }
}

/** Stores ALBUM_COUNT albums whose names, sales, years and artists tie often, some without sales or artist. */
async function seedManyAlbums(dataSource: DataSource): Promise<StoredAlbum[]> {
  const artists = await dataSource.getRepository(Artist).save(ARTISTS.map((artist) => ({ ...artist })));
  const genres = await dataSource.getRepository(Genre).save(GENRES.map((name) => ({ name })));
  const rows = Array.from({ length: ALBUM_COUNT }, (_, index) => ({
    name: `${NAMES[index % NAMES.length]!} ${index % 40}`,
    rank: index % 5,
    year: 1990 + (index % 30),
    released: `20${String(10 + (index % 20))}-01-0${1 + (index % 9)}`,
    recorded_at: new Date(Date.UTC(2000, 0, 1 + (index % 50))),
    is_live: index % 2 === 0,
    sales: index % 6 === 0 ? null : (index % 13) * 100,
    artist: index % 9 === 0 ? null : artists[index % artists.length]!,
  }));
  for (let start = 0; start < rows.length; start += 250) {
    await dataSource
      .createQueryBuilder()
      .insert()
      .into(Album)
      .values(rows.slice(start, start + 250))
      .execute();
  }
  const stored = await dataSource.getRepository(Album).find({ relations: { artist: true }, order: { id: 'ASC' } });
  const albumGenres = new Map<number, Genre[]>();
  for (const album of stored.filter((_, index) => index % 10 === 0)) {
    const chosen = genres.filter((_, index) => (album.id + index) % 3 === 0);
    await dataSource.createQueryBuilder().relation(Album, 'genres').of(album.id).add(chosen);
    albumGenres.set(album.id, chosen);
  }
  return stored.map((album) => storedAlbum(album, albumGenres.get(album.id) ?? []));
}

/** An album as the reference model reads it. */
function storedAlbum(album: Album, genres: readonly Genre[]): StoredAlbum {
  return {
    name: album.name,
    rank: album.rank,
    year: album.year,
    released: album.released,
    recorded_at: album.recorded_at.toISOString(),
    is_live: album.is_live,
    sales: album.sales,
    id: album.id,
    artist: album.artist ? { id: album.artist.id, name: album.artist.name, country: album.artist.country } : null,
    genres: genres.map((genre) => ({ id: genre.id, name: genre.name })),
  };
}

/** The directions of a page statement's ORDER BY keys: the ids' (inner) and the page's own (outer). */
function directions(statement: string): { inner: string[]; outer: string[] } {
  const inner: string[] = [];
  const outer: string[] = [];
  for (const match of statement.matchAll(/([`"]wl_page[`"]\.)?[`"](wl_o\d+|wl_pk)[`"] (ASC|DESC)/g)) {
    (match[1] ? outer : inner).push(`${match[2]} ${match[3]}`);
  }
  return { inner, outer };
}

const turned = (keys: string[]) =>
  keys.map((key) => (key.endsWith(' ASC') ? key.replace(/ ASC$/, ' DESC') : key.replace(/ DESC$/, ' ASC')));

describeEachDatabase('Deep offset pages', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [DeepAlbumsController],
      typeormLogger: counter,
      widgetlib: { timezone: TIMEZONE },
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedManyAlbums(testApp.dataSource);
  }, 120_000);

  afterAll(() => testApp.close());

  /** The answer to `query` on `path`, and its page statement (the one that reads `wl_page`; null when none ran). */
  async function list(path: string, query: Record<string, string>) {
    let response!: request.Response;
    const statements = await counter.loggedDuring(async () => {
      response = await request(server).get(path).query(query);
    });
    const pages = statements.filter((statement) => statement.query.includes('wl_page'));
    expect(pages.length).toBeLessThanOrEqual(1);
    return { response, page: pages[0]?.query ?? null, skipped: pages[0] ? pageOffset(pages[0]) : null };
  }

  function expected(ordering: string[], search: string | undefined, offset: number, limit: number) {
    return referenceAnswer(
      albums,
      { ordering, search, filters: [], offset, limit },
      { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE },
    );
  }

  it('answers the last page, a partial last page and a page past the middle as the reference, read from the end', async () => {
    for (const path of ['/deep-albums', '/deep-albums-with-genres']) {
      for (const ordering of [['-sales', 'name'], ['artist__name', '-year'], ['name'], []]) {
        for (const search of [undefined, 'a']) {
          const filtered = expected(ordering, search, 0, 0).recordsFiltered;
          // Deep enough that the last pages wait for the count (the search keeps most albums).
          expect(filtered).toBeGreaterThan(REVERSED_READ_MIN_OFFSET + 50);
          const starts = [filtered - 50, filtered - 20, Math.ceil(filtered * 0.7)];
          const forward = await list(path, {
            ...(search ? { search } : {}),
            ...(ordering.length ? { ordering: ordering.join(',') } : {}),
            start: '0',
            length: '50',
          });
          for (const start of starts.filter((each) => each >= REVERSED_READ_MIN_OFFSET)) {
            const query = {
              ...(search ? { search } : {}),
              ...(ordering.length ? { ordering: ordering.join(',') } : {}),
              start: String(start),
              length: '50',
            };
            const { response, page, skipped } = await list(path, query);
            expect(response.status).toBe(200);
            const reference = expected(ordering, search, start, 50);
            expect(response.body.recordsFiltered).toBe(filtered);
            expect((response.body.data as { id: number }[]).map((row) => row.id)).toEqual(reference.ids);
            if (path.endsWith('genres')) {
              const genreIds = (response.body.data as { id: number; genres: { id: number }[] }[]).map((row) =>
                row.genres.map((genre) => genre.id).sort(),
              );
              const stored = reference.ids.map((id) => albums.find((album) => album.id === id)!);
              expect(genreIds).toEqual(stored.map((album) => album.genres.map((genre) => genre.id).sort()));
            }
            // The ids are paged in the reversed ordering, skipping the rows after the page, not before it.
            expect(skipped).toBe(Math.max(filtered - start - 50, 0));
            const deep = directions(page!);
            const first = directions(forward.page!);
            expect(first.inner.length).toBeGreaterThan(ordering.length);
            expect(deep.outer).toEqual(first.outer);
            expect(deep.inner).toEqual(turned(first.inner));
          }
        }
      }
    }
  }, 300_000);

  it('answers no row past the end, with the counts, without reading a page', async () => {
    for (const start of [ALBUM_COUNT, ALBUM_COUNT + 1, 1_000_000]) {
      const { response, page } = await list('/deep-albums', { ordering: 'name', start: String(start), length: '10' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ data: [], recordsTotal: ALBUM_COUNT, recordsFiltered: ALBUM_COUNT });
      expect(page).toBeNull();
    }
  });

  it('reads forward a page below the offset at which the page waits for the count, even past the middle', async () => {
    for (const start of [REVERSED_READ_MIN_OFFSET - 1, 800]) {
      const { response, skipped } = await list('/deep-albums', { ordering: '-sales,name', start: String(start) });
      expect((response.body.data as { id: number }[]).map((row) => row.id)).toEqual(
        expected(['-sales', 'name'], undefined, start, 5).ids,
      );
      expect(skipped).toBe(start);
    }
  });

  it('does not read from the end by a count that is not exact (capped)', async () => {
    const { response, skipped } = await list('/deep-albums-capped', { ordering: 'name', start: '1450', length: '50' });
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({ recordsTotal: 'capped', recordsFiltered: 'capped' });
    expect((response.body.data as { id: number }[]).map((row) => row.id)).toEqual(
      expected(['name'], undefined, 1450, 50).ids,
    );
    expect(skipped).toBe(1450);
  });

  it('plans a deep page by the kept total while counting, and reads it again when rows were written since', async () => {
    await request(server).get('/deep-albums').query({ start: '0' });
    const { response: kept, skipped: keptSkipped } = await list('/deep-albums', {
      ordering: 'name',
      start: '1450',
      length: '50',
    });
    expect((kept.body.data as { id: number }[]).map((row) => row.id)).toEqual(
      expected(['name'], undefined, 1450, 50).ids,
    );
    expect(keptSkipped).not.toBe(1450);
    // Written behind the library's back: the kept total (1 500) is older than the rows (1 540).
    const added = Array.from({ length: 40 }, (_, index) => ({
      name: `Zz ${index}`,
      rank: 1,
      year: 2001,
      released: '2020-01-01',
      recorded_at: new Date(Date.UTC(2001, 0, 1)),
      is_live: false,
      sales: 7,
      artist: null,
    }));
    await testApp.dataSource.createQueryBuilder().insert().into(Album).values(added).execute();
    const stored = await testApp.dataSource.getRepository(Album).find({ order: { id: 'ASC' } });
    const withAdded = [...albums, ...stored.slice(albums.length).map((album) => storedAlbum(album, []))];
    try {
      let response!: request.Response;
      const statements = await counter.during(async () => {
        response = await request(server).get('/deep-albums').query({ ordering: 'name', start: '1490', length: '50' });
      });
      const reference = referenceAnswer(
        withAdded,
        { ordering: ['name'], filters: [], offset: 1490, limit: 50 },
        { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE },
      );
      expect(response.body.recordsFiltered).toBe(ALBUM_COUNT + 40);
      expect((response.body.data as { id: number }[]).map((row) => row.id)).toEqual(reference.ids);
      expect(reference.ids).toHaveLength(50);
      // The page planned by the kept total (10 rows from the end), then again by the new count.
      expect(statements.filter((statement) => statement.includes('wl_page'))).toHaveLength(2);
    } finally {
      await testApp.dataSource.getRepository(Album).delete(stored.slice(albums.length).map((album) => album.id));
      await request(server).get('/deep-albums').query({ start: '0' });
    }
  });

  it("keeps a host's limits.maxOffset: a deeper offset, start or page is a 400 naming it", async () => {
    const message = (name: string, skipped: number) =>
      `${name} asks to skip ${skipped} rows; at most ${HOST_MAX_OFFSET} are allowed (limits.maxOffset): read deeper ` +
      "rows by keyset with cursor (empty for the first page, then the answer's next)";
    for (const [query, name, skipped] of [
      [{ start: '1450', length: '50' }, 'start', 1450],
      [{ offset: '1001' }, 'offset', 1001],
      [{ page: '30', page_size: '50' }, 'page', 1450],
    ] as const) {
      const response = await request(server).get('/deep-albums-limited').query(query);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([message(name, skipped)]);
    }
    const atTheLimit = await request(server).get('/deep-albums-limited').query({ ordering: 'name', offset: '1000' });
    expect(atTheLimit.status).toBe(200);
    expect((atTheLimit.body.data as { id: number }[]).map((row) => row.id)).toEqual(
      expected(['name'], undefined, 1000, 5).ids,
    );
  });
});
