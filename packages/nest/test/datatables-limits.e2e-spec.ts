import { Controller } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTableExport } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { Bulky, BulkyController, seedBulky } from './fixtures/bulky.fixture.js';
import { LIST_TRANSPORTS, sendList, withPostTwins } from './fixtures/list-transports.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase, isMysqlFamily } from '@widgetlib/test-support/test-databases.js';

const BULKY_ROWS = 200_000;
/**
 * Four distinct terms (the module-wide limit), each matching no row, so that every row is read for each.
 * A letter outside ASCII even without its accents (Cyrillic) keeps SQLite's search in its folding
 * function, which holds the deadline there (a term that folds to ASCII is matched inside SQLite).
 */
const SLOW_SEARCH = Array.from({ length: 4 }, (_, index) => `zz${index}ж`).join(' ');

const { actions: _actions, ...ALBUM_LIST } = ALBUM_TABLE;

/** The albums' export under the module's statement timeout, in chunks of 4 rows. */
@Controller()
class AlbumsExportController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @DataTableExport({ ...ALBUM_LIST, export: { path: 'albums/export', chunkSize: 4, values: 'raw' } })
  exportRows() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }
}

describeEachDatabase('Data table request limits and statement timeout', (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Bulky],
      imports: [TypeOrmModule.forFeature([Bulky])],
      controllers: [withPostTwins(AlbumsController), BulkyController, AlbumsExportController],
      typeormLogger: counter,
      widgetlib: {
        dataTables: {
          limits: {
            maxSearchTerms: 4,
            minSearchTermLength: 2,
            maxFilters: 3,
            maxInValues: 3,
            maxColumns: 4,
            maxQueryStringBytes: 4096,
            maxBodyBytes: 4096,
          },
        },
      },
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    await seedBulky(testApp.dataSource, kind, BULKY_ROWS);
  }, 120_000);

  afterAll(() => testApp.close());

  describe('limits (each a 400 naming it, the draw echoed)', () => {
    it('refuses a query string past maxQueryStringBytes (module-wide 4096), counting it as sent', async () => {
      const padding = 'é'.repeat(700);
      const response = await request(server).get('/albums').query({ draw: '5', _: padding }).expect(400);
      const bytes = Buffer.byteLength(`draw=5&_=${encodeURIComponent(padding)}`);
      expect(bytes).toBeGreaterThan(4096);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [`the query string has ${bytes} bytes; at most 4096 are allowed (limits.maxQueryStringBytes)`],
        draw: 5,
      });
      await request(server)
        .get('/albums')
        .query({ draw: '5', _: 'é'.repeat(600) })
        .expect(200);
    });

    it('refuses a POST body past maxBodyBytes (module-wide 4096), counting it as sent', async () => {
      const padding = 'é'.repeat(2100);
      const response = await request(server).post('/albums/query').send({ draw: 5, _: padding }).expect(400);
      const bytes = Buffer.byteLength(JSON.stringify({ draw: 5, _: padding }));
      expect(bytes).toBeGreaterThan(4096);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [`the body has ${bytes} bytes; at most 4096 are allowed (limits.maxBodyBytes)`],
        draw: 5,
      });
      await request(server)
        .post('/albums/query')
        .send({ draw: 5, _: 'é'.repeat(2000) })
        .expect(200);
    });

    describe.each(LIST_TRANSPORTS)('through %s', (transport) => {
      it.each<[string, Record<string, string>, string]>([
        [
          'too many search terms (module-wide limit 4)',
          { search: 'ab cd ef gh ij', draw: '3' },
          'search has 5 different terms; at most 4 are allowed',
        ],
        [
          'a repeated native column filter',
          {
            draw: '3',
            'columns[0][data]': 'name',
            'columns[0][search][value]': 'a',
            'columns[1][data]': 'name',
            'columns[1][search][value]': 'b',
          },
          'columns[1][search][value]: name is already filtered (icontains) by columns[0][search][value]; send one filter per field and lookup',
        ],
        [
          'too many ordering keys',
          { draw: '3', ordering: 'name,year,rank,artist__name,sales,released' },
          'ordering names 6 fields; at most 5 are allowed',
        ],
        [
          'too many native order[i] entries',
          Object.fromEntries([
            ['draw', '3'],
            ...Array.from({ length: 6 }, (_, index) => [`order[${index}][name]`, 'name']),
          ]) as Record<string, string>,
          'order has 6 entries; at most 5 are allowed',
        ],
        [
          'a search term shorter than minSearchTermLength (module-wide 2)',
          { search: 'blue a', draw: '3' },
          'search: every term needs at least 2 characters, got "a"',
        ],
        [
          'too many filters (module-wide limit 3)',
          { draw: '3', year__gte: '1900', year__lte: '2100', rank__gte: '1', rank__lte: '1000' },
          'rank__lte: at most 3 filters are allowed in one request',
        ],
        [
          'too many values in an in list (module-wide limit 3)',
          { draw: '3', year__in: '1959,1965,1971,1977' },
          'year__in takes at most 3 comma-separated values, got 4',
        ],
        [
          'too many native columns[i] entries (module-wide limit 4)',
          Object.fromEntries([
            ['draw', '3'],
            ...Array.from({ length: 5 }, (_, index) => [`columns[${index}][data]`, 'name']),
          ]) as Record<string, string>,
          'columns: at most 4 columns[i] entries are allowed',
        ],
      ])('%s', async (_title, query, message) => {
        const response = await sendList(server, transport, '/albums', query).expect(400);
        expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: [message], draw: 3 });
      });

      it('answers a request at every limit normally', async () => {
        const response = await sendList(server, transport, '/albums', {
          search: 'bl ue ab cd',
          year__gte: '1900',
          year__lte: '2100',
          year__in: '1959,1965,1971',
          ordering: 'name,year,rank,sales,released',
        }).expect(200);
        expect(response.body.draw).toBe(1);
      });

      it('counts terms that differ only in case once', async () => {
        const response = await sendList(server, transport, '/albums', { search: 'blue BLUE Blue bLuE blUE' }).expect(
          200,
        );
        expect(response.body.recordsFiltered).toBeGreaterThan(0);
      });
    });
  });

  describe('statement timeout', () => {
    it('answers 503 with a clear message when a statement outlasts the timeout', async () => {
      const response = await request(server)
        .get('/bulky/bounded')
        .query({ search: 'zz0ж zz1ж', draw: '9' })
        .expect(503);
      expect(response.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The list took longer than 20 ms and was stopped; narrow the search or the filters',
        draw: 9,
      });
    });

    it('answers the same search without a timeout, so the 503 came from the timeout', async () => {
      const response = await request(server).get('/bulky/unbounded').query({ search: SLOW_SEARCH }).expect(200);
      expect(response.body).toMatchObject({ recordsTotal: BULKY_ROWS, recordsFiltered: 0, data: [] });
    }, 60_000);

    it('frees every connection: more timed-out requests than the pool holds, then normal answers', async () => {
      const timedOut = await Promise.all(
        Array.from({ length: 14 }, () => request(server).get('/bulky/bounded').query({ search: SLOW_SEARCH })),
      );
      expect(timedOut.map((response) => response.status)).toEqual(Array(14).fill(503));
      const after = await request(server).get('/bulky/first-hundred').query({ name__icontains: 'row 99' }).expect(200);
      expect(after.body).toMatchObject({ recordsTotal: 100, recordsFiltered: 1, data: [{ name: 'row 99' }] });
    }, 60_000);

    it('leaves no timeout behind on the pooled connections', async () => {
      await request(server).get('/bulky/bounded').query({ search: SLOW_SEARCH }).expect(503);
      const sql = isMysqlFamily(kind)
        ? 'SELECT @@SESSION.max_statement_time AS timeout'
        : kind === 'postgres'
          ? 'SHOW statement_timeout'
          : null;
      if (!sql) return;
      const runners = Array.from({ length: 10 }, () => testApp.dataSource.createQueryRunner());
      try {
        const values = await Promise.all(runners.map((runner) => runner.query(sql)));
        for (const [row] of values as Array<Array<Record<string, unknown>>>) {
          expect(Number.parseFloat(String(Object.values(row!)[0]))).toBe(0);
        }
      } finally {
        await Promise.all(runners.map((runner) => runner.release()));
      }
    });

    it.each<[string, () => request.Test]>([
      [
        'a list page and its counts',
        () => request(server).get('/bulky/first-hundred').query({ name__icontains: 'row 1' }),
      ],
      [
        "a list's pane options",
        () =>
          request(server).get('/albums').query({
            year__gte: '1900',
            'searchPanes_options[cascade]': 'false',
            'searchPanes_options[viewCount]': 'true',
          }),
      ],
      [
        'an export walked in chunks',
        () => request(server).get('/albums/export').query({ format: 'csv', year__gte: '1900' }),
      ],
    ])(
      'bounds each statement of %s without another: inside it on MariaDB, by a timer on PostgreSQL',
      async (_what, send) => {
        const before = counter.timeoutStatements.length;
        const statements = await counter.during(async () => expect((await send()).status).toBe(200));
        // At least the page and a count (the default count may keep the total).
        expect(statements.length).toBeGreaterThanOrEqual(2);
        expect(counter.timeoutStatements.slice(before)).toEqual([]);
        // SQLite's export also writes, counts and drops its snapshot of the order (orderSnapshots).
        const plain =
          kind === 'sqlite' ? /^(SELECT |CREATE TEMP TABLE "wl_snapshot_\d+" AS SELECT |DROP TABLE )/ : /^SELECT /;
        for (const sql of statements)
          expect(sql).toMatch(
            isMysqlFamily(kind) ? /^SET STATEMENT max_statement_time = \d+(\.\d+)? FOR SELECT / : plain,
          );
      },
    );
  });
});
