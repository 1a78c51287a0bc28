import { Logger } from '@nestjs/common';
import type { App } from 'supertest/types.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { AlbumsController } from './fixtures/albums.controller.js';
import { LIST_TRANSPORTS, sendList, withPostTwins, type ListParameters } from './fixtures/list-transports.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

// In ES-module mode jest's object is not a global.
const mocks = (import.meta as unknown as { jest: typeof jest }).jest;

interface Envelope {
  data: Array<Record<string, unknown> & { id: number; name: string }>;
  recordsTotal: number;
  recordsFiltered: number;
  draw: number;
}

describeEachDatabase('Data tables', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [withPostTwins(AlbumsController)],
      typeormLogger: counter,
      widgetlib: { timezone: 'Europe/Oslo', dataTables: { pageSize: 7, maxPageSize: 12 } },
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  it('stores the fixture with ids 1..20', () => {
    expect(albums.map((album) => album.id)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  // Every case runs through each transport: a GET's query string, and the same parameters in a POST's body.
  describe.each(LIST_TRANSPORTS)('through %s', (transport) => {
    const send = (path: string, parameters: ListParameters = {}) => sendList(server, transport, path, parameters);

    async function list(path: string, query: ListParameters = {}): Promise<Envelope> {
      const response = await send(path, query);
      if (response.status !== 200)
        throw new Error(`${path} ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as Envelope;
    }

    /** The ids of the albums in the answer (the fixture's albums have ids 1..20 in `ALBUMS` order). */
    async function ids(query: Record<string, string>, path = '/albums'): Promise<number[]> {
      return (await list(path, { limit: '50', ...query })).data.map((row) => row.id);
    }

    describe('each parameter on its own', () => {
      it('answers the default page, ordering and counts', async () => {
        const body = await list('/albums');
        expect(body.data.map((row) => row.id)).toEqual([17, 16, 14, 15, 8]);
        expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: 20, draw: 1 });
      });

      it.each<[string, Record<string, string>, number[]]>([
        ['limit', { ordering: 'rank', limit: '3' }, [2, 20, 6]],
        ['limit and offset', { ordering: 'rank', limit: '5', offset: '5' }, [8, 4, 5, 9, 3]],
        ['page and page_size', { ordering: 'rank', page: '2', page_size: '5' }, [8, 4, 5, 9, 3]],
        ['page alone (default page size 5)', { ordering: 'rank', page: '4' }, [14, 15, 16, 17, 18]],
        ['offset past the end', { offset: '100', limit: '5' }, []],
      ])('pages with %s', async (_title, query, expected) => {
        const body = await list('/albums', query);
        expect(body.data.map((row) => row.id)).toEqual(expected);
        expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: 20 });
      });

      it('clamps limit to maxPageSize and honours -1 only with allowAll', async () => {
        expect((await list('/albums', { limit: '1000' })).data).toHaveLength(20);
        expect((await list('/albums', { limit: '-1' })).data).toHaveLength(20);
        const all = await send('/albums-all', { limit: '-1', ordering: 'id' });
        expect(all.body.data.map((row: { id: number }) => row.id)).toEqual(albums.map((album) => album.id));
        const rest = await send('/albums-all', { limit: '-1', ordering: 'id', offset: '18' });
        expect(rest.body.data.map((row: { id: number }) => row.id)).toEqual([19, 20]);
        const capped = await send('/albums-plain', { limit: '-1', ordering: 'id', offset: '0' });
        expect(capped.body.data).toHaveLength(20);
      });

      it("takes the module's page sizes when the endpoint sets none", async () => {
        expect((await list('/albums-repository')).data).toHaveLength(7);
        expect((await list('/albums-repository', { limit: '100' })).data).toHaveLength(12);
        expect((await list('/albums-repository', { limit: '100', offset: '15' })).data).toHaveLength(5);
      });

      it('echoes draw', async () => {
        expect((await list('/albums', { draw: '0' })).draw).toBe(0);
        expect((await list('/albums', { draw: '12345' })).draw).toBe(12345);
      });

      it.each<[string, number[]]>([
        ['ångström', [5, 4]],
        ['ÅNGSTRÖM', [5, 4]],
        ['abba', [2, 3, 1]],
        ['abba live', [3]],
        ['LIVE   abba', [3]],
        ['ΣΊΣ', [9]],
        ['дОм', [8]],
        ['łÓDŹ', [17]],
        ['jazz', [17, 12, 13, 9, 4]],
        ['sigur', [14, 15, 8, 19, 20]],
        ['no such album', []],
      ])('searches %j (case-insensitive for all of Unicode, terms ANDed, fields ORed)', async (search, expected) => {
        for (const path of ['/albums', '/albums-with-genres']) {
          const body = await list(path, { search, limit: '50' });
          expect(body.data.map((row) => row.id)).toEqual(expected);
          expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: expected.length });
        }
      });

      it.each<[string, number[]]>([
        ['100%', [10]],
        ['%', [10]],
        ['snake_case', [12]],
        ['_', [12]],
        ['k\\s', [14]],
        ['\\', [14]],
        ['!', []],
      ])('takes %j literally in icontains', async (text, expected) => {
        expect(await ids({ name__icontains: text })).toEqual(expected);
      });

      it.each<[string, number[]]>([
        ['rank', [2, 20, 6, 19, 1, 8, 4, 5, 9, 3, 10, 11, 7, 12, 13, 14, 15, 16, 17, 18]],
        ['-rank', [18, 17, 16, 14, 15, 13, 12, 7, 10, 11, 3, 9, 4, 5, 8, 1, 6, 19, 2, 20]],
        ['name', [11, 10, 2, 3, 20, 5, 4, 1, 14, 15, 7, 17, 18, 12, 13, 19, 6, 16, 9, 8]],
        ['-name', [8, 9, 16, 6, 19, 13, 12, 18, 17, 7, 15, 14, 1, 4, 5, 20, 3, 2, 10, 11]],
        ['artist__name', [7, 16, 1, 2, 3, 4, 5, 9, 18, 6, 17, 10, 11, 12, 13, 8, 14, 15, 19, 20]],
        ['-artist__name', [8, 14, 15, 19, 20, 10, 11, 12, 13, 6, 17, 4, 5, 9, 18, 1, 2, 3, 7, 16]],
        ['sales', [3, 5, 16, 12, 13, 10, 11, 8, 18, 17, 9, 4, 14, 15, 6, 20, 19, 1, 7, 2]],
        ['is_live,-year', [16, 14, 8, 12, 13, 19, 6, 9, 11, 20, 2, 4, 18, 1, 7, 17, 15, 5, 10, 3]],
        ['released', [7, 1, 3, 18, 4, 2, 10, 11, 9, 20, 6, 5, 12, 13, 19, 8, 14, 15, 16, 17]],
        ['-recorded_at', [17, 16, 15, 14, 8, 19, 13, 12, 5, 6, 20, 9, 11, 10, 2, 4, 18, 3, 1, 7]],
        ['artist__country,-id', [17, 16, 7, 6, 20, 19, 18, 15, 14, 9, 8, 5, 4, 3, 2, 1, 13, 12, 11, 10]],
      ])('orders by %s with the primary key last', async (ordering, expected) => {
        expect(await ids({ ordering })).toEqual(expected);
        expect(await ids({ ordering }, '/albums-with-genres')).toEqual(expected);
      });

      it.each<[string, string, number[]]>([
        ['name', 'Takk', [19]],
        ['name', 'takk', []],
        // Exact means trailing spaces too, on MariaDB through either driver type.
        ['name', 'Takk ', []],
        ['name__in', 'Takk ,Zebra', [16]],
        ['name__in', 'Takk,Zebra,nope', [16, 19]],
        ['name__icontains', 'ABBA', [2, 3]],
        ['year', '1999', [11, 10, 20, 9]],
        ['year__gte', '2010', [17, 16, 14, 15, 8]],
        ['year__lte', '1976', [1, 7]],
        ['year__range', '1986,1992', [2, 4, 3, 18]],
        ['year__range', '2015,', [17, 16, 14, 15]],
        ['year__range', ',1970', [7]],
        ['year__in', '1970, 2010', [8, 7]],
        ['rank__in', '1,2', [19, 6, 20, 2]],
        ['is_live', 'true', [17, 15, 5, 10, 3]],
        ['is_live', 'YES', [17, 15, 5, 10, 3]],
        ['is_live', '1', [17, 15, 5, 10, 3]],
        ['sales', '400', [14, 15]],
        ['sales__gte', '1000', [2, 1, 7]],
        ['sales__range', '0,10', [12, 13, 10]],
        ['sales__isnull', 'true', [16, 5, 3]],
        ['released', '2020-02-29', [16]],
        ['released__range', '1999-01-01,1999-12-31', [11, 10, 20, 9]],
        ['released__gte', '2015-08-09', [17, 16, 15]],
        // Date bounds of a date-time cover the whole day in Europe/Oslo.
        ['recorded_at', '1992-03-03', [4]],
        ['recorded_at__range', '2001-12-31,2001-12-31', []],
        ['recorded_at__range', '2002-01-01,2002-01-01', [5]],
        ['recorded_at__gte', '2020-11-11', [17]],
        ['recorded_at__lte', '1970-01-01', [7]],
        ['recorded_at', '2001-01-01T01:00:00+01:00', [6]],
        ['recorded_at', '2001-01-01T01:00', [6]],
        ['artist', '1', [2, 3, 1]],
        ['artist__isnull', 'true', [16, 7]],
        ['artist__name', 'ABBA', [2, 3, 1]],
        ['artist__name', 'abba', []],
        ['artist__name', 'ABBA ', []],
        ['artist__name__icontains', 'sigur rós', [14, 15, 8, 19, 20]],
        ['artist__country__isnull', 'true', [17, 16, 6, 7]],
        ['genres__id', '5', [19, 20, 18, 7]],
        ['genres__name', 'Rock', [17, 14, 15, 6, 3, 7]],
        ['genres__name__icontains', 'ÉLECTRO', [19, 5, 4]],
        ['genres__name__isnull', 'true', [16, 8]],
        ['genres__name__isnull', 'false', [17, 14, 15, 12, 13, 19, 5, 6, 11, 10, 20, 9, 2, 4, 3, 18, 1, 7]],
      ])('filters %s=%s', async (parameter, value, expected) => {
        for (const path of ['/albums', '/albums-with-genres', '/albums-plain']) {
          const body = await list(path, { [parameter]: value, limit: '50' });
          expect(body.data.map((row) => row.id)).toEqual(expected);
          expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: expected.length });
        }
      });

      it('counts to-many filters once per album', async () => {
        const body = await list('/albums-with-genres', { genres__id__in: '1,4', limit: '3' });
        expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: 10 });
        expect(body.data).toHaveLength(3);
      });

      it('ignores unrelated parameters', async () => {
        expect(await ids({ _: '1700000000000', unknown: 'x', 'columns[x]': 'y' })).toEqual(await ids({}));
      });
    });

    describe('parameters combined', () => {
      it.each<[Record<string, string>, number[], number]>([
        [{ search: 'blues', year: '2005', ordering: '-name' }, [13, 12], 2],
        [{ genres__name: 'Rock', is_live: 'true', ordering: 'name' }, [3, 15, 17], 3],
        [{ search: 'sigur rós', year__gte: '2005', ordering: '-rank,name' }, [14, 15, 8, 19], 4],
        [{ search: 'pure', genres__name: 'Pop', is_live: 'false' }, [11], 1],
        [{ artist__country: 'Iceland', sales__gte: '300', ordering: 'sales', limit: '2', offset: '1' }, [14, 15], 5],
        [{ name__icontains: 'a', year__range: '1990,2005', ordering: '-sales', page: '2', page_size: '2' }, [20, 6], 8],
      ])('%j', async (query, expected, filtered) => {
        for (const path of ['/albums', '/albums-with-genres']) {
          const body = await list(path, query);
          expect(body.data.map((row) => row.id)).toEqual(expected);
          expect(body).toMatchObject({ recordsTotal: 20, recordsFiltered: filtered });
        }
      });
    });

    describe('paging is stable over a non-unique ordering', () => {
      it.each([
        ['/albums', 'year'],
        ['/albums-with-genres', '-rank'],
        ['/albums-with-genres', 'is_live'],
        ['/albums', 'artist__country'],
      ])('%s ordered by %s returns each album exactly once', async (path, ordering) => {
        const seen: number[] = [];
        for (let offset = 0; offset < 20; offset += 3) {
          const body = await list(path, { ordering, limit: '3', offset: String(offset) });
          expect(body.data.length).toBe(Math.min(3, 20 - offset));
          seen.push(...body.data.map((row) => row.id));
        }
        expect([...seen].sort((a, b) => a - b)).toEqual(albums.map((album) => album.id));
      });
    });

    describe('scoping', () => {
      it('counts the base query with its own WHERE (and its OR) as recordsTotal', async () => {
        // live albums, or Zebra
        const body = await list('/live-albums', { limit: '50', ordering: 'id' });
        expect(body.data.map((row) => row.id)).toEqual([3, 5, 10, 15, 16, 17]);
        expect(body).toMatchObject({ recordsTotal: 6, recordsFiltered: 6 });
        const searched = await list('/live-albums', { search: 'abba', limit: '50' });
        expect(searched.data.map((row) => row.id)).toEqual([3]);
        expect(searched).toMatchObject({ recordsTotal: 6, recordsFiltered: 1 });
        const filtered = await list('/live-albums', { is_live: 'false' });
        expect(filtered.data.map((row) => row.id)).toEqual([16]);
        expect(filtered).toMatchObject({ recordsTotal: 6, recordsFiltered: 1 });
      });

      it('counts a base query scoped through a to-many join once per album', async () => {
        const body = await list('/rock-albums', { limit: '50', ordering: 'id' });
        expect(body.data.map((row) => row.id)).toEqual([3, 6, 7, 14, 15, 17]);
        expect(body).toMatchObject({ recordsTotal: 6, recordsFiltered: 6 });
        const jazz = await list('/rock-albums', { genres__name: 'Jazz' });
        expect(jazz.data.map((row) => row.id)).toEqual([17]);
        expect(jazz).toMatchObject({ recordsTotal: 6, recordsFiltered: 1 });
      });
    });

    describe('rows', () => {
      it('have the own fields (without @Exclude), relations nested, dates in ISO 8601 and actions', async () => {
        const body = await list('/albums-with-genres', { name: 'Über Alles' });
        expect(body.data).toEqual([
          {
            id: 6,
            name: 'Über Alles',
            rank: 2,
            year: 2001,
            released: '2001-01-01',
            recorded_at: '2001-01-01T01:00:00.000+01:00',
            is_live: false,
            sales: 700,
            artist: { id: 4, name: 'Motörhead', country: null },
            genres: [{ id: 2, name: 'Rock' }],
            actions: { edit_url: '/albums/6/edit', delete_url: '/albums/6/delete' },
          },
        ]);
      });

      it('load every to-many relation of the page in the same statement', async () => {
        const body = await list('/albums-with-genres', { ordering: 'id', limit: '50' });
        const genresById = new Map(
          body.data.map((row) => [row.id, (row.genres as { name: string }[]).map((genre) => genre.name).sort()]),
        );
        expect(genresById).toEqual(
          new Map(albums.map((album) => [album.id, album.genres.map((genre) => genre.name).sort()])),
        );
      });

      it('show a date-time in the summer offset of the zone', async () => {
        const body = await list('/albums', { name: 'Σίσυφος' });
        expect(body.data[0]).toMatchObject({ recorded_at: '1999-06-06T01:00:00.000+02:00', artist: { name: 'Björk' } });
      });

      it('go through the row mapper', async () => {
        const body = await list('/albums-mapped', { name: 'Takk' });
        expect(body.data).toEqual([
          {
            id: 19,
            title: 'Takk (2005)',
            recorded_at: '2005-09-12T12:00:00.000+02:00',
            actions: { edit_url: '/albums/19/edit', delete_url: '/albums/19/delete' },
          },
        ]);
      });

      it('of a Repository hold the own fields', async () => {
        const body = await list('/albums-repository', { search: 'takk' });
        expect(body.data).toEqual([
          {
            id: 19,
            name: 'Takk',
            rank: 2,
            year: 2005,
            released: '2005-09-12',
            recorded_at: '2005-09-12T12:00:00.000+02:00',
            is_live: false,
            sales: 900,
          },
        ]);
      });
    });

    describe('the native DataTables protocol over HTTP', () => {
      const nativeQuery =
        'draw=4&start=1&length=2&search%5Bvalue%5D=u&search%5Bregex%5D=false' +
        '&columns%5B0%5D%5Bdata%5D=name&columns%5B0%5D%5Bname%5D=&columns%5B0%5D%5Bsearchable%5D=true' +
        '&columns%5B0%5D%5Borderable%5D=true&columns%5B0%5D%5Bsearch%5D%5Bvalue%5D=&columns%5B0%5D%5Bsearch%5D%5Bregex%5D=false' +
        '&columns%5B1%5D%5Bdata%5D=artist.name&columns%5B1%5D%5Bname%5D=artist__name&columns%5B1%5D%5Bsearchable%5D=true' +
        '&columns%5B1%5D%5Borderable%5D=true&columns%5B1%5D%5Bsearch%5D%5Bvalue%5D=&columns%5B1%5D%5Bsearch%5D%5Bregex%5D=false' +
        '&columns%5B2%5D%5Bdata%5D=year&columns%5B2%5D%5Bname%5D=&columns%5B2%5D%5Bsearchable%5D=false' +
        '&columns%5B2%5D%5Borderable%5D=true&columns%5B2%5D%5Bsearch%5D%5Bvalue%5D=1999&columns%5B2%5D%5Bsearch%5D%5Bregex%5D=false' +
        '&order%5B0%5D%5Bcolumn%5D=1&order%5B0%5D%5Bdir%5D=desc&order%5B1%5D%5Bcolumn%5D=0&order%5B1%5D%5Bdir%5D=asc&_=1712345678';
      // Year 1999 (column 2's own search) and "u" in the name, artist or genres: 10 and 11 (Pure),
      // 20 (Ágætis byrjun, Sigur Rós), not 9 (Σίσυφος, Björk, Jazz). Artist descending, then name:
      // 20, 11 ("100 Pure"), 10 ("100% Pure"); from 1, 2 rows.
      const expectedIds = [11, 10];

      async function nativeAnswer(): Promise<Envelope> {
        const response = await send('/albums', nativeQuery);
        expect(response.status).toBe(200);
        return response.body as Envelope;
      }

      it('is read from the flat keys of the default query parser', async () => {
        const body = await nativeAnswer();
        expect(body.data.map((row) => row.id)).toEqual(expectedIds);
        expect(body).toMatchObject({ draw: 4, recordsTotal: 20, recordsFiltered: 3 });
      });

      it('is read from the nested objects of the extended query parser', async () => {
        const express = testApp.app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void };
        express.set('query parser', 'extended');
        try {
          const body = await nativeAnswer();
          expect(body.data.map((row) => row.id)).toEqual(expectedIds);
          expect(body).toMatchObject({ draw: 4, recordsTotal: 20, recordsFiltered: 3 });
        } finally {
          express.set('query parser', 'simple');
        }
      });
    });

    describe('envelopes built by the handler', () => {
      it('pass through when valid', async () => {
        const response = await send('/own-envelope/valid');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ data: [{ id: 1 }], recordsTotal: 1, recordsFiltered: 1, draw: 1 });
      });

      it.each([
        ['missing-draw', 'draw must be an integer >= 0, got nothing'],
        ['string-total', 'recordsTotal must be an integer >= 0, got the string "1"'],
        ['data-object', 'data must be an array, got an object'],
        ['other', 'returned string'],
      ])('answer 500 with a log line naming the member when %s', async (shape, logged) => {
        const errors = mocks.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
        try {
          const response = await send(`/own-envelope/${shape}`);
          expect(response.status).toBe(500);
          expect(errors.mock.calls.map((call) => String(call[0])).join('\n')).toContain(logged);
        } finally {
          errors.mockRestore();
        }
      });

      it('answer 500 with a log line for options that do not fit the entity', async () => {
        const errors = mocks.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
        try {
          const response = await send('/misconfigured');
          expect(response.status).toBe(500);
          const log = errors.mock.calls.map((call) => String(call[0])).join('\n');
          expect(log).toContain('ordering field genres__name crosses a to-many relation');
          expect(log).toContain('search field year is not a text field');
        } finally {
          errors.mockRestore();
        }
      });
    });

    describe('bad input is a 400 naming the parameter, with draw echoed', () => {
      it.each<[string, string]>([
        ['limit=abc', 'limit'],
        ['limit=0', 'limit'],
        ['limit=2.5', 'limit'],
        ['limit=-7', 'limit'],
        ['offset=-1', 'offset'],
        ['offset=ten', 'offset'],
        ['page=0', 'page'],
        ['page=x&page_size=5', 'page'],
        ['page_size=many', 'page_size'],
        ['page=2&offset=10', 'page'],
        ['start=-5', 'start'],
        ['length=zero', 'length'],
        ['ordering=secret', 'ordering'],
        ['ordering=name,-genres__name', 'ordering'],
        ['password__icontains=x', 'password__icontains'],
        ['year__icontains=19', 'year__icontains'],
        ['is_live__gte=true', 'is_live__gte'],
        ['year=nineteen', 'year'],
        ['year=1e3', 'year'],
        ['rank=99999999999', 'rank'],
        ['sales__range=1', 'sales__range'],
        ['sales__range=a,b', 'sales__range'],
        ['is_live=maybe', 'is_live'],
        ['sales__isnull=perhaps', 'sales__isnull'],
        ['is_live=constructor', 'is_live'],
        ['sales__isnull=__proto__', 'sales__isnull'],
        ['sales__isnull=constructor', 'sales__isnull'],
        ['released=2020-02-30', 'released'],
        ['released__gte=yesterday', 'released__gte'],
        ['recorded_at__lte=noon', 'recorded_at__lte'],
        ['artist=abc', 'artist'],
        ['genres__id__in=1,two', 'genres__id__in'],
        [`search=${'x'.repeat(257)}`, 'search'],
        ['search=a%00b', 'search'],
        ['limit=1&limit=2', 'limit'],
        ['order%5B0%5D%5Bcolumn%5D=3', 'order[0][column]'],
        ['order%5B0%5D%5Bname%5D=name&order%5B0%5D%5Bdir%5D=sideways', 'order[0][dir]'],
        ['order%5B0%5D%5Bname%5D=secret', 'order[0][name]'],
        [
          'columns%5B0%5D%5Bdata%5D=rank&columns%5B0%5D%5Bsearch%5D%5Bvalue%5D=3&columns%5B0%5D%5Bname%5D=secret',
          'columns[0][search][value]',
        ],
      ])('%s', async (query, parameter) => {
        const response = await send('/albums', `draw=7&${query}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', draw: 7 });
        expect((response.body.message as string[]).join('\n')).toContain(parameter);
      });

      it.each(['draw=x', 'draw=-1', 'draw=1.5'])('%s (draw not echoed when it is the bad one)', async (query) => {
        const response = await send('/albums', query);
        expect(response.status).toBe(400);
        expect(response.body.draw).toBeUndefined();
        expect((response.body.message as string[]).join('\n')).toContain('draw');
      });
    });

    describe('statements per request (counted from what TypeORM logs)', () => {
      async function statementsOf(path: string, query: ListParameters): Promise<string[]> {
        return counter.during(() => list(path, query));
      }

      /** The statements of an unfiltered request, the count first (they run concurrently). */
      function sortedCountFirst(statements: string[]): string[] {
        expect(statements).toHaveLength(2);
        return [...statements].sort((a, b) => Number(/COUNT\(/.test(b)) - Number(/COUNT\(/.test(a)));
      }

      it('unfiltered, no to-many join: one count and one page', async () => {
        const statements = await statementsOf('/albums', {});
        expect(statements).toHaveLength(2);
        expect(statements.filter((sql) => /COUNT\(/.test(sql))).toHaveLength(1);
      });

      // The default count ('cached-total') keeps the total an unfiltered request counts: a filtered
      // request then counts only its own rows.
      it('filtered and searched, the total kept: the filtered count with the conditions in WHERE, and one page', async () => {
        await statementsOf('/albums', {});
        const statements = await statementsOf('/albums', { search: 'a', year__gte: '1990', ordering: 'artist__name' });
        expect(statements).toHaveLength(2);
        const counts = statements.filter((sql) => /COUNT\(/.test(sql));
        expect(counts).toHaveLength(1);
        expect(counts[0]).toMatch(/WHERE/);
        // No conditional count (a CASE inside the aggregate); SQLite's search itself may hold a CASE.
        expect(counts.join('\n')).not.toMatch(/(COUNT|SUM)\((DISTINCT )?CASE/);
      });

      it('to-many join: unfiltered two; with a to-many filter and search, the total kept, two whatever the page size', async () => {
        expect(await statementsOf('/albums-with-genres', { limit: '50' })).toHaveLength(2);
        expect(
          await statementsOf('/albums-with-genres', { genres__name: 'Rock', search: 'o', limit: '2' }),
        ).toHaveLength(2);
      });

      it('filters a to-many path through the join table, without a second copy of the listed table', async () => {
        const statements = await statementsOf('/albums-with-genres', { genres__name: 'Rock' });
        const filtered = statements.find((sql) => !/COUNT\(/.test(sql) && /EXISTS/.test(sql))!;
        expect(filtered).toBeDefined();
        const subquery = filtered.slice(filtered.indexOf('EXISTS'));
        expect(subquery).toMatch(/fx_album_genres/);
        expect(subquery).not.toMatch(/FROM ["`]?fx_album["`]? /);
      });

      it('counts and pages without the joins that only load relations', async () => {
        const [count, page] = sortedCountFirst(await statementsOf('/albums-with-genres', { ordering: 'name' }));
        expect(count).not.toMatch(/JOIN|DISTINCT/);
        expect(page).not.toMatch(/DISTINCT/);
        expect(page!.match(/fx_album_genres/g)).toHaveLength(1);
      });

      it('keeps a to-many join that scopes the base query, with DISTINCT', async () => {
        const [count, page] = sortedCountFirst(await statementsOf('/rock-albums', {}));
        expect(count).toMatch(/COUNT\(DISTINCT/);
        expect(page).toMatch(/SELECT DISTINCT/);
      });

      it('a Repository: two, and two when searched once the unfiltered count keeps the total', async () => {
        expect(await statementsOf('/albums-repository', {})).toHaveLength(2);
        expect(await statementsOf('/albums-repository', { search: 'a' })).toHaveLength(2);
      });
    });
  });
});
