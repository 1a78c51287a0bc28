import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { ALBUMS, ARTISTS, GENRES, seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer, type ReferenceRequest } from './fixtures/album-table.reference.js';
import { albumOptionLabel, albumOptionValue, referencePaneOptions } from './fixtures/album-panes.reference.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

/** Random valid requests per database, each compared with the plain TypeScript reference. */
export const PROPERTY_RUNS = 250;
/** Random junk requests per database, each of which must get a 200 or a 400. */
export const FUZZ_RUNS = 300;
const TIMEZONE = 'Europe/Oslo';

const TERMS = [
  'a',
  'A',
  'ab',
  'ABBA',
  'live',
  'ång',
  'ÅNG',
  'ström',
  'Ö',
  'ü',
  'Ü',
  'Σ',
  'ί',
  'ΣΊΣ',
  'дом',
  'Д',
  'ł',
  'ŁÓ',
  'Ź',
  '100',
  '100%',
  '%',
  '_',
  'e_c',
  '\\',
  'k\\s',
  '!',
  'pure',
  'sigur',
  'RÓS',
  'jazz',
  'ROCK',
  'élec',
  'É',
  'o',
  'x',
  'z',
  'é',
  'æ',
  ' ',
  'nope',
  'İ',
  'LİVE',
];
const NAMES = ALBUMS.map((album) => album.name);
const YEARS = [...new Set(ALBUMS.map((album) => album.year))];
const INSTANTS = ALBUMS.map((album) => album.recorded_at);

const year = fc.integer({ min: 1965, max: 2025 });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const range = <T>(bound: fc.Arbitrary<T>) =>
  fc.tuple(optional(bound), optional(bound)).map(([from, to]) => `${from ?? ''},${to ?? ''}`);
const list = <T>(values: fc.Arbitrary<T>) =>
  fc.array(values, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
const bool = fc.constantFrom('true', 'false', '1', '0', 'yes', 'NO', 'True');
const day = fc
  .date({ min: new Date('1965-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc.oneof(
  day,
  fc.constantFrom(...INSTANTS),
  fc
    .date({ min: new Date('1965-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 16)),
);

const FILTERS: Record<string, fc.Arbitrary<string>> = {
  name: fc.constantFrom(...NAMES, 'takk', 'nope'),
  name__icontains: fc.constantFrom(...TERMS),
  name__in: list(fc.constantFrom(...NAMES, 'nope')),
  rank: fc.integer({ min: 0, max: 16 }).map(String),
  rank__in: list(fc.integer({ min: 0, max: 16 })),
  rank__range: range(fc.integer({ min: 0, max: 16 })),
  year: fc.constantFrom(...YEARS).map(String),
  year__gte: year.map(String),
  year__lte: year.map(String),
  year__range: range(year),
  year__in: list(fc.constantFrom(...YEARS, 1971)),
  released: fc.constantFrom(...ALBUMS.map((album) => album.released), '2000-01-01'),
  released__gte: day,
  released__lte: day,
  released__range: range(day),
  recorded_at: instant,
  recorded_at__gte: instant,
  recorded_at__lte: instant,
  recorded_at__range: range(instant),
  is_live: bool,
  sales: fc.constantFrom('0', '1', '400', '5000', '7'),
  sales__gte: fc.integer({ min: -1, max: 6000 }).map(String),
  sales__lte: fc.integer({ min: -1, max: 6000 }).map(String),
  sales__range: range(fc.integer({ min: -1, max: 6000 })),
  sales__isnull: bool,
  artist: fc.integer({ min: 1, max: 6 }).map(String),
  artist__isnull: bool,
  artist__name: fc.constantFrom(...ARTISTS.map((artist) => artist.name), 'abba'),
  artist__name__icontains: fc.constantFrom(...TERMS),
  artist__name__isnull: bool,
  artist__country: fc.constantFrom('Iceland', 'Sweden', 'UK', 'iceland'),
  artist__country__isnull: bool,
  genres__id: fc.integer({ min: 1, max: 6 }).map(String),
  genres__id__in: list(fc.integer({ min: 1, max: 6 })),
  genres__name: fc.constantFrom(...GENRES, 'rock'),
  genres__name__icontains: fc.constantFrom(...TERMS),
  genres__name__isnull: bool,
};

/** The fixture's endpoints and the albums each base query scopes to. */
const SCOPES: Record<string, (album: StoredAlbum) => boolean> = {
  '/albums': () => true,
  '/albums-with-genres': () => true,
  '/albums-plain': () => true,
  '/live-albums': (album) => album.is_live || album.name === 'Zebra',
  '/rock-albums': (album) => album.genres.some((genre) => genre.name === 'Rock'),
};

const optionValue = albumOptionValue(TIMEZONE);
/** Values each pane may select: the fixture's (as option values), look-alikes that match nothing, the empty option. */
const PANE_VALUES: Record<string, (string | null)[]> = {
  year: [...YEARS.map(String), '1971'],
  is_live: ['true', 'false'],
  sales: [...new Set(ALBUMS.map((album) => album.sales).filter((sales) => sales !== null)), 7].map(String),
  released: [...ALBUMS.map((album) => album.released), '2000-01-01'],
  recorded_at: [...INSTANTS, '2000-01-01T00:00:00Z'].map((at) => optionValue('recorded_at', new Date(at))),
  artist__name: [...ARTISTS.map((artist) => artist.name), 'abba'],
  artist__country: ['Iceland', 'Sweden', 'UK', 'iceland'],
  genres__name: [...GENRES, 'rock'],
};
const PANES = ALBUM_TABLE.panes ?? [];

const validRequest: fc.Arbitrary<ReferenceRequest & { path: string; panesOnPage: boolean }> = fc.record({
  panesOnPage: fc.boolean(),
  panes: fc
    .uniqueArray(fc.constantFrom(...PANES), { maxLength: 2 })
    .chain((paths) =>
      paths.length === 0
        ? fc.constant([])
        : fc.tuple(
            ...paths.map((path) =>
              fc
                .uniqueArray(fc.constantFrom(...PANE_VALUES[path]!, null), { minLength: 1, maxLength: 3 })
                .map((values): [string, (string | null)[]] => [path, values]),
            ),
          ),
    ),
  path: fc.constantFrom(...Object.keys(SCOPES)),
  search: optional(fc.array(fc.constantFrom(...TERMS), { maxLength: 3 }).map((terms) => terms.join(' '))),
  filters: fc
    .uniqueArray(fc.constantFrom(...Object.keys(FILTERS)), { maxLength: 3 })
    .chain((names) =>
      names.length === 0
        ? fc.constant([])
        : fc.tuple(...names.map((name) => FILTERS[name]!.map((value): [string, string] => [name, value]))),
    ),
  ordering: fc
    .uniqueArray(fc.constantFrom(...(ALBUM_TABLE.orderingFields ?? [])), { maxLength: 3 })
    .chain((fields) =>
      fields.length === 0
        ? fc.constant([])
        : fc.tuple(...fields.map((field) => fc.boolean().map((descending) => (descending ? `-${field}` : field)))),
    ),
  limit: fc.integer({ min: 1, max: 7 }),
  offset: fc.integer({ min: 0, max: 22 }),
});

/** Pane selections as SearchPanes sends them (by the columns' data sources), and its options when it is on the page. */
function searchPanesParameters(panes: [string, (string | null)[]][], onPage: boolean): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [path, values] of panes) {
    const field = path.replaceAll('__', '.');
    values.forEach((value, index) => {
      parameters[`searchPanes[${field}][${index}]`] = value ?? '';
      parameters[`searchPanes_null[${field}][${index}]`] = String(value === null);
    });
  }
  if (panes.length > 0) parameters.searchPanesLast = panes.at(-1)![0].replaceAll('__', '.');
  if (onPage) {
    for (const option of ['cascade', 'viewCount', 'viewTotal']) parameters[`searchPanes_options[${option}]`] = 'true';
  }
  return parameters;
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as a browser would send). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const LOOKUP_NAMES = ['', '__exact', '__icontains', '__gte', '__lte', '__in', '__range', '__isnull'];
const FUZZED_PARAMETERS = [
  'limit',
  'offset',
  'page',
  'page_size',
  'draw',
  'search',
  'ordering',
  'start',
  'length',
  'search[value]',
  'search[regex]',
  'order[0][column]',
  'order[0][dir]',
  'order[0][name]',
  'order[1][column]',
  'columns[0][data]',
  'columns[0][name]',
  'columns[0][searchable]',
  'columns[0][orderable]',
  'columns[0][search][value]',
  'columns[0][search][regex]',
  'password',
  ...['id', ...Object.keys(ALBUM_TABLE.filters ?? {}), 'secret', 'genres__secret'].flatMap((path) =>
    LOOKUP_NAMES.map((lookup) => `${path}${lookup}`),
  ),
];
const junkValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map(encode),
  fc.string({ maxLength: 20 }).map(encode),
  fc
    .uint8Array({ maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc
    .constantFrom(
      '-1',
      '0',
      '1e999',
      '99999999999999999999',
      '-0',
      ' 5',
      '0x10',
      'NaN',
      'true',
      ',',
      ',,',
      '%',
      '%25',
      '2020-02-30',
      '2020-02-29T25:00',
      '9999-12-31',
      '0000-01-01',
      '-name',
      'name,-',
      '1,2,',
      'null',
      '[]',
    )
    .map(encode),
);
const junkRequest = fc.uniqueArray(fc.tuple(fc.constantFrom(...FUZZED_PARAMETERS), junkValue), {
  maxLength: 6,
  selector: ([name]) => name,
});

const FUZZED_PANE_PARAMETERS = [
  ...[
    ...PANES.map((path) => path.replaceAll('__', '.')),
    'genres__name',
    'name',
    'secret',
    'artist.secret',
    '',
  ].flatMap((field) => [`searchPanes[${field}][0]`, `searchPanes_null[${field}][0]`, `searchPanes[${field}][1]`]),
  'searchPanes_null[year][1]',
  'searchPanes[year]',
  'searchPanes[year][]',
  'searchPanes[year][0][0]',
  'searchPanes[a]b][0]',
  'searchPanes',
  'searchPanes_null',
  'searchPanes_options[cascade]',
  'searchPanes_options[viewTotal]',
  'searchPanes_options[foo]',
  'searchPanes_options',
  'searchPanesLast',
  'searchPanes_other',
];
const paneValue = fc.oneof(
  junkValue,
  fc
    .constantFrom(
      ...Object.values(PANE_VALUES)
        .flat()
        .filter((value) => value !== null),
    )
    .map(encode),
);
const junkPaneRequest = fc.uniqueArray(fc.tuple(fc.constantFrom(...FUZZED_PANE_PARAMETERS), paneValue), {
  minLength: 1,
  maxLength: 6,
  selector: ([name]) => name,
});

describeEachDatabase('Data tables against the reference', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AlbumsController],
      widgetlib: { timezone: TIMEZONE },
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  it(`answers ${PROPERTY_RUNS} random valid requests exactly like the reference`, async () => {
    await fc.assert(
      fc.asyncProperty(validRequest, async ({ path, panesOnPage, ...tableRequest }) => {
        const query: Record<string, string> = {
          limit: String(tableRequest.limit),
          offset: String(tableRequest.offset),
          ...Object.fromEntries(tableRequest.filters),
          ...searchPanesParameters(tableRequest.panes ?? [], panesOnPage),
        };
        if (tableRequest.search !== undefined) query.search = tableRequest.search;
        if (tableRequest.ordering.length > 0) query.ordering = tableRequest.ordering.join(',');
        const response = await request(server).get(path).query(query);
        expect(response.status).toBe(200);
        const options = {
          searchFields: ALBUM_TABLE.searchFields ?? [],
          timezone: TIMEZONE,
          scope: SCOPES[path],
          optionValue,
        };
        const expected = referenceAnswer(albums, tableRequest, options);
        const panesAsked = panesOnPage || (tableRequest.panes ?? []).length > 0;
        expect({
          ids: (response.body.data as { id: number }[]).map((row) => row.id),
          recordsTotal: response.body.recordsTotal,
          recordsFiltered: response.body.recordsFiltered,
          searchPanes: response.body.searchPanes,
        }).toEqual({
          ...expected,
          searchPanes: panesAsked
            ? {
                options: referencePaneOptions(albums, tableRequest, {
                  ...options,
                  optionLabel: albumOptionLabel(TIMEZONE),
                  panes: PANES,
                  maxOptions: 100,
                }),
              }
            : undefined,
        });
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 240_000);

  it(`answers ${FUZZ_RUNS} random junk requests with 200 or 400, never 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(junkRequest, fc.constantFrom('/albums', '/albums-with-genres'), async (pairs, path) => {
        const queryString = pairs.map(([name, value]) => `${encode(name)}=${value}`).join('&');
        const response = await request(server).get(`${path}?${queryString}`);
        expect([200, 400]).toContain(response.status);
        if (response.status === 400) expect(Array.isArray(response.body.message)).toBe(true);
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 240_000);

  it(`answers ${FUZZ_RUNS} random SearchPanes requests with 200 or 400 naming a parameter sent, never 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(junkPaneRequest, fc.constantFrom('/albums', '/rock-albums'), async (pairs, path) => {
        const queryString = pairs.map(([name, value]) => `${encode(name)}=${value}`).join('&');
        const response = await request(server).get(`${path}?${queryString}`);
        expect([200, 400]).toContain(response.status);
        if (response.status === 200) {
          expect(typeof response.body.searchPanes.options).toBe('object');
          return;
        }
        // A message names the parameter, or the pane (`searchPanes[<field>]`) its selection belongs to.
        const named = pairs.flatMap(([name]) => [name, name.replace(/\[\d+\]$/, '')]);
        for (const message of response.body.message as string[]) {
          expect(named.some((name) => message.startsWith(name))).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 240_000);
});
