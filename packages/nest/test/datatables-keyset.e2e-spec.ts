import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { encodeCursor } from '../src/datatables/paging/keyset-cursor.format.js';
import type { KeyValue } from '../src/datatables/model/table-request.types.js';
import { parseTableRequest } from '../src/datatables/table-request.parser.js';
import { walkTableRows } from '../src/datatables/paging/table-rows.query.js';
import { prepareTable } from '../src/datatables/preparation/table-declaration.parser.js';
import { resolveWidgetLibConfig } from '../src/widgetlib.config.js';
import { Album, ALBUM_ENTITIES, Artist } from './fixtures/album.entities.js';
import { ALBUMS, ARTISTS, GENRES, seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer, type ReferenceRequest } from './fixtures/album-table.reference.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

/** Random orderings, searches and filters per database, each walked by cursor and by offset. */
const WALK_RUNS = 100;
/** Random malformed or tampered cursors per database, each of which must get a 200 or a 400. */
const CURSOR_FUZZ_RUNS = 200;
const TIMEZONE = 'Europe/Oslo';
/** The module-wide maximum offset of this suite's application. */
const MODULE_MAX_OFFSET = 30;
/** The cursor secret of this suite's application, with which the tests make cursors of their own. */
const CURSOR_SECRET = 'the keyset suite secret, 32+ characters';
/** Characters of a cursor's MAC, at its end. */
const MAC_CHARACTERS = 43;
/** Replacements tried at every position of a cursor: letters, digits and the two signs of base64url. */
const REPLACEMENTS = ['A', 'z', '0', '9', '-', '_'];

/** The fixture's endpoints and the albums each base query scopes to. */
const SCOPES: Record<string, (album: StoredAlbum) => boolean> = {
  '/albums': () => true,
  '/albums-with-genres': () => true,
  '/albums-plain': () => true,
  '/live-albums': (album) => album.is_live || album.name === 'Zebra',
  '/rock-albums': (album) => album.genres.some((genre) => genre.name === 'Rock'),
};

/**
 * Albums that tie with the fixture's: names equal but for case (and one only by a trailing space),
 * the same instants, days, years and sales, and missing sales and artists, so that every ordering
 * key ties somewhere and the primary key decides.
 */
const TIES = [
  { name: 'TAKK', sales: null, artist: 'Sigur Rós', recorded_at: '2005-09-12T10:00:00Z', year: 2005 },
  { name: 'takk', sales: 900, artist: 'Sigur Rós', recorded_at: '2005-09-12T10:00:00Z', year: 2005 },
  { name: 'Takk ', sales: 900, artist: null, recorded_at: '2005-09-12T10:00:00Z', year: 2005 },
  { name: 'abba gold', sales: null, artist: 'ABBA', recorded_at: '1992-05-01T12:30:00Z', year: 1992 },
  { name: 'ABBA GOLD', sales: 5000, artist: 'Motörhead', recorded_at: '1992-05-01T12:30:00Z', year: 1992 },
] as const;

async function seedTies(dataSource: DataSource): Promise<StoredAlbum[]> {
  const stored: StoredAlbum[] = [];
  for (const tie of TIES) {
    const artist = tie.artist ? await dataSource.getRepository(Artist).findOneByOrFail({ name: tie.artist }) : null;
    const seed = {
      name: tie.name,
      rank: 5,
      year: tie.year,
      released: tie.recorded_at.slice(0, 10),
      recorded_at: tie.recorded_at,
      is_live: false,
      sales: tie.sales,
    };
    const album = await dataSource
      .getRepository(Album)
      .save({ ...seed, recorded_at: new Date(seed.recorded_at), artist, genres: [] });
    stored.push({
      ...seed,
      id: album.id,
      artist: artist ? { id: artist.id, name: artist.name, country: artist.country } : null,
      genres: [],
    });
  }
  return stored;
}

@Controller()
class KeysetAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums-shallow')
  @DataTable({ ...ALBUM_TABLE, limits: { maxOffset: 10 } })
  shallow() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }

  /** Relation ids mapped: the page is read through TypeORM's getRawAndEntities, not from raw rows. */
  @Get('albums-genre-ids')
  @DataTable(ALBUM_TABLE)
  withGenreIds() {
    return this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.genres', 'genre')
      .loadRelationIdAndMap('album.artistId', 'album.artist');
  }

  @Get('albums-capped')
  @DataTable({ ...ALBUM_TABLE, count: 'capped', countCap: 5 })
  capped() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }
}

const NAMES = ALBUMS.map((album) => album.name);
const FILTERS: Record<string, fc.Arbitrary<string>> = {
  name__icontains: fc.constantFrom('a', 'takk', 'ö', 'live'),
  name__in: fc.uniqueArray(fc.constantFrom(...NAMES, 'TAKK', 'takk'), { minLength: 1, maxLength: 5 }).map(String),
  year__gte: fc.integer({ min: 1970, max: 2020 }).map(String),
  sales__isnull: fc.constantFrom('true', 'false'),
  artist__name: fc.constantFrom(...ARTISTS.map((artist) => artist.name)),
  artist__country__isnull: fc.constantFrom('true', 'false'),
  genres__name: fc.constantFrom(...GENRES),
  recorded_at__range: fc.constantFrom('1980-01-01,2006-01-01', '2005-09-12,2005-09-12', ',1999-12-31'),
};

const walkRequest = fc.record({
  path: fc.constantFrom(...Object.keys(SCOPES)),
  search: fc.option(fc.constantFrom('a', 'takk', 'abba', 'rós', 'o e'), { nil: undefined }),
  filters: fc
    .uniqueArray(fc.constantFrom(...Object.keys(FILTERS)), { maxLength: 2 })
    .chain((names) =>
      names.length === 0
        ? fc.constant([] as [string, string][])
        : fc.tuple(...names.map((name) => FILTERS[name]!.map((value): [string, string] => [name, value]))),
    ),
  ordering: fc
    .uniqueArray(fc.constantFrom(...(ALBUM_TABLE.orderingFields ?? [])), { maxLength: 3 })
    .chain((fields) =>
      fields.length === 0
        ? fc.constant([] as string[])
        : fc.tuple(...fields.map((field) => fc.boolean().map((descending) => (descending ? `-${field}` : field)))),
    ),
  limit: fc.integer({ min: 1, max: 7 }),
});

interface Walked {
  ids: number[];
  pages: number[];
  recordsTotal: number;
  recordsFiltered: number;
}

function queryOf(walk: Omit<ReferenceRequest, 'limit' | 'offset'>): Record<string, string> {
  return {
    ...Object.fromEntries(walk.filters),
    ...(walk.search === undefined ? {} : { search: walk.search }),
    ...(walk.ordering.length > 0 ? { ordering: walk.ordering.join(',') } : {}),
  };
}

describeEachDatabase('Data tables in keyset mode', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AlbumsController, KeysetAlbumsController],
      widgetlib: {
        timezone: TIMEZONE,
        dataTables: { limits: { maxOffset: MODULE_MAX_OFFSET }, cursorSecret: CURSOR_SECRET },
      },
    });
    server = testApp.app.getHttpServer() as App;
    albums = [...(await seedAlbums(testApp.dataSource)), ...(await seedTies(testApp.dataSource))];
  });

  afterAll(() => testApp.close());

  async function walkByCursor(path: string, query: Record<string, string>, limit: number): Promise<Walked> {
    const walked: Walked = { ids: [], pages: [], recordsTotal: -1, recordsFiltered: -1 };
    let cursor = '';
    for (let page = 0; page <= albums.length; page++) {
      const response = await request(server)
        .get(path)
        .query({ ...query, limit: String(limit), cursor });
      expect(response.status).toBe(200);
      const ids = (response.body.data as { id: number }[]).map((row) => row.id);
      walked.ids.push(...ids);
      walked.pages.push(ids.length);
      walked.recordsTotal = response.body.recordsTotal as number;
      walked.recordsFiltered = response.body.recordsFiltered as number;
      const next = response.body.next as string | null;
      expect(next === null || /^[A-Za-z0-9_-]+$/.test(next)).toBe(true);
      if (next === null) return walked;
      cursor = next;
    }
    throw new Error(`the walk of ${path} did not end`);
  }

  async function walkByOffset(path: string, query: Record<string, string>, limit: number): Promise<number[]> {
    const ids: number[] = [];
    for (let offset = 0; offset <= albums.length; offset += limit) {
      const response = await request(server)
        .get(path)
        .query({ ...query, limit: String(limit), offset: String(offset) });
      expect(response.status).toBe(200);
      expect(response.body.next).toBeUndefined();
      ids.push(...(response.body.data as { id: number }[]).map((row) => row.id));
      if (offset + limit >= (response.body.recordsFiltered as number)) break;
    }
    return ids;
  }

  it(`walks ${WALK_RUNS} random orderings, searches and filters by cursor exactly as by offset and as the reference`, async () => {
    await fc.assert(
      fc.asyncProperty(walkRequest, async ({ path, limit, ...walk }) => {
        const query = queryOf(walk);
        const expected = referenceAnswer(
          albums,
          { ...walk, limit: albums.length, offset: 0 },
          { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE, scope: SCOPES[path] },
        );
        const byCursor = await walkByCursor(path, query, limit);
        expect(byCursor.ids).toEqual(expected.ids);
        expect(byCursor.recordsTotal).toBe(expected.recordsTotal);
        expect(byCursor.recordsFiltered).toBe(expected.recordsFiltered);
        // Every page full but the last; an empty last page only when nothing matches.
        const fullPages = Math.floor(expected.ids.length / limit);
        const rest = expected.ids.length % limit;
        expect(byCursor.pages).toEqual([
          ...Array<number>(fullPages).fill(limit),
          ...(rest > 0 || fullPages === 0 ? [rest] : []),
        ]);
        expect(await walkByOffset(path, query, limit)).toEqual(expected.ids);
      }),
      { numRuns: WALK_RUNS },
    );
  }, 600_000);

  it('walks the rows in chunks with walkTableRows, as the list does', async () => {
    const config = resolveWidgetLibConfig({ timezone: TIMEZONE });
    const metadata = testApp.dataSource.getMetadata(Album);
    const { table } = prepareTable(ALBUM_TABLE, metadata, config);
    const base = testApp.dataSource.getRepository(Album).createQueryBuilder('album');
    for (const ordering of [['-sales', 'name'], ['artist__country', '-recorded_at'], ['name']]) {
      const parsed = parseTableRequest({ ordering: ordering.join(','), search: 'a' }, table!.context);
      const chunks: number[][] = [];
      for await (const chunk of walkTableRows(base, parsed, table!.paths, { chunkSize: 4 })) {
        chunks.push(chunk.entities.map((album) => album.id));
      }
      const expected = referenceAnswer(
        albums,
        { ordering, search: 'a', filters: [], limit: albums.length, offset: 0 },
        { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE },
      );
      expect(chunks.flat()).toEqual(expected.ids);
      expect(chunks.slice(0, -1).every((chunk) => chunk.length === 4)).toBe(true);
    }
  });

  it('walks a page that TypeORM reads (relation ids mapped, a to-many join) as the reference', async () => {
    for (const ordering of [['-artist__name', 'released'], ['sales']]) {
      const walked = await walkByCursor('/albums-genre-ids', { ordering: ordering.join(',') }, 3);
      const expected = referenceAnswer(
        albums,
        { ordering, filters: [], limit: albums.length, offset: 0 },
        { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE },
      );
      expect(walked.ids).toEqual(expected.ids);
    }
  });

  it('keeps the counts of the endpoint (capped here) in keyset mode', async () => {
    const response = await request(server).get('/albums-capped').query({ cursor: '', limit: '2' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      recordsTotal: 5,
      recordsFiltered: 5,
      counts: { recordsTotal: 'capped', recordsFiltered: 'capped' },
    });
    expect(typeof response.body.next).toBe('string');
  });

  it('refuses a cursor of another ordering, search or filter, and a cursor with an offset, naming cursor', async () => {
    const first = await request(server).get('/albums').query({ ordering: 'name', cursor: '', limit: '3' });
    const next = first.body.next as string;
    for (const other of [
      { ordering: '-name' },
      { ordering: 'name', search: 'a' },
      { ordering: 'name', year: '1999' },
    ]) {
      const response = await request(server)
        .get('/albums')
        .query({ ...other, cursor: next });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^cursor was made for another ordering/)]);
    }
    const withStart = await request(server).get('/albums').query({ ordering: 'name', cursor: next, start: '3' });
    expect(withStart.status).toBe(400);
    expect(withStart.body.message).toEqual([expect.stringMatching(/^cursor reads on from the row it names/)]);
    const same = await request(server).get('/albums').query({ ordering: 'name', cursor: next, start: '0' });
    expect(same.status).toBe(200);
  });

  it('refuses every one-character alteration of a cursor (all positions, several characters), naming cursor', async () => {
    const query = { ordering: 'year,name', limit: '4' };
    const first = await request(server)
      .get('/albums/')
      .query({ ...query, cursor: '' })
      .expect(200);
    const token = first.body.next as string;
    const second = await request(server)
      .get('/albums/')
      .query({ ...query, cursor: token })
      .expect(200);
    const expected = referenceAnswer(
      albums,
      { ordering: ['year', 'name'], filters: [], limit: 4, offset: 4 },
      { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE },
    );
    expect((second.body.data as { id: number }[]).map((row) => row.id)).toEqual(expected.ids);
    const altered = new Set<string>();
    for (let at = 0; at < token.length; at++) {
      for (const character of REPLACEMENTS) altered.add(token.slice(0, at) + character + token.slice(at + 1));
    }
    altered.delete(token);
    expect(altered.size).toBeGreaterThanOrEqual(token.length * (REPLACEMENTS.length - 1));
    const accepted: string[] = [];
    for (const text of altered) {
      const response = await request(server)
        .get('/albums/')
        .query({ ...query, cursor: text });
      if (response.status !== 400) accepted.push(`${text}: ${response.status}`);
      else expect(response.body.message).toEqual([expect.stringMatching(/^cursor /)]);
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  describe('between applications', () => {
    const others: TestApp[] = [];
    afterAll(async () => {
      for (const other of others) await other.close();
    });

    async function otherApp(cursorSecret: string | undefined): Promise<App> {
      const other = await createTestApp(kind, {
        entities: ALBUM_ENTITIES,
        controllers: [AlbumsController],
        widgetlib: { timezone: TIMEZONE, ...(cursorSecret === undefined ? {} : { dataTables: { cursorSecret } }) },
      });
      others.push(other);
      await seedAlbums(other.dataSource);
      await seedTies(other.dataSource);
      return other.app.getHttpServer() as App;
    }

    it("reads another instance's cursor when both have the same secret, and refuses it otherwise", async () => {
      const same = await otherApp(CURSOR_SECRET);
      const different = await otherApp('another secret of at least 32 characters');
      const query = { ordering: '-year,name', limit: '3' };
      const page = async (app: App, cursor: string) =>
        request(app)
          .get('/albums')
          .query({ ...query, cursor });
      const mine = (await page(server, '')).body.next as string;
      const theirs = (await page(same, '')).body.next as string;
      expect(theirs).toBe(mine);
      const here = await page(server, theirs);
      const there = await page(same, mine);
      expect(here.status).toBe(200);
      expect(there.status).toBe(200);
      expect(there.body.data).toEqual(here.body.data);
      expect(there.body.next).toBe(here.body.next);
      for (const [app, cursor] of [
        [different, mine],
        [server, (await page(different, '')).body.next as string],
      ] as const) {
        const refused = await page(app, cursor);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toEqual([
          expect.stringMatching(/^cursor ".*" is not a cursor of this list, or was altered/),
        ]);
      }
    });

    it('walks by cursor with the secret it makes for its process when none is configured', async () => {
      const unconfigured = await otherApp(undefined);
      const query = { ordering: 'name', limit: '5' };
      const first = await request(unconfigured)
        .get('/albums')
        .query({ ...query, cursor: '' })
        .expect(200);
      const next = first.body.next as string;
      await request(unconfigured)
        .get('/albums')
        .query({ ...query, cursor: next })
        .expect(200);
      const refused = await request(server)
        .get('/albums')
        .query({ ...query, cursor: next })
        .expect(400);
      expect(refused.body.message).toEqual([expect.stringMatching(/^cursor ".*" is not a cursor of this list/)]);
    });
  });

  it(`answers ${CURSOR_FUZZ_RUNS} malformed or tampered cursors with 200 or 400, never 5xx`, async () => {
    const first = await request(server)
      .get('/albums')
      .query({ ordering: '-recorded_at,sales,name', cursor: '', limit: '2' });
    const token = first.body.next as string;
    const body = Buffer.from(token.slice(0, -MAC_CHARACTERS), 'base64url').toString('utf8');
    const { f: fingerprint, k: values } = JSON.parse(body) as { f: string; k: unknown[] };
    expect(encodeCursor(values as KeyValue[], fingerprint, CURSOR_SECRET)).toBe(token);
    // Bodies other than {f, k} go unsigned; {f, k} are signed as the application would, so that
    // their values reach the checks behind the MAC (a cursor the application made before a change).
    const tokenOf = (candidate: unknown) => {
      const { f, k } = (candidate ?? {}) as { f?: unknown; k?: unknown };
      return typeof f === 'string' && Array.isArray(k)
        ? encodeCursor(k as KeyValue[], f, CURSOR_SECRET)
        : Buffer.from(JSON.stringify(candidate), 'utf8').toString('base64url');
    };
    const scalar = fc.oneof(
      fc.constantFrom(null, true, 0, 1, -1, 1e308, 2 ** 53, '', '2020-02-30', '2020-02-29 24:00:00', '9999-12-31'),
      fc.constantFrom('1992-05-01 12:30:00', '1992-05-01T12:30:00.123456Z', 'infinity', '\u0000', "' OR 1=1 --"),
      fc.string({ maxLength: 30 }),
      fc.double(),
      fc.integer(),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const cursor = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.base64String({ maxLength: 80 }),
      fc.jsonValue({ maxDepth: 3 }).map(tokenOf),
      fc.array(scalar, { maxLength: 6 }).map((k) => tokenOf({ f: fingerprint, k })),
      fc
        .tuple(fc.nat({ max: values.length - 1 }), scalar)
        .map(([index, value]) =>
          tokenOf({ f: fingerprint, k: values.map((each, at) => (at === index ? value : each)) }),
        ),
      fc
        .tuple(fc.nat({ max: token.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
        .map(([at, c]) => token.slice(0, at) + c + token.slice(at + 1)),
      fc.nat({ max: token.length }).map((at) => token.slice(0, at)),
    );
    await fc.assert(
      fc.asyncProperty(cursor, async (text) => {
        const response = await request(server)
          .get('/albums')
          .query({ ordering: '-recorded_at,sales,name', cursor: text, limit: '3' });
        expect([200, 400]).toContain(response.status);
        if (response.status === 400) {
          expect(response.body.message).toEqual([expect.stringMatching(/^cursor/)]);
        }
      }),
      { numRuns: CURSOR_FUZZ_RUNS },
    );
  }, 240_000);

  it('refuses an offset past limits.maxOffset (module-wide and per table), pointing to cursor', async () => {
    expect(
      (
        await request(server)
          .get('/albums')
          .query({ offset: String(MODULE_MAX_OFFSET) })
      ).status,
    ).toBe(200);
    for (const [path, query, name, max] of [
      ['/albums', { offset: String(MODULE_MAX_OFFSET + 1) }, 'offset', MODULE_MAX_OFFSET],
      ['/albums', { start: '31', length: '5' }, 'start', MODULE_MAX_OFFSET],
      ['/albums', { page: '8', page_size: '5' }, 'page', MODULE_MAX_OFFSET],
      ['/albums-shallow', { offset: '11' }, 'offset', 10],
    ] as const) {
      const response = await request(server).get(path).query(query);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([
        `${name} asks to skip ${Number(query.offset ?? query.start ?? 35)} rows; at most ${max} are allowed ` +
          "(limits.maxOffset): read deeper rows by keyset with cursor (empty for the first page, then the answer's next)",
      ]);
    }
    expect((await request(server).get('/albums-shallow').query({ offset: '10' })).status).toBe(200);
  });
});
