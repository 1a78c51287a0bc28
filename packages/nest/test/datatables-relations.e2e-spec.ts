import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, DataTableCounts } from '../src/index.js';
import { Label, LABEL_ENTITIES, Mood, Release, Review, Style } from './fixtures/label.entities.js';
import { seedLabels } from './fixtures/label.seed.js';
import { LIST_TRANSPORTS, sendList, withPostTwins, type ListTransport } from './fixtures/list-transports.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

@Controller()
class LabelsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('labels')
  @DataTable({
    searchFields: ['name', 'releases__title', 'profile__city'],
    orderingFields: ['id', 'profile__city'],
    defaultOrdering: ['id'],
    filters: {
      id: ['gte'],
      releases__title: ['exact', 'icontains', 'isnull'],
      releases__styles__name: ['exact'],
      profile__city: ['exact', 'icontains', 'isnull'],
      profile: ['isnull'],
    },
  })
  labels() {
    return this.dataSource.getRepository(Label).createQueryBuilder('label');
  }

  @Get('labels-from-2')
  @DataTable({ orderingFields: ['id'], defaultOrdering: ['id'], filters: { releases__title: ['icontains'] } })
  labelsFrom2() {
    return this.dataSource.getRepository(Label).createQueryBuilder('label').where('label.id >= :first', { first: 2 });
  }

  @Get('moods-estimated')
  @DataTable({
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: { releases__title: ['icontains'] },
    estimatedTotalAbove: 0,
  })
  moodsEstimated() {
    return this.dataSource.getRepository(Mood).createQueryBuilder('mood');
  }

  @Get('moods')
  @DataTable({ orderingFields: ['id'], defaultOrdering: ['id'], filters: { releases__title: ['icontains'] } })
  moods() {
    return this.dataSource.getRepository(Mood).createQueryBuilder('mood');
  }

  @Get('styles')
  @DataTable({
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: {
      name: ['icontains'],
      releases__title: ['exact', 'icontains', 'isnull'],
      releases__label__name: ['exact', 'icontains'],
    },
  })
  styles() {
    return this.dataSource.getRepository(Style).createQueryBuilder('style');
  }

  @Get('styles-estimated')
  @DataTable({
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: { releases__title: ['isnull'] },
    estimatedTotalAbove: 2,
  })
  stylesEstimated() {
    return this.dataSource.getRepository(Style).createQueryBuilder('style');
  }

  @Get('styles-count-estimated')
  @DataTable({
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: { releases__title: ['isnull'] },
    count: 'estimated',
    estimatedTotalAbove: 2,
  })
  stylesCountEstimated() {
    return this.dataSource.getRepository(Style).createQueryBuilder('style');
  }

  @Get('styles-estimated-large')
  @DataTable({
    orderingFields: ['id'],
    defaultOrdering: ['id'],
    filters: { releases__title: ['isnull'] },
    estimatedTotalAbove: 1000,
  })
  stylesEstimatedLarge() {
    return this.dataSource.getRepository(Style).createQueryBuilder('style');
  }

  @Get('reviews')
  @DataTable({ orderingFields: ['id', 'release__title'], defaultOrdering: ['id'], filters: { id: ['gte'] } })
  reviews() {
    return this.dataSource.getRepository(Review).createQueryBuilder('review');
  }

  @Get('releases')
  @DataTable({
    searchFields: ['title', 'label__name', 'label__profile__city'],
    orderingFields: ['id', 'label__name', 'label__profile__city'],
    defaultOrdering: ['id'],
    filters: {
      id: ['gte'],
      label__profile__city: ['exact', 'isnull'],
      label__name: ['icontains', 'isnull'],
      styles__name: ['exact', 'isnull'],
      reviews__stars: ['exact'],
    },
  })
  releases() {
    return this.dataSource
      .getRepository(Release)
      .createQueryBuilder('release')
      .leftJoinAndSelect('release.label', 'label');
  }
}

/**
 * Filters and search over paths that start at each kind of relation (one-to-many, inverse
 * one-to-one, inverse many-to-many, many-to-one followed by an inverse one-to-one): the exact
 * rows, never repeated, and counts that agree.
 */
describeEachDatabase('Data tables over relations of every kind', (kind) => {
  let testApp: TestApp;
  let server: App;
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: LABEL_ENTITIES,
      controllers: [withPostTwins(LabelsController)],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    const { manager } = testApp.dataSource;
    await seedLabels(manager);
    // Release 99 does not exist: only the missing foreign key constraint lets its review in.
    await manager.insert(Review, [
      { stars: 5, release: { id: 1 } },
      { stars: 5, release: { id: 99 } },
      { stars: 3, release: { id: 2 } },
    ]);
    const [calm] = await manager.save([
      manager.create(Mood, { name: 'Calm', releases: [{ id: 1 } as Release] }),
      manager.create(Mood, { name: 'Loud', releases: [{ id: 3 } as Release] }),
    ]);
    await manager.softDelete(Mood, calm!.id);
  });

  afterAll(() => testApp.close());

  /** The ids a list answers through `transport`, checking that its filtered count is theirs. */
  function idsThrough(transport: ListTransport) {
    return async (path: string, query: Record<string, string>): Promise<number[]> => {
      const response = await sendList(server, transport, path, query);
      expect(response.status).toBe(200);
      const body = response.body as { data: { id: number }[]; recordsFiltered: number };
      const found = body.data.map((row) => row.id);
      expect(body.recordsFiltered).toBe(found.length);
      return found;
    };
  }

  // Every case that only reads runs through each transport: a GET's query string, and a POST's body.
  describe.each(LIST_TRANSPORTS)('through %s', (transport) => {
    const ids = idsThrough(transport);

    it.each<[Record<string, string>, number[]]>([
      [{ releases__title: 'Kind of Blue' }, [2]],
      [{ releases__title__icontains: 'BLUE' }, [2]],
      // Accents ignored: "ö" finds the o of Blue Note's "Kind of Blue" too.
      [{ releases__title__icontains: 'ö' }, [1, 2]],
      [{ releases__title__icontains: '_out 100%' }, [1]],
      [{ releases__title__isnull: 'true' }, [3, 4]],
      [{ releases__title__isnull: 'false' }, [1, 2]],
      [{ releases__styles__name: 'Jazz' }, [1, 2]],
      [{ releases__styles__name: 'Rock' }, [1]],
      [{ profile__city: 'Oslo' }, [1]],
      [{ profile__city: 'oslo' }, []],
      [{ profile__city__icontains: 'OSL' }, [1]],
      [{ profile__city__isnull: 'true' }, [2, 3]],
      [{ profile__city__isnull: 'false' }, [1, 4]],
      [{ profile__isnull: 'true' }, [3]],
      [{ profile__isnull: 'false' }, [1, 2, 4]],
      [{ search: 'blue' }, [2]],
      [{ search: 'o' }, [1, 2, 3]],
      [{ search: 'ÖKOTOPIA' }, [1]],
      [{ search: 'bergen' }, [4]],
    ])('labels (one-to-many, inverse one-to-one) %j', async (query, expected) => {
      expect(await ids('/labels', query)).toEqual(expected);
    });

    it.each<[Record<string, string>, number[]]>([
      [{ releases__title: 'Blue Train' }, [1]],
      [{ releases__title__icontains: 'O' }, [1, 2]],
      [{ releases__title__isnull: 'true' }, [3]],
      [{ releases__label__name__icontains: 'ávalon' }, [1, 2]],
      [{ releases__label__name: 'Blue Note' }, [1]],
    ])('styles (inverse many-to-many) %j', async (query, expected) => {
      expect(await ids('/styles', query)).toEqual(expected);
    });

    it.each<[Record<string, string>, number[]]>([
      [{ label__profile__city: 'Oslo' }, [2, 3]],
      [{ label__profile__city__isnull: 'true' }, [1, 4, 5]],
      [{ label__profile__city__isnull: 'false' }, [2, 3]],
      [{ label__name__isnull: 'true' }, [4]],
      [{ label__name__isnull: 'false' }, [1, 2, 3, 5]],
      [{ label__name__icontains: 'ÇAP' }, []],
      [{ label__name__icontains: 'note' }, [1, 5]],
      [{ styles__name: 'Jazz' }, [1, 2, 5]],
      [{ styles__name__isnull: 'true' }, [4]],
      [{ search: 'oslo' }, [2, 3]],
      [{ search: 'blue o' }, [1, 5]],
    ])('releases (many-to-one, then inverse one-to-one) %j', async (query, expected) => {
      expect(await ids('/releases', query)).toEqual(expected);
    });

    describe('ordering across to-one relations', () => {
      // Label names (Ávalon sorts with the A's): 1 Ávalon, 2 Blue Note; releases 1 and 5 are Blue Note's, 2 and 3 Ávalon's, 4 has
      // no label. Cities: Ávalon's is Oslo, Blue Note's is null.
      it.each<[string, number[]]>([
        ['label__name', [4, 2, 3, 1, 5]],
        ['-label__name', [1, 5, 2, 3, 4]],
        ['label__profile__city', [1, 4, 5, 2, 3]],
        ['-label__profile__city', [2, 3, 1, 4, 5]],
        ['-label__profile__city,-label__name', [2, 3, 1, 5, 4]],
      ])(
        '%s: by rank when nothing filters, by value when something does, the same order',
        async (ordering, expected) => {
          const [unfiltered] = (
            await counter.during(async () => expect(await ids('/releases', { ordering })).toEqual(expected))
          ).filter((sql) => !/COUNT\(/.test(sql));
          expect(unfiltered).toMatch(/DENSE_RANK\(\) OVER/);
          const [filtered] = (
            await counter.during(async () =>
              expect(await ids('/releases', { ordering, id__gte: '1' })).toEqual(expected),
            )
          ).filter((sql) => !/COUNT\(/.test(sql));
          expect(filtered).not.toMatch(/DENSE_RANK/);
        },
      );

      // Reviews: 1 of release 1 (Kind of Blue), 2 of release 99, which does not exist, 3 of release 2
      // (Ökotopia). Labels: 1 Ávalon (Oslo), 2 Blue Note (a profile without a city), 3 Çapitol (no
      // profile), 4 Empty (Bergen).
      it.each<[string, string, number[], string]>([
        ['/reviews', 'release__title', [2, 1, 3], 'without a foreign key constraint: a review of a missing release'],
        ['/reviews', '-release__title', [3, 1, 2], 'without a foreign key constraint: a review of a missing release'],
        ['/labels', 'profile__city', [2, 3, 4, 1], 'inverse one-to-one: a label without a profile'],
        ['/labels', '-profile__city', [1, 4, 2, 3], 'inverse one-to-one: a label without a profile'],
      ])('%s %s across a relation %s sorts as one without the value', async (path, ordering, expected) => {
        expect(await ids(path, { ordering })).toEqual(expected);
        expect(await ids(path, { ordering, id__gte: '1' })).toEqual(expected);
        const page = await sendList(server, transport, path, { ordering, offset: '1', limit: '2' });
        expect((page.body as { data: { id: number }[] }).data.map((row) => row.id)).toEqual(expected.slice(1, 3));
      });

      it('pages by rank, the primary key breaking ties', async () => {
        const response = await sendList(server, transport, '/releases', {
          ordering: 'label__name',
          offset: '2',
          limit: '2',
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ recordsTotal: 5, recordsFiltered: 5 });
        expect((response.body as { data: { id: number }[] }).data.map((row) => row.id)).toEqual([3, 1]);
      });
    });

    describe('the count of a lone filter across a to-many relation', () => {
      /** The filtered count among a request's statements: the count that reads the related rows. */
      async function filteredCount(path: string, query: Record<string, string>, expected: number[]): Promise<string> {
        const statements = await counter.during(async () => expect(await ids(path, query)).toEqual(expected));
        const counts = statements.filter((sql) => /COUNT\(/.test(sql) && /wl_e\d/.test(sql));
        expect(counts).toHaveLength(1);
        return counts[0]!;
      }
      const readsTable = (table: string) => new RegExp(`FROM [\`"]${table}[\`"]`);

      it.each<[string, Record<string, string>, number[], string]>([
        ['/releases', { styles__name: 'Jazz' }, [1, 2, 5], 'fx_release'],
        ['/styles', { releases__title__icontains: 'O' }, [1, 2], 'fx_style'],
        ['/labels', { releases__title__icontains: 'o' }, [1, 2], 'fx_label'],
        ['/labels', { releases__title__isnull: 'false' }, [1, 2], 'fx_label'],
        ['/labels', { releases__styles__name: 'Rock' }, [1], 'fx_label'],
      ])(
        '%s %j counts the related rows alone, when the base reads the whole table',
        async (path, query, expected, listed) => {
          const count = await filteredCount(path, query, expected);
          expect(count).toMatch(/COUNT\(DISTINCT/);
          expect(count).not.toMatch(readsTable(listed));
        },
      );

      it.each<[string, Record<string, string>, number[], string]>([
        ['/labels-from-2', { releases__title__icontains: 'o' }, [2], 'a base with conditions of its own'],
        ['/moods', { releases__title__icontains: 'o' }, [2], 'a soft-deletable entity (the deleted mood is left out)'],
        [
          '/releases',
          { reviews__stars: '5' },
          [1],
          'a relation without a foreign key constraint (a review names no release)',
        ],
        ['/labels', { releases__title__isnull: 'true' }, [3, 4], 'a negated filter'],
        ['/labels', { releases__title__icontains: 'o', search: 'a' }, [1, 2], 'a search beside the filter'],
      ])('%s %j counts the listed rows: %s', async (path, query, expected) => {
        const count = await filteredCount(path, query, expected);
        expect(count).toMatch(/EXISTS/);
      });
    });
  });

  describe('estimatedTotalAbove', () => {
    async function counts(path: string, query: Record<string, string>) {
      const response = await request(server).get(path).query(query);
      expect(response.status).toBe(200);
      const { recordsTotal, recordsFiltered, counts } = response.body as {
        recordsTotal: number;
        recordsFiltered: number;
        counts?: unknown;
      };
      return { recordsTotal, recordsFiltered, ...(counts ? { counts } : {}) };
    }

    // PostgreSQL's estimate is pg_class.reltuples, as fresh as the last ANALYZE; MariaDB's is
    // InnoDB's TABLE_ROWS, which every insert and delete moves; SQLite keeps none.
    const estimates = kind !== 'sqlite';
    const estimatedTotal = { counts: { recordsTotal: 'estimated', recordsFiltered: 'exact' } };
    const estimatedBoth = { counts: { recordsTotal: 'estimated', recordsFiltered: 'estimated' } };

    it('counts exactly until the table has an estimate', async () => {
      expect(await counts('/styles-estimated', { releases__title__isnull: 'true' })).toEqual({
        recordsTotal: 3,
        recordsFiltered: 1,
        ...(kind === 'postgres' || !estimates ? {} : estimatedTotal),
      });
      expect(await counts('/styles-count-estimated', {})).toEqual({
        recordsTotal: 3,
        recordsFiltered: 3,
        ...(kind === 'postgres' || !estimates ? {} : estimatedBoth),
      });
    });

    it('answers the estimate as the total of a filtered request (and of every request with count: estimated) where the server keeps one', async () => {
      const styles = testApp.dataSource.getRepository(Style);
      if (kind === 'postgres') await testApp.dataSource.query('ANALYZE fx_style');
      const added = await styles.save(styles.create({ name: 'Zydeco' }));
      // A host's own write: the default count keeps a filtered request's total until it is forgotten.
      await testApp.app.get(DataTableCounts).invalidate(Style);
      try {
        // PostgreSQL's estimate (3 rows, from ANALYZE) now lags the table (4 rows); MariaDB's follows it.
        const total = kind === 'postgres' ? 3 : 4;
        expect(await counts('/styles-estimated', { releases__title__isnull: 'true' })).toEqual({
          recordsTotal: total,
          recordsFiltered: 2,
          ...(estimates ? estimatedTotal : {}),
        });
        expect(await counts('/styles-estimated', {})).toEqual({ recordsTotal: 4, recordsFiltered: 4 });
        expect(await counts('/styles-count-estimated', {})).toEqual({
          recordsTotal: total,
          recordsFiltered: total,
          ...(estimates ? estimatedBoth : {}),
        });
        expect(await counts('/styles-count-estimated', { releases__title__isnull: 'true' })).toEqual({
          recordsTotal: total,
          recordsFiltered: 2,
          ...(estimates ? estimatedTotal : {}),
        });
        // Below the threshold the table is counted.
        expect(await counts('/styles-estimated-large', { releases__title__isnull: 'true' })).toEqual({
          recordsTotal: 4,
          recordsFiltered: 2,
        });
      } finally {
        await styles.delete(added.id);
        await testApp.app.get(DataTableCounts).invalidate(Style);
      }
    });

    it('counts a soft-deletable entity exactly: the estimate would include the deleted rows', async () => {
      if (kind === 'postgres') await testApp.dataSource.query('ANALYZE fx_mood');
      expect(await counts('/moods-estimated', { releases__title__icontains: 'o' })).toEqual({
        recordsTotal: 1,
        recordsFiltered: 1,
      });
    });
  });

  it('icontains matches code points that fold to ASCII letters (İ, the Kelvin sign) and takes wildcards literally', async () => {
    const styles = testApp.dataSource.getRepository(Style);
    const ids = idsThrough('GET');
    const [turkish, wild] = await styles.save([
      styles.create({ name: 'İNDIE \u212arautrock' }),
      styles.create({ name: 'a*b?c[d]e^f\\g' }),
    ]);
    try {
      const names = async (term: string) => {
        const found = await ids('/styles', { name__icontains: term });
        return found.map((id) => (id === turkish!.id ? 'turkish' : id === wild!.id ? 'wild' : String(id)));
      };
      expect(await names('indie')).toEqual(['turkish']);
      expect(await names('KRAUT')).toEqual(['turkish']);
      expect(await names('\u212aRAUT')).toEqual(['turkish']);
      expect(await names('\u0130ndie')).toEqual(['turkish']);
      expect(await names('rock')).toEqual(['2', 'turkish']);
      expect(await names('*')).toEqual(['wild']);
      expect(await names('b?c[d]')).toEqual(['wild']);
      expect(await names('E^F\\')).toEqual(['wild']);
      expect(await names('a?b')).toEqual([]);
      expect(await names('[')).toEqual(['wild']);
      expect(await names('%')).toEqual([]);
      expect(await names('_')).toEqual([]);
      if (kind === 'sqlite') {
        // SQLite's LIKE, which matches most terms, folds case only while case_sensitive_like is off.
        await testApp.dataSource.query('PRAGMA case_sensitive_like = ON');
        try {
          expect(await names('indie')).toEqual(['turkish']);
          expect(await names('ROCK')).toEqual(['2', 'turkish']);
          expect(await names('B?C[D]')).toEqual(['wild']);
        } finally {
          await testApp.dataSource.query('PRAGMA case_sensitive_like = OFF');
        }
      }
    } finally {
      await styles.delete([turkish!.id, wild!.id]);
    }
  });
});
