// An export's rows come in the list's order across its chunk boundaries, where the boundaries cut
// runs of ties (equal names, names equal but for case or accents, missing values). On SQLite the
// walk reads its chunks from a snapshot of the order (DatabaseDialect.orderSnapshots): the
// snapshot is dropped however the walk ends, a row removed mid-walk is left out, the walk still
// answers while a transaction is open on the shared connection, and its statement keeps the deadline.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, DataTableExport, type DataTableOptions } from '../src/index.js';
import type { TableRequest } from '../src/datatables/model/table-request.types.js';
import { walkOrderedRows, walkTableRows } from '../src/datatables/paging/table-rows.query.js';
import { prepareTable } from '../src/datatables/preparation/table-declaration.parser.js';
import { StatementTimeoutError } from '../src/datatables/sql/statement-timeout.query.js';
import { parseTableRequest } from '../src/datatables/table-request.parser.js';
import { resolveWidgetLibConfig } from '../src/widgetlib.config.js';
import { Album, ALBUM_ENTITIES, Artist } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const CHUNK = 4;
const { actions: _actions, ...ALBUM_LIST } = ALBUM_TABLE;
const EXPORTED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  export: { path: 'albums/export', chunkSize: CHUNK, values: 'raw' },
};

/** Names that tie exactly, or naturally but for case, accents or a trailing space, each several times. */
const TIED_NAMES = ['Tie', 'tie', 'TIE', 'Tié', 'tie ', 'Tie'];
/** Missing, repeated and distinct sales, and artists missing or shared. */
const TIED_SALES = [null, 7, 7, null, 3, 7, null];
const TIED_ARTISTS = ['ABBA', null, 'Björk', null, 'Motörhead'];
const TIED_ALBUMS = 24;

@Controller()
class OrderedExportsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query() {
    return this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
  }

  @Get('albums')
  @DataTable(EXPORTED)
  list() {
    return this.query();
  }

  @DataTableExport(EXPORTED)
  exportRows() {
    return this.query();
  }
}

const ORDERINGS: Array<Record<string, string>> = [
  { ordering: 'name' },
  { ordering: '-name' },
  { ordering: 'sales,-name' },
  { ordering: '-sales,name' },
  { ordering: 'artist__name,-sales' },
  { ordering: '-artist__country,name' },
  { ordering: 'year', search: 'tie' },
  { ordering: 'name', genres__name: 'Rock' },
];

/** The ids of every page of the list request, pages of 7 rows. */
async function listedIds(server: App, parameters: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; ; start += 7) {
    const { body } = await request(server)
      .get('/albums')
      .query({ ...parameters, start: String(start), length: '7' })
      .expect(200);
    const page = body as { data: { id: number }[]; recordsFiltered: number };
    ids.push(...page.data.map((row) => row.id));
    if (start + 7 >= page.recordsFiltered) return ids;
  }
}

describeEachDatabase('Export order across chunks', (kind) => {
  let testApp: TestApp;
  let server: App;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [OrderedExportsController],
      widgetlib: { timezone: 'Europe/Oslo' },
    });
    server = testApp.app.getHttpServer() as App;
    dataSource = testApp.dataSource;
    await seedAlbums(dataSource);
    const artists = await dataSource.getRepository(Artist).find();
    await dataSource.getRepository(Album).save(
      Array.from({ length: TIED_ALBUMS }, (_, index) => {
        const artist = TIED_ARTISTS[index % TIED_ARTISTS.length];
        return {
          name: TIED_NAMES[index % TIED_NAMES.length]!,
          rank: 1,
          year: 2000 + (index % 2),
          released: '2000-01-01',
          recorded_at: new Date('2000-01-01T00:00:00Z'),
          is_live: false,
          sales: TIED_SALES[index % TIED_SALES.length]!,
          artist: artists.find((each) => each.name === artist) ?? null,
          genres: [],
        };
      }),
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it.each(ORDERINGS)('exports the rows of the list, in its order, for %o', async (parameters) => {
    const expected = await listedIds(server, parameters);
    expect(expected.length).toBeGreaterThan(CHUNK);
    const response = await request(server)
      .get('/albums/export')
      .query({ ...parameters, format: 'csv', fields: 'id' })
      .expect(200);
    const exported = (parseCsv(response.text) as string[][]).slice(1).map(([id]) => Number(id));
    expect(exported).toEqual(expected);
  });

  if (kind !== 'sqlite') return;

  describe('from a snapshot of the order', () => {
    const config = resolveWidgetLibConfig({ timezone: 'Europe/Oslo' });
    const snapshotTables = async () =>
      ((await dataSource.query(`SELECT name FROM sqlite_temp_master WHERE type = 'table'`)) as { name: string }[]).map(
        (row) => row.name,
      );
    const walkOf = (ordering: string) => {
      const { table } = prepareTable(EXPORTED, dataSource.getMetadata(Album), config);
      const parsed: TableRequest = parseTableRequest({ ordering }, table!.context);
      const base = dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'a');
      return { base, parsed, paths: table!.paths };
    };
    const keysetIds = async (ordering: string) => {
      const { base, parsed, paths } = walkOf(ordering);
      const ids: number[] = [];
      for await (const chunk of walkTableRows(base, parsed, paths, { chunkSize: CHUNK }))
        ids.push(...chunk.entities.map((album) => album.id));
      return ids;
    };

    it('reads the chunks from a temporary table, dropped at the end, leaving out a row removed mid-walk', async () => {
      const expected = await keysetIds('-name,sales');
      const { base, parsed, paths } = walkOf('-name,sales');
      const walk = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK });
      const first = await walk.next();
      expect(first.done).toBe(false);
      expect(await snapshotTables()).toEqual(['wl_snapshot_0']);
      const removed = expected[CHUNK * 2]!;
      await dataSource.getRepository(Album).delete(removed);
      const ids = (first.value as Album[]).map((album) => album.id);
      for await (const chunk of walk) ids.push(...chunk.map((album) => album.id));
      expect(ids).toEqual(expected.filter((id) => id !== removed));
      expect(await snapshotTables()).toEqual([]);
    });

    it('drops the temporary table when the walk is stopped', async () => {
      const { base, parsed, paths } = walkOf('name');
      const walk = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK });
      expect((await walk.next()).value).toHaveLength(CHUNK);
      expect(await snapshotTables()).toEqual(['wl_snapshot_0']);
      await walk.return();
      expect(await snapshotTables()).toEqual([]);
    });

    it('walks by keyset, taking no snapshot, while a transaction is open on the connection', async () => {
      const expected = await keysetIds('artist__name,-sales');
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      try {
        const { base, parsed, paths } = walkOf('artist__name,-sales');
        const ids: number[] = [];
        for await (const chunk of walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK })) {
          expect(await snapshotTables()).toEqual([]);
          ids.push(...chunk.map((album) => album.id));
        }
        expect(ids).toEqual(expected);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('drops a table whose walk stopped inside a transaction once the transaction is over', async () => {
      const { base, parsed, paths } = walkOf('name');
      const walk = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK });
      await walk.next();
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      await walk.return();
      await runner.rollbackTransaction();
      await runner.release();
      // Dropped inside the transaction, the rollback would have restored it.
      expect(await snapshotTables()).toEqual(['wl_snapshot_0']);
      const next = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK });
      expect((await next.next()).value).toHaveLength(CHUNK);
      await next.return();
      expect(await snapshotTables()).toEqual([]);
    });

    it('stops the snapshot statement at the deadline, leaving no table', async () => {
      await dataSource.query(
        `INSERT INTO fx_album (name, rank, year, released, recorded_at, is_live, sales) ` +
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) ` +
          `SELECT 'Filler ' || i, 1, 1999, '1999-01-01', '1999-01-01 00:00:00.000', 0, i FROM n`,
      );
      const { base, parsed, paths } = walkOf('name');
      const walk = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK, statementTimeout: 1 });
      await expect(walk.next()).rejects.toBeInstanceOf(StatementTimeoutError);
      expect(await snapshotTables()).toEqual([]);
      const again = walkOrderedRows(base, parsed, paths, { chunkSize: CHUNK });
      expect((await again.next()).value).toHaveLength(CHUNK);
      expect(await snapshotTables()).toEqual(['wl_snapshot_0']);
      await again.return();
    });
  });
});
