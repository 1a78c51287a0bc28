import fc from 'fast-check';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { parseTableRequest } from '../src/datatables/table-request.parser.js';
import { readTablePage } from '../src/datatables/paging/table-page.query.js';
import { setUpTableQuery } from '../src/datatables/sql/index.js';
import { prepareTable } from '../src/datatables/preparation/table-declaration.parser.js';
import { resolveWidgetLibConfig } from '../src/widgetlib.config.js';
import { Album, ALBUM_ENTITIES, Artist, Genre } from './fixtures/album.entities.js';
import { ARTISTS, GENRES, type StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer } from './fixtures/album-table.reference.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

/** Random tables and requests per database, each read at every offset forward and from the end. */
const RUNS = 100;
const TIMEZONE = 'Europe/Oslo';

/** Names equal but for case, accents or a trailing space, so that the folded key ties and the binary one decides. */
const NAMES = [
  'Takk',
  'TAKK',
  'takk',
  'Takk ',
  'Déjà Vu',
  'DÉJÀ VU',
  'déjà vu',
  'Deja Vu',
  'Ångström',
  'ÅNGSTRÖM',
  'angstrom',
  'Über',
  'über',
  'Дом',
  'дом',
  'Zebra',
];

/** The base queries of the test: its joins decide what the page loads and whether rows repeat. */
const BASES = {
  plain: (albums: SelectQueryBuilder<Album>) => albums,
  artist: (albums: SelectQueryBuilder<Album>) => albums.leftJoinAndSelect('album.artist', 'artist'),
  genres: (albums: SelectQueryBuilder<Album>) =>
    albums.leftJoinAndSelect('album.artist', 'artist').leftJoinAndSelect('album.genres', 'genre'),
  // A to-many join that scopes: DISTINCT pages.
  rock: (albums: SelectQueryBuilder<Album>) =>
    albums.innerJoin('album.genres', 'rock', 'rock.name IN (:...rock)', { rock: ['Rock', 'Jazz'] }),
};
const SCOPES: Record<keyof typeof BASES, (album: StoredAlbum) => boolean> = {
  plain: () => true,
  artist: () => true,
  genres: () => true,
  rock: (album) => album.genres.some((genre) => genre.name === 'Rock' || genre.name === 'Jazz'),
};

const albumRow = fc.record({
  name: fc.constantFrom(...NAMES),
  rank: fc.constantFrom(1, 5),
  year: fc.constantFrom(1999, 2005),
  released: fc.constantFrom('2005-09-12', '1999-01-31'),
  recorded_at: fc.constantFrom('2005-09-12T10:00:00Z', '1999-01-31T23:30:00Z'),
  is_live: fc.boolean(),
  sales: fc.option(fc.constantFrom(100, 900), { nil: null }),
  artist: fc.option(fc.integer({ min: 0, max: ARTISTS.length - 1 }), { nil: null }),
  genres: fc.subarray([...GENRES], { maxLength: 3 }),
});

type AlbumRow = typeof albumRow extends fc.Arbitrary<infer Row> ? Row : never;

const FILTERS: Record<string, fc.Arbitrary<string>> = {
  name__icontains: fc.constantFrom('a', 'déjà', 'Ö'),
  sales__isnull: fc.constantFrom('true', 'false'),
  year__gte: fc.constantFrom('2000'),
  artist__name: fc.constantFrom(...ARTISTS.map((artist) => artist.name)),
  genres__name: fc.constantFrom(...GENRES),
};

const tableRequest = fc.record({
  base: fc.constantFrom(...(Object.keys(BASES) as (keyof typeof BASES)[])),
  search: fc.option(fc.constantFrom('a', 'takk', 'rós'), { nil: undefined }),
  filters: fc
    .uniqueArray(fc.constantFrom(...Object.keys(FILTERS)), { maxLength: 1 })
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
  limit: fc.integer({ min: 1, max: 5 }),
});

/** Replaces the albums with `rows` and returns them as stored. */
async function storeAlbums(
  dataSource: DataSource,
  rows: AlbumRow[],
  artists: Artist[],
  genres: Genre[],
): Promise<StoredAlbum[]> {
  await dataSource.createQueryBuilder().delete().from('fx_album_genres').execute();
  await dataSource.createQueryBuilder().delete().from(Album).execute();
  const saved = await dataSource.getRepository(Album).save(
    rows.map((row) => ({
      ...row,
      recorded_at: new Date(row.recorded_at),
      artist: row.artist === null ? null : artists[row.artist]!,
      genres: genres.filter((genre) => row.genres.includes(genre.name as (typeof GENRES)[number])),
    })),
  );
  return saved.map((album, index) => ({
    ...rows[index]!,
    id: album.id,
    artist: album.artist ? { id: album.artist.id, name: album.artist.name, country: album.artist.country } : null,
    genres: album.genres.map((genre) => ({ id: genre.id, name: genre.name })),
  }));
}

describeEachDatabase('Pages read from the end (readTablePage, reversed)', (kind) => {
  let testApp: TestApp;
  let artists: Artist[];
  let genres: Genre[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: ALBUM_ENTITIES, widgetlib: { timezone: TIMEZONE } });
    artists = await testApp.dataSource.getRepository(Artist).save(ARTISTS.map((artist) => ({ ...artist })));
    genres = await testApp.dataSource.getRepository(Genre).save(GENRES.map((name) => ({ name })));
  });

  afterAll(() => testApp.close());

  it(`reads every page of ${RUNS} random tables and requests from the end exactly as forward and as the reference`, async () => {
    const config = resolveWidgetLibConfig({ timezone: TIMEZONE });
    const { table } = prepareTable(ALBUM_TABLE, testApp.dataSource.getMetadata(Album), config);
    await fc.assert(
      fc.asyncProperty(fc.array(albumRow, { maxLength: 14 }), tableRequest, async (rows, { base, limit, ...asked }) => {
        const albums = await storeAlbums(testApp.dataSource, rows, artists, genres);
        const byId = new Map(albums.map((album) => [album.id, album]));
        const expected = referenceAnswer(
          albums,
          { ...asked, limit: albums.length, offset: 0 },
          { searchFields: ALBUM_TABLE.searchFields ?? [], timezone: TIMEZONE, scope: SCOPES[base] },
        ).ids;
        const query = {
          ...Object.fromEntries(asked.filters),
          ...(asked.search === undefined ? {} : { search: asked.search }),
          ...(asked.ordering.length > 0 ? { ordering: asked.ordering.join(',') } : {}),
        };
        const parsed = parseTableRequest(query, table!.context);
        const read = async (offset: number, pageLimit: number, reversed: boolean) => {
          const baseQuery = BASES[base](testApp.dataSource.getRepository(Album).createQueryBuilder('album'));
          const setup = await setUpTableQuery(baseQuery, parsed, table!.paths, 0);
          const page = await readTablePage(setup, { ordering: parsed.ordering, offset, limit: pageLimit, reversed });
          return page.entities;
        };
        const filtered = expected.length;
        for (let offset = 0; offset <= filtered + limit; offset++) {
          const wanted = expected.slice(offset, offset + limit);
          const forward = await read(offset, limit, false);
          expect(forward.map((album) => album.id)).toEqual(wanted);
          // Past the end the list answers no row without a statement (runTableQuery).
          if (offset >= filtered) continue;
          // The same rows counted from the end, a partial last page shortened.
          const end = Math.min(offset + limit, filtered);
          const fromTheEnd = await read(filtered - end, end - offset, true);
          expect(fromTheEnd.map((album) => album.id)).toEqual(wanted);
          for (const album of fromTheEnd) {
            const stored = byId.get(album.id)!;
            expect(album.name).toBe(stored.name);
            if (base !== 'plain' && base !== 'rock') expect(album.artist?.id ?? null).toBe(stored.artist?.id ?? null);
            if (base === 'genres') {
              expect(album.genres.map((genre) => genre.id).sort()).toEqual(
                stored.genres.map((genre) => genre.id).sort(),
              );
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});
