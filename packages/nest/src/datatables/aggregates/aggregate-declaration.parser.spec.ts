import type { DataSource } from 'typeorm';
import { metadataOf, metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { TALLY_AGGREGATES, TALLY_ENTITIES, TallyAlbum } from '../../../test/fixtures/tally.fixture.js';
import type { DataTableAggregates } from '../model/index.js';
import { parseAggregates } from './aggregate-declaration.parser.js';

describe('parseAggregates', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', [...TALLY_ENTITIES, ...ALBUM_ENTITIES]);
  });

  const parse = (
    aggregates: DataTableAggregates | undefined,
    rowGroup?: string,
    entity: new () => object = TallyAlbum,
  ) => parseAggregates(aggregates, rowGroup, metadataOf(dataSource, entity));

  it('sorts own and to-one paths from to-many ones, each relation chain in one statement', () => {
    const { prepared, problems } = parse(TALLY_AGGREGATES, 'format');
    expect(problems).toEqual([]);
    expect(prepared!.own.map((column) => [column.path, column.number, column.scale])).toEqual([
      ['price', 'decimal', 2],
      ['tracks', 'integer', 0],
      ['artist__rating', 'decimal', 1],
      ['released', 'date', 0],
    ]);
    expect(prepared!.toMany.map((columns) => columns.map((column) => column.path))).toEqual([
      ['songs__seconds', 'songs__fee', 'songs__added'],
      ['tags__weight'],
    ]);
    expect(prepared!.group!.path).toBe('format');
  });

  it('answers nothing to prepare when neither aggregates nor a group are declared', () => {
    expect(parse(undefined)).toEqual({ prepared: null, problems: [] });
  });

  it('names every mistake: unknown path, unknown function, sum of text, empty list, bad group', () => {
    const { prepared, problems } = parse(
      { nope: ['sum'], price: ['total' as 'sum'], name: ['sum', 'count'], year: [] },
      'songs__seconds',
    );
    expect(prepared).toBeNull();
    expect(problems).toEqual([
      expect.stringContaining('aggregates.nope: data table path nope'),
      'aggregates.price: total is none of sum, avg, min, max, count',
      'aggregates.name: sum needs a number column, name is a string',
      'aggregates.year must list at least one of sum, avg, min, max, count',
      'rowGroup songs__seconds crosses a to-many relation',
    ]);
  });

  it("takes a date's and a date-time's min, max and count, not their sum or average", () => {
    expect(parse({ released: ['min', 'max', 'count'], songs__added: ['max'] }).problems).toEqual([]);
    expect(parse({ released: ['sum', 'min', 'avg'] }).problems).toEqual([
      'aggregates.released: sum, avg needs a number column, released is a date; a date takes min, max and count',
    ]);
  });

  it('counts values of any column, refuses a hidden column, and groups by a date', () => {
    expect(parse({ name: ['count'] }).problems).toEqual([]);
    expect(parse({ secret: ['count'] }, undefined, Album).problems).toEqual([
      expect.stringContaining('aggregates.secret reaches a hidden column'),
    ]);
    expect(parse(undefined, 'released', Album).problems).toEqual([]);
  });
});
