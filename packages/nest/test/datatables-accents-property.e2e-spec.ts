import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { DataTable, type DataTableOptions } from '../src/index.js';
import { parseTableRequest } from '../src/datatables/table-request.parser.js';
import { readTablePage } from '../src/datatables/paging/table-page.query.js';
import { setUpTableQuery } from '../src/datatables/sql/index.js';
import { prepareTable } from '../src/datatables/preparation/table-declaration.parser.js';
import { resolveWidgetLibConfig } from '../src/widgetlib.config.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import type { StoredAlbum } from './fixtures/album.seed.js';
import { referenceAnswer } from './fixtures/album-table.reference.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase, testDatabaseKinds, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';

/** Random requests per database and server setup, each compared with the reference. */
const RUNS = 150;

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
  // Spanish: ñ is a letter after n; ch and ll are no longer letters of their own.
  'nube',
  'Nz',
  'Ñoño',
  'ñu',
  'Oso',
  'Chico',
  'cuna',
  'llave',
  'luz',
  // Swedish: å, ä and ö after z, ø with ö, ü with y.
  'åsa',
  'ärt',
  'Örn',
  'Över',
  'øl',
  'Sal',
  'Säl',
  'Sylt',
  'yxa',
  'zoo',
  'Vals',
  'Wagner',
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
  'nandu',
  'ñu',
  'sal',
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
const SPANISH_TABLE: DataTableOptions<Album> = { ...NATURAL_TABLE, collationLanguage: 'es' };
const SWEDISH_TABLE: DataTableOptions<Album> = { ...NATURAL_TABLE, collationLanguage: 'sv' };

/** The tables of the random requests, by route, with the language each orders its text in. */
const LANGUAGE_TABLES = [
  { route: '/natural', table: NATURAL_TABLE, language: 'root' },
  { route: '/spanish', table: SPANISH_TABLE, language: 'es' },
  { route: '/swedish', table: SWEDISH_TABLE, language: 'sv' },
] as const;

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

  @Get('spanish')
  @DataTable(SPANISH_TABLE)
  spanish() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }

  @Get('swedish')
  @DataTable(SWEDISH_TABLE)
  swedish() {
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
  `CREATE FUNCTION widgetlib_unaccent(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 10
     AS $$ BEGIN RETURN public.unaccent('public.unaccent'::regdictionary, $1); END $$`,
];
const SETUP_STATEMENTS: Record<PostgresSetup, string[]> = {
  wrapper: WRAPPER_STATEMENTS,
  unaccent: ['CREATE EXTENSION IF NOT EXISTS unaccent'],
  none: [],
};

const tableRequest = fc.record({
  table: fc.constantFrom(...LANGUAGE_TABLES),
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

  (kind === 'sqlite' ? it : it.skip)(
    'still ignores case and accents on SQLite while PRAGMA case_sensitive_like is on',
    async () => {
      // LIKE then matches case exactly: every text LIKE refuses is folded instead.
      await testApp.dataSource.query('PRAGMA case_sensitive_like = ON');
      try {
        expect(await names('/natural', { search: 'JOSE', ordering: 'id' })).toEqual(['José', 'Jose Feliciano', 'JOSÉ']);
        expect(await names('/natural', { search: 'angstrom' })).toEqual([
          'angstrom',
          'ANGSTROM live',
          'Ångström Sessions',
        ]);
      } finally {
        await testApp.dataSource.query('PRAGMA case_sensitive_like = OFF');
      }
    },
  );

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

  it('orders ñ as a letter after n in Spanish, where the root collation takes it for an n', async () => {
    const startingWithN = (names: string[]) => names.filter((name) => /^[nñ]/iu.test(name));
    expect(startingWithN(await names('/spanish', { ordering: 'name' }))).toEqual([
      'nino',
      'Niño',
      'nube',
      'Nz',
      'Ñandú',
      'Ñoño',
      'ñu',
    ]);
    expect(startingWithN(await names('/natural', { ordering: 'name' }))).toEqual([
      'Ñandú',
      'nino',
      'Niño',
      'Ñoño',
      'ñu',
      'nube',
      'Nz',
    ]);
    const spanish = await names('/spanish', { ordering: 'name' });
    expect(spanish.slice(spanish.indexOf('ca va'), spanish.indexOf('ca va') + 3)).toEqual(['ca va', 'Chico', 'cuna']);
    expect(spanish.slice(spanish.indexOf('llave'), spanish.indexOf('llave') + 4)).toEqual([
      'llave',
      'Lodz',
      'Łódź Nights',
      'luz',
    ]);
    expect(await names('/spanish', { ordering: '-name', search: 'n' })).toEqual(
      [...(await names('/spanish', { ordering: 'name', search: 'n' }))].reverse(),
    );
  });

  it('orders å, ä and ö after z in Swedish, ø with ö and ü with y', async () => {
    const swedish = await names('/swedish', { ordering: 'name' });
    expect(swedish.slice(swedish.indexOf('Zebra'), swedish.indexOf('σισυφος'))).toEqual([
      'Zebra',
      'zoo',
      'Ångström Sessions',
      'åsa',
      'ärt',
      'øl',
      'Ölmusik',
      'Örn',
      'Över',
    ]);
    expect(swedish.slice(swedish.indexOf('Wagner'), swedish.indexOf('Wagner') + 3)).toEqual([
      'Wagner',
      'Über Alles',
      'yxa',
    ]);
    expect(swedish.slice(swedish.indexOf('Sal'), swedish.indexOf('Sal') + 3)).toEqual(['Sal', 'Sylt', 'Säl']);
    const root = await names('/natural', { ordering: 'name' });
    expect(root.slice(root.indexOf('Sal'), root.indexOf('Sal') + 3)).toEqual(['Sal', 'Säl', 'Sylt']);
  });

  it("searches a language's table ignoring every accent, its own letters too", async () => {
    expect(await names('/spanish', { search: 'nandu' })).toEqual(['Ñandú']);
    expect(await names('/swedish', { search: 'angstrom' })).toEqual(['angstrom', 'ANGSTROM live', 'Ångström Sessions']);
    expect(await names('/swedish', { search: 'orn' })).toEqual(['Örn']);
  });

  it("walks a language's table by cursor and reads it from the end in the language's order", async () => {
    const config = resolveWidgetLibConfig({});
    for (const { route, table, language } of LANGUAGE_TABLES) {
      const { table: prepared } = prepareTable(table, testApp.dataSource.getMetadata(Album), config);
      for (const ordering of [['name'], ['-name'], ['rank', '-name']]) {
        for (const search of [undefined, 'n', 'o']) {
          const expected = referenceAnswer(
            albums,
            { search, filters: [], ordering, limit: albums.length, offset: 0 },
            { searchFields: ['name'], timezone: 'UTC', collationLanguage: language },
          ).ids;
          const query = { ordering: ordering.join(','), ...(search === undefined ? {} : { search }) };
          const walked: number[] = [];
          let cursor: string | null = '';
          while (cursor !== null) {
            const response = await request(server)
              .get(route)
              .query({ ...query, limit: '4', cursor });
            expect(response.status).toBe(200);
            walked.push(...(response.body.data as { id: number }[]).map((row) => row.id));
            cursor = response.body.next as string | null;
          }
          expect(walked).toEqual(expected);
          // Each page of 5 read backwards from the end (as a list does past the middle of deep pages).
          const parsed = parseTableRequest(query, prepared!.context);
          for (let offset = 0; offset < expected.length; offset += 5) {
            const end = Math.min(offset + 5, expected.length);
            const base = testApp.dataSource.getRepository(Album).createQueryBuilder('album');
            const setup = await setUpTableQuery(base, parsed, prepared!.paths, 0);
            const window = { ordering: parsed.ordering, offset: expected.length - end, limit: end - offset };
            const page = await readTablePage(setup, { ...window, reversed: true });
            expect(page.entities.map((album) => album.id)).toEqual(expected.slice(offset, end));
          }
        }
      }
    }
  }, 120_000);

  it(`answers ${RUNS} random searches, filters and orderings exactly like the reference`, async () => {
    await fc.assert(
      fc.asyncProperty(tableRequest, async ({ table, search, icontains, ordering, limit, offset }) => {
        const filters: [string, string][] = icontains === undefined ? [] : [['name__icontains', icontains]];
        const query: Record<string, string> = {
          limit: String(limit),
          offset: String(offset),
          ...Object.fromEntries(filters),
        };
        if (search !== undefined) query.search = search;
        if (ordering.length > 0) query.ordering = ordering.join(',');
        const response = await request(server).get(table.route).query(query);
        expect(response.status).toBe(200);
        const expected = referenceAnswer(
          albums,
          { search, filters, ordering: ordering.length > 0 ? ordering : ['name'], limit, offset },
          { searchFields: ['name'], timezone: 'UTC', collationLanguage: table.language },
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
