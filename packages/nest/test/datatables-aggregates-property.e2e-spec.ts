import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  FORMATS,
  NAME_WORDS,
  seedTally,
  TALLY_ENTITIES,
  TallyController,
  type StoredTally,
} from './fixtures/tally.fixture.js';
import { referenceTally, type TallyRequest } from './fixtures/tally.reference.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

/** Random requests per database and endpoint kind, each compared with the plain TypeScript reference. */
const PROPERTY_RUNS = 60;

const FILTERS: Record<string, fc.Arbitrary<string>> = {
  format: fc.constantFrom(...FORMATS, 'CD'),
  format__in: fc
    .uniqueArray(fc.constantFrom(...FORMATS), { minLength: 1, maxLength: 2 })
    .map((items) => items.join(',')),
  year__gte: fc.integer({ min: 1989, max: 2001 }).map(String),
  year__lte: fc.integer({ min: 1989, max: 2001 }).map(String),
  price__gte: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2)),
  price__isnull: fc.constantFrom('true', 'false'),
  artist__name: fc.constantFrom(...NAME_WORDS.flatMap((word) => [0, 1, 2, 3].map((index) => `${word} ${index}`))),
  songs__seconds__gte: fc.integer({ min: 1, max: 950 }).map(String),
  tags__name: fc.constantFrom('tag0', 'tag1', 'tag2', 'tag3', 'tag4', 'tag9'),
};

const tallyRequest: fc.Arbitrary<TallyRequest> = fc.record({
  search: fc.option(
    fc
      .array(fc.constantFrom(...NAME_WORDS, 'blue', 'STRÖM', 'e', 'x', '1'), { maxLength: 2 })
      .map((terms) => terms.join(' ')),
    { nil: undefined },
  ),
  filters: fc
    .uniqueArray(fc.constantFrom(...Object.keys(FILTERS)), { maxLength: 3 })
    .chain((names) =>
      names.length === 0
        ? fc.constant([])
        : fc.tuple(...names.map((name) => FILTERS[name]!.map((value): [string, string] => [name, value]))),
    ),
  ordering: fc.option(fc.constantFrom('id', '-id'), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 12 }),
  offset: fc.integer({ min: 0, max: 30 }),
});

function queryOf(tally: TallyRequest): Record<string, string> {
  const query: Record<string, string> = {
    limit: String(tally.limit),
    offset: String(tally.offset),
    ...Object.fromEntries(tally.filters),
  };
  if (tally.search !== undefined) query.search = tally.search;
  if (tally.ordering) query.ordering = tally.ordering;
  return query;
}

const ENDPOINTS: Record<string, Parameters<typeof referenceTally>[2]> = {
  '/tally/plain': {},
  '/tally/with-songs': {},
  '/tally/grouped': { group: (album) => album.format },
  // A date group: keyed by the day as the rows write it (yyyy-MM-dd), `''` for the albums without one.
  '/tally/grouped-by-released': { group: (album) => album.released },
  '/tally/grouped-by-artist': {
    scope: (album) => album.tags.length > 0,
    group: (album) => album.artist?.name ?? null,
  },
};

describeEachDatabase('Data table aggregates and group subtotals against the reference', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredTally[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: TALLY_ENTITIES, controllers: [TallyController] });
    server = testApp.app.getHttpServer() as App;
    albums = await seedTally(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  for (const [path, options] of Object.entries(ENDPOINTS)) {
    it(`${path}: ${PROPERTY_RUNS} random searches and filters give the reference's aggregates${options.group ? ' and groups' : ''}`, async () => {
      await fc.assert(
        fc.asyncProperty(tallyRequest, async (tally) => {
          const response = await request(server).get(path).query(queryOf(tally));
          expect(response.status).toBe(200);
          const expected = referenceTally(albums, tally, options);
          expect({
            recordsFiltered: response.body.recordsFiltered,
            aggregates: response.body.aggregates,
            ids: (response.body.data as { id: number }[]).map((row) => row.id),
            ...(options.group ? { groups: response.body.groups } : {}),
          }).toEqual(expected);
        }),
        { numRuns: PROPERTY_RUNS },
      );
    }, 240_000);
  }

  it('answers the unfiltered totals of the whole table', async () => {
    const response = await request(server).get('/tally/plain').query({ limit: '1' });
    expect(response.body.aggregates).toEqual(
      referenceTally(albums, { filters: [], limit: 1, offset: 0 }, {}).aggregates,
    );
    expect(typeof response.body.aggregates.price.sum).toBe('string');
    expect(response.body.aggregates.price.sum).toMatch(/^-?\d+\.\d{2}$/);
    expect(response.body.aggregates.price.avg).toMatch(/^-?\d+\.\d{6}$/);
  });
});
