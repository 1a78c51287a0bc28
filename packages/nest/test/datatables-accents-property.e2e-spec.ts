import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { DataTable, type DataTableOptions } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import type { StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer } from './fixtures/album-table.reference.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase, testDatabaseKinds, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';

/** Random requests per database and server setup, each compared with the reference. */
const RUNS = 120;

/**
 * Names in several languages, with and without their accents and in several cases, so that the
 * search must ignore both and the ordering must put each with its base letters.
 */
const NAMES = [
  'Ångström Sessions',
  'angstrom',
  'ANGSTROM live',
  'Arrival',
  'José',
  'Jose Feliciano',
  'JOSÉ',
  'Résumé',
  'resume',
  'RESUMÉ',
  'Über Alles',
  'uber',
  'Ulm',
  'Zebra',
  'Łódź Nights',
  'Lodz',
  'Ölmusik',
  'olmo',
  'Déjà Vu',
  'deja vu',
  'Niño',
  'nino',
  'Ñandú',
  'Çà et là',
  'ca va',
  'Σίσυφος',
  'σισυφος',
  'Дом',
  'Ёлка',
  'елка',
  '100% Pure',
  'Takk ',
  'Takk',
];

/** Terms with and without accents, in either case, and some that match nothing. */
const TERMS = [
  'angstrom',
  'ÅNGSTRÖM',
  'ångström',
  'jose',
  'JOSÉ',
  'resume',
  'résumé',
  'uber',
  'über',
  'lodz',
  'łódź',
  'olm',
  'deja',
  'DÉJÀ',
  'nino',
  'niño',
  'ñandu',
  'ça',
  'ca',
  'σισ',
  'ΣΊΣ',
  'елка',
  'ёлка',
  'E',
  'é',
  '%',
  'takk ',
  'nope',
];

const NATURAL_TABLE: DataTableOptions<Album> = {
  searchFields: ['name'],
  orderingFields: ['id', 'name', 'rank'],
  defaultOrdering: ['name'],
  filters: { name: ['icontains', 'exact'] },
  pageSize: 10,
  maxPageSize: 100,
};
const BINARY_TABLE: DataTableOptions<Album> = { ...NATURAL_TABLE, binaryCollation: ['name'] };

@Controller()
class AccentsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('natural')
  @DataTable(NATURAL_TABLE)
  natural() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }

  @Get('binary')
  @DataTable(BINARY_TABLE)
  binary() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }
}

/** How a PostgreSQL test database is prepared before the application first asks it. */
type PostgresSetup = 'wrapper' | 'unaccent' | 'none';

/** Runs `statements` on the test's database before the application connects (PostgreSQL setups). */
function preparedWith(statements: string[]) {
  return async (options: DataSourceOptions): Promise<DataSourceOptions> => {
    if (statements.length === 0) return options;
    const admin = await new DataSource(options).initialize();
    try {
      for (const statement of statements) await admin.query(statement);
    } finally {
      await admin.destroy();
    }
    return options;
  };
}

/** What the README tells a host to run to index the search: the extension and an immutable wrapper. */
const WRAPPER_STATEMENTS = [
  'CREATE EXTENSION IF NOT EXISTS unaccent',
  `CREATE FUNCTION widgetlib_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`,
];
const SETUP_STATEMENTS: Record<PostgresSetup, string[]> = {
  wrapper: WRAPPER_STATEMENTS,
  unaccent: ['CREATE EXTENSION IF NOT EXISTS unaccent'],
  none: [],
};

const tableRequest = fc.record({
  search: fc.option(
    fc.array(fc.constantFrom(...TERMS), { minLength: 1, maxLength: 2 }).map((terms) => terms.join(' ')),
    { nil: undefined },
  ),
  icontains: fc.option(fc.constantFrom(...TERMS), { nil: undefined }),
  ordering: fc.constantFrom<string[]>(['name'], ['-name'], ['rank', 'name'], ['-rank', '-name'], []),
  limit: fc.integer({ min: 1, max: 12 }),
  offset: fc.integer({ min: 0, max: NAMES.length }),
});

function accentSuite(kind: DatabaseKind, setup: PostgresSetup) {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AccentsController],
      connection: preparedWith(kind === 'postgres' ? SETUP_STATEMENTS[setup] : []),
    });
    server = testApp.app.getHttpServer() as App;
    albums = [];
    for (const [index, name] of NAMES.entries()) {
      const seed = {
        name,
        rank: index % 3,
        year: 2000,
        released: '2000-01-01',
        recorded_at: '2000-01-01T00:00:00Z',
        is_live: false,
        sales: null,
      };
      const saved = await testApp.dataSource
        .getRepository(Album)
        .save({ ...seed, recorded_at: new Date(seed.recorded_at), artist: null, genres: [] });
      albums.push({ ...seed, id: saved.id, artist: null, genres: [] });
    }
  });

  afterAll(() => testApp.close());

  const names = async (path: string, query: Record<string, string>) => {
    const response = await request(server)
      .get(path)
      .query({ limit: '100', ...query });
    expect(response.status).toBe(200);
    return (response.body.data as { name: string }[]).map((row) => row.name);
  };

  it('finds "Ångström" by "angstrom", "José" by "jose" and "Résumé" by "resume", whatever the case', async () => {
    expect(await names('/natural', { search: 'angstrom' })).toEqual(['angstrom', 'ANGSTROM live', 'Ångström Sessions']);
    expect(await names('/natural', { search: 'JOSE', ordering: 'id' })).toEqual(['José', 'Jose Feliciano', 'JOSÉ']);
    expect(await names('/natural', { name__icontains: 'resume', ordering: 'id' })).toEqual([
      'Résumé',
      'resume',
      'RESUMÉ',
    ]);
  });

  it("orders Ångström with the A's and Über with the U's, then by accents and case", async () => {
    const ordered = await names('/natural', { ordering: 'name' });
    expect(ordered.slice(0, 5)).toEqual(['100% Pure', 'angstrom', 'ANGSTROM live', 'Ångström Sessions', 'Arrival']);
    expect(ordered.indexOf('Über Alles')).toBe(ordered.indexOf('uber') + 1);
    expect(ordered.indexOf('Ulm')).toBe(ordered.indexOf('Über Alles') + 1);
    expect(ordered.indexOf('Zebra')).toBeLessThan(ordered.indexOf('Σίσυφος'));
  });

  it('keeps the exact behaviour on a binaryCollation column: accents count, order by code point', async () => {
    expect(await names('/binary', { search: 'angstrom', ordering: 'id' })).toEqual(['angstrom', 'ANGSTROM live']);
    expect(await names('/binary', { search: 'ÅNGSTRÖM', ordering: 'id' })).toEqual(['Ångström Sessions']);
    const ordered = await names('/binary', { ordering: 'name' });
    expect(ordered.indexOf('Zebra')).toBeLessThan(ordered.indexOf('Ångström Sessions'));
    expect(ordered.indexOf('Zebra')).toBeLessThan(ordered.indexOf('Über Alles'));
  });

  it(`answers ${RUNS} random searches, filters and orderings exactly like the reference`, async () => {
    await fc.assert(
      fc.asyncProperty(tableRequest, async ({ search, icontains, ordering, limit, offset }) => {
        const filters: [string, string][] = icontains === undefined ? [] : [['name__icontains', icontains]];
        const query: Record<string, string> = {
          limit: String(limit),
          offset: String(offset),
          ...Object.fromEntries(filters),
        };
        if (search !== undefined) query.search = search;
        if (ordering.length > 0) query.ordering = ordering.join(',');
        const response = await request(server).get('/natural').query(query);
        expect(response.status).toBe(200);
        const expected = referenceAnswer(
          albums,
          { search, filters, ordering: ordering.length > 0 ? ordering : ['name'], limit, offset },
          { searchFields: ['name'], timezone: 'UTC' },
        );
        expect({
          ids: (response.body.data as { id: number }[]).map((row) => row.id),
          recordsTotal: response.body.recordsTotal,
          recordsFiltered: response.body.recordsFiltered,
        }).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);
}

describeEachDatabase('Accent-insensitive search and natural ordering against the reference', (kind) =>
  accentSuite(kind, 'wrapper'),
);

if (testDatabaseKinds().includes('postgres')) {
  describe.each<PostgresSetup>(['unaccent', 'none'])('Accent-insensitive search on PostgreSQL with setup %s', (setup) =>
    accentSuite('postgres', setup),
  );
}
