import { AfterLoad, Column, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QueryFailedError, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { pageRowsHydrator } from '../src/datatables/paging/page-rows.reader.js';
import { readRowArrays } from '../src/datatables/sql/index.js';
import { databaseDialect } from '../src/dialect/index.js';
import { Album, ALBUM_ENTITIES, Artist, Genre } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

@Entity('fx_hooked_note')
class HookedNote {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  text!: string;

  @ManyToOne(() => Artist, { nullable: true })
  artist!: Relation<Artist> | null;

  loaded = false;

  @AfterLoad()
  markLoaded(): void {
    this.loaded = true;
  }
}

/**
 * The page's entities built from raw rows (row objects, and on SQLite row arrays) are exactly what
 * TypeORM's getMany() builds (classes, values as the driver hydrates them, relations, missing
 * relations), and every query it cannot build as getMany() would is left to getMany().
 */
describeEachDatabase('Page rows built from raw rows', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: [...ALBUM_ENTITIES, HookedNote] });
    await seedAlbums(testApp.dataSource);
    const artist = await testApp.dataSource.getRepository(Artist).findOneByOrFail({});
    await testApp.dataSource.getRepository(HookedNote).save([
      { text: 'one', artist },
      { text: 'two', artist: null },
    ]);
  });

  afterAll(() => testApp.close());

  const albums = () => testApp.dataSource.getRepository(Album).createQueryBuilder('album');

  async function sameAsGetMany(query: SelectQueryBuilder<ObjectLiteral>): Promise<void> {
    const hydrate = pageRowsHydrator(query);
    expect(hydrate).not.toBeNull();
    const loaded = await query.getMany();
    const arrays = readRowArrays(query, await databaseDialect(testApp.dataSource));
    expect(arrays === null).toBe(kind !== 'sqlite');
    const builds = [hydrate!.objects(await query.getRawMany()), ...(arrays ? [hydrate!.arrays(arrays)] : [])];
    for (const built of builds) {
      expect(built.length).toBeGreaterThan(0);
      expect(built).toStrictEqual(loaded);
      built.forEach((entity, index) =>
        expect(Object.getPrototypeOf(entity)).toBe(Object.getPrototypeOf(loaded[index])),
      );
    }
  }

  it.each<[string, () => SelectQueryBuilder<ObjectLiteral>]>([
    ['the entity alone', () => albums().orderBy('album.id')],
    ['a nullable to-one relation', () => albums().leftJoinAndSelect('album.artist', 'artist').orderBy('album.id')],
    [
      'to-one and to-many relations, some missing',
      () =>
        albums()
          .leftJoinAndSelect('album.artist', 'artist')
          .leftJoinAndSelect('album.genres', 'genre')
          .orderBy('album.id')
          .addOrderBy('genre.id'),
    ],
    [
      'an inner join that only scopes, and a partial selection',
      () =>
        albums()
          .innerJoin('album.genres', 'genre')
          .select(['album.id', 'album.name', 'album.released'])
          .orderBy('album.id'),
    ],
  ])('%s', async (_name, query) => {
    await sameAsGetMany(query());
  });

  it.each<[string, () => SelectQueryBuilder<ObjectLiteral>]>([
    ['an @AfterLoad listener', () => testApp.dataSource.getRepository(HookedNote).createQueryBuilder('note')],
    [
      'a listener on a joined entity',
      () =>
        testApp.dataSource
          .getRepository(Artist)
          .createQueryBuilder('artist')
          .leftJoinAndMapMany('artist.notes', HookedNote, 'note', 'note.artistId = artist.id'),
    ],
    ['a mapped join', () => albums().leftJoinAndMapOne('album.firstGenre', Genre, 'genre', 'genre.id = 1')],
    ['a relation id', () => albums().loadRelationIdAndMap('album.genreIds', 'album.genres')],
  ])('leaves %s to getMany()', (_name, query) => {
    expect(pageRowsHydrator(query())).toBeNull();
  });

  it('reads through TypeORM a builder on a query runner of its own', async () => {
    const runner = testApp.dataSource.createQueryRunner();
    try {
      const query = albums().setQueryRunner(runner);
      expect(readRowArrays(query, await databaseDialect(testApp.dataSource))).toBeNull();
    } finally {
      await runner.release();
    }
  });

  it('fails a statement read as arrays as TypeORM does, with the driver error', async () => {
    const dialect = await databaseDialect(testApp.dataSource);
    const broken = albums().where('album.no_such_column = 1');
    if (kind !== 'sqlite') {
      expect(readRowArrays(broken, dialect)).toBeNull();
      return;
    }
    const failure = (() => {
      try {
        readRowArrays(broken, dialect);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(String((failure as QueryFailedError).driverError)).toContain('no_such_column');
  });
});
