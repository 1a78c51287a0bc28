import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { Album, ALBUM_ENTITIES } from '../../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { queryShape, TEXT_FIELDS } from './query-shape.reader.js';
import { StatementTextCache, statementTexts, withCachedText } from './statement-text.cache.js';

describe('the statement texts kept by shape', () => {
  let dataSource: DataSource;
  let other: DataSource;
  const albums = (source = dataSource): SelectQueryBuilder<Album> =>
    source.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    other = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
  });

  it('gives builders that differ only in their parameter values one shape', () => {
    const shape = queryShape(albums().where('album.year >= :minYear', { minYear: 1990 }));
    expect(shape).not.toBeNull();
    expect(queryShape(albums().where('album.year >= :minYear', { minYear: 2001 }))).toBe(shape);
  });

  it.each<[string, (query: SelectQueryBuilder<Album>) => SelectQueryBuilder<Album>]>([
    ['another condition', (query) => query.where('album.year <= :minYear', { minYear: 1990 })],
    [
      'the same condition ANDed twice',
      (query) => query.where('album.year >= :minYear').andWhere('album.year >= :minYear'),
    ],
    ['a condition in brackets', (query) => query.where('(album.year >= :minYear)', { minYear: 1990 })],
    ['an object condition', (query) => query.where({ year: 1990 })],
    ['another join', (query) => query.leftJoinAndSelect('album.genres', 'genre')],
    ['a join that only scopes', (query) => query.innerJoin('album.genres', 'genre')],
    ['another selection', (query) => query.select(['album.id', 'album.name'])],
    ['an ordering', (query) => query.orderBy('album.name', 'DESC')],
    ['the other direction', (query) => query.orderBy('album.name', 'ASC')],
    ['a limit', (query) => query.limit(10)],
    ['another limit', (query) => query.limit(11)],
    ['an offset', (query) => query.offset(10).limit(10)],
    ['DISTINCT', (query) => query.distinct(true)],
    ['soft-deleted rows', (query) => query.withDeleted()],
    ['a lock', (query) => query.setLock('pessimistic_read')],
    ['a comment', (query) => query.comment('host')],
  ])('gives a builder with %s a shape of its own', (_name, change) => {
    const shapes = new Set([
      queryShape(albums().where('album.year >= :minYear', { minYear: 1990 })),
      queryShape(albums()),
    ]);
    const shape = queryShape(change(albums()));
    expect(shape).not.toBeNull();
    expect(shapes.has(shape)).toBe(false);
  });

  it.each(TEXT_FIELDS)('gives a builder whose %s differs a shape of its own', (field) => {
    const query = albums();
    (query.expressionMap as unknown as Record<string, unknown>)[field] = `another ${field}`;
    expect(queryShape(query)).not.toBe(queryShape(albums()));
  });

  it('does not tell the shape of a builder holding a field it does not know, after builders it knows', () => {
    expect(queryShape(albums())).not.toBeNull();
    const query = albums();
    (query.expressionMap as unknown as Record<string, unknown>).someLaterField = ['set'];
    expect(queryShape(query)).toBeNull();
  });

  it('gives builders of two data sources shapes of their own', () => {
    expect(queryShape(albums(other))).not.toBe(queryShape(albums()));
  });

  it('does not tell the shape of a builder holding what it does not know', () => {
    const query = albums().addCommonTableExpression('SELECT 1 AS one', 'wl_cte');
    expect(queryShape(query)).toBeNull();
    expect(withCachedText(query).getQuery()).toContain('wl_cte');
  });

  it('keeps the text with its named parameters and binds each request its own values', () => {
    const shaped = (term: string) =>
      withCachedText(albums().where('album.name = :name AND album.year IN (:...years)', { name: term, years: [1990] }));
    const first = shaped('Arrival');
    const [firstText, firstValues] = first.getQueryAndParameters();
    const second = withCachedText(
      albums().where('album.name = :name AND album.year IN (:...years)', { name: 'Gold', years: [1992, 1993] }),
    );
    const [secondText, secondValues] = second.getQueryAndParameters();

    expect(second.getQuery()).toBe(first.getQuery());
    expect(first.getQuery()).toContain(':name');
    expect(first.getQuery()).not.toContain('Arrival');
    expect(firstText).toContain('"album"."year" IN ($2)');
    expect(firstValues).toEqual(['Arrival', 1990]);
    expect(secondText).toContain('"album"."year" IN ($2, $3)');
    expect(secondValues).toEqual(['Gold', 1992, 1993]);
  });

  it('writes the text of a shape once', () => {
    const cache = statementTexts(dataSource);
    let writes = 0;
    const write = () => `SELECT ${++writes}`;
    const shape = 'a shape of this spec';
    expect(cache.text(shape, write)).toBe('SELECT 1');
    expect(cache.text(shape, write)).toBe('SELECT 1');
    expect(writes).toBe(1);
  });

  it('keeps at most its capacity, dropping the least recently used text', () => {
    const cache = new StatementTextCache(2);
    cache.text('a', () => 'A');
    cache.text('b', () => 'B');
    cache.text('a', () => 'A again');
    cache.text('c', () => 'C');
    expect(cache.size).toBe(2);
    expect(cache.text('a', () => 'A again')).toBe('A');
    expect(cache.text('b', () => 'B again')).toBe('B again');
  });
});
