// ColumnControl's searchList options served: the answer's top-level `columnControl`, keyed as
// ColumnControl looks a column's options up, holding every value of the table (not the page's).
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, type DataTableOptions } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const LISTED: DataTableOptions<Album> = {
  ...ALBUM_TABLE,
  pageSize: 3,
  choices: {
    rank: [
      [1, 'First'],
      [2, 'Second'],
      [3, 'Third'],
    ],
  },
  columnControl: {
    lists: { artist__name: {}, genres__name: {}, is_live: {}, rank: {}, year: { limit: 3 } },
  },
};

@Controller()
class ColumnControlController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private albums() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }

  @Get('cc-albums')
  @DataTable(LISTED)
  list() {
    return this.albums();
  }

  @Get('cc-cascade')
  @DataTable({ ...LISTED, columnControl: { ...LISTED.columnControl!, cascade: true } })
  cascade() {
    return this.albums();
  }

  /** The handler's own scope: only albums after 1980. */
  @Get('cc-recent')
  @DataTable(LISTED)
  recent() {
    return this.albums().where('album.year > :from', { from: 1980 });
  }
}

/** The columns DataTables describes in every request: artist by its data, genres and the rest by name. */
const COLUMNS = {
  'columns[0][data]': 'name',
  'columns[0][name]': '',
  'columns[1][data]': 'artist.name',
  'columns[1][name]': '',
  'columns[2][data]': 'genres',
  'columns[2][name]': 'genres__name',
  'columns[3][data]': 'is_live',
  'columns[3][name]': 'is_live',
  'columns[4][data]': 'rank',
  'columns[4][name]': 'rank',
  'columns[5][data]': 'year',
  'columns[5][name]': 'year',
};

type Option = { label: string; value: string };

/** Text in code point order, as the lists order values (the empty option first). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const options = (values: Iterable<string>): Option[] =>
  [...new Set(values)].sort(byCodePoint).map((value) => ({ label: value, value }));

describeEachDatabase('Data tables: ColumnControl list options', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: ALBUM_ENTITIES, controllers: [ColumnControlController] });
    server = testApp.app.getHttpServer() as App;
    albums = await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  const get = (path: string, query: Record<string, string>) => request(server).get(path).query(query).expect(200);
  const artists = (rows: StoredAlbum[]) => options(rows.map((album) => album.artist?.name ?? ''));
  const genres = (rows: StoredAlbum[]) =>
    options(rows.flatMap((album) => (album.genres.length > 0 ? album.genres.map((genre) => genre.name) : [''])));

  it("lists every value of the table for each declared column, keyed by the column's name, else its data", async () => {
    const { body } = await get('/cc-albums', { ...COLUMNS, start: '0', length: '3' });
    expect(body.data).toHaveLength(3);
    expect(Object.keys(body.columnControl).sort()).toEqual(['artist.name', 'genres__name', 'is_live', 'rank', 'year']);
    expect(body.columnControl['artist.name']).toEqual(artists(albums));
    expect(body.columnControl['artist.name'][0]).toEqual({ label: '', value: '' });
    expect(body.columnControl.genres__name).toEqual(genres(albums));
    expect(body.columnControl.is_live).toEqual([
      { label: 'No', value: 'false' },
      { label: 'Yes', value: 'true' },
    ]);
    // A path with choices lists its choices, whatever the rows hold.
    expect(body.columnControl.rank).toEqual([
      { label: 'First', value: '1' },
      { label: 'Second', value: '2' },
      { label: 'Third', value: '3' },
    ]);
    // Cut at its limit: the values with the most rows, and the cut said (not a 400).
    const years = new Map<number, number>();
    for (const album of albums) years.set(album.year, (years.get(album.year) ?? 0) + 1);
    expect(body.columnControl.year).toHaveLength(3);
    expect((body.columnControl.year as Option[]).every((option) => years.has(Number(option.value)))).toBe(true);
    expect(body.columnControlTruncated).toEqual(['year']);
  });

  it('keeps every value under a search, a filter and the list selection itself (no cascade)', async () => {
    const { body } = await get('/cc-albums', {
      ...COLUMNS,
      'search[value]': 'abba',
      'columns[1][columnControl][list][0]': 'ABBA',
    });
    expect(body.data.every((row: { artist: { name: string } | null }) => row.artist?.name === 'ABBA')).toBe(true);
    expect(body.columnControl['artist.name']).toEqual(artists(albums));
    expect(body.columnControl.genres__name).toEqual(genres(albums));
  });

  it("cascades when declared: the values of the rows the other conditions keep, the column's own selection left out", async () => {
    const { body } = await get('/cc-cascade', {
      ...COLUMNS,
      is_live: 'false',
      'columns[1][columnControl][list][0]': 'ABBA',
    });
    const studio = albums.filter((album) => !album.is_live);
    expect(body.recordsFiltered).toBe(studio.filter((album) => album.artist?.name === 'ABBA').length);
    expect(body.columnControl['artist.name']).toEqual(artists(studio));
    // Genres follow both the filter and the artist selection.
    expect(body.columnControl.genres__name).toEqual(genres(studio.filter((album) => album.artist?.name === 'ABBA')));
  });

  it("lists the values of the handler's own scope only, and nothing for columns the request does not show", async () => {
    const { body } = await get('/cc-recent', { 'columns[0][data]': 'artist.name', 'columns[0][name]': 'artist__name' });
    expect(body.columnControl).toEqual({ artist__name: artists(albums.filter((album) => album.year > 1980)) });
    const plain = await get('/cc-albums', { search: 'abba' });
    expect(plain.body.columnControl).toBeUndefined();
  });
});
