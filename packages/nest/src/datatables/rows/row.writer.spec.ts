import { Exclude, instanceToPlain, Transform } from 'class-transformer';
import { GTDateField, GTDateTimeField } from '../../dates/index.js';
import { ALBUM_ENTITIES, Album, Artist, Genre } from '../../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { serializeRow } from './row.writer.js';

describe('serializeRow', () => {
  it('keeps the representation (no @Exclude column), nests relations and writes dates as ISO 8601', async () => {
    const dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    const album = Object.assign(new Album(), {
      id: 3,
      name: 'Homogenic',
      rank: 1,
      year: 1997,
      released: '1997-09-22',
      recorded_at: new Date('1997-05-01T10:30:00Z'),
      is_live: false,
      sales: null,
      secret: 'never shown',
      artist: Object.assign(new Artist(), { id: 7, name: 'Björk', country: 'IS' }),
      genres: [Object.assign(new Genre(), { id: 2, name: 'Electronic' })],
    });
    const row = serializeRow(album, dataSource.getMetadata(Album), {
      date: new GTDateField(),
      dateTime: new GTDateTimeField({ timezone: 'Atlantic/Reykjavik' }),
    });
    expect(row).toEqual({
      id: 3,
      name: 'Homogenic',
      rank: 1,
      year: 1997,
      released: '1997-09-22',
      recorded_at: '1997-05-01T10:30:00.000+00:00',
      is_live: false,
      sales: null,
      artist: { id: 7, name: 'Björk', country: 'IS' },
      genres: [{ id: 2, name: 'Electronic' }],
    });
  });

  it('answers what instanceToPlain answers whatever the values: decorated classes, functions, Buffers, Maps, plain objects', async () => {
    const dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    class Secretive {
      shown = 'yes';
      @Exclude()
      hidden = 'no';
    }
    class Shouting {
      @Transform(({ value }: { value: string }) => value.toUpperCase(), { toPlainOnly: true })
      word = 'quiet';
    }
    class Subclass extends Secretive {
      more = 1;
    }
    const dates = { date: new GTDateField(), dateTime: new GTDateTimeField() };
    const values: unknown[] = [
      { nested: { deeper: [1, 'two', null, true] } },
      Object.create(null) as object,
      new Secretive(),
      [new Subclass()],
      new Shouting(),
      () => 'called',
      Buffer.from('bytes'),
      new Map([['key', 1]]),
      new Set([1, 2]),
      new Date('2024-03-05T10:00:00Z'),
      new Uint8Array([1, 2]),
    ];
    for (const value of values) {
      const artist = Object.assign(new Artist(), { id: 7, name: 'Björk', country: 'IS', extra: value });
      const row = serializeRow(artist, dataSource.getMetadata(Artist), dates);
      expect(JSON.stringify(row)).toBe(JSON.stringify(instanceToPlain(artist)));
    }
    const hidden = serializeRow(
      Object.assign(new Artist(), { id: 1, extra: [new Subclass()] }),
      dataSource.getMetadata(Artist),
      dates,
    );
    expect(hidden).toEqual({ id: 1, extra: [{ shown: 'yes', more: 1 }] });
  });

  it('writes a row in one walk as class-transformer and the date representation would: values in relations and date columns alike', async () => {
    const dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
    class Secretive {
      shown = 'yes';
      @Exclude()
      hidden = 'no';
    }
    const dates = { date: new GTDateField(), dateTime: new GTDateTimeField() };
    const values: unknown[] = [
      { nested: [new Date('2024-03-05T10:00:00Z')] },
      new Secretive(),
      Buffer.from('bytes'),
      new Date('2024-03-05T10:00:00Z'),
      [new Date('2024-03-05T10:00:00Z'), 'text'],
      undefined,
    ];
    for (const value of values) {
      const album = Object.assign(new Album(), {
        id: 3,
        released: '1997-09-22',
        recorded_at: new Date('1997-05-01T10:30:00Z'),
        artist: Object.assign(new Artist(), { id: 7, extra: value }),
        genres: [Object.assign(new Genre(), { id: 2, extra: value }), value],
      });
      const expected = {
        ...(instanceToPlain(album) as Record<string, unknown>),
        released: '1997-09-22',
        recorded_at: '1997-05-01T10:30:00.000Z',
      };
      const row = serializeRow(album, dataSource.getMetadata(Album), dates);
      expect(JSON.stringify(row)).toBe(JSON.stringify(expected));
    }
    const undated = serializeRow(
      Object.assign(new Album(), { id: 4, released: undefined, recorded_at: null }),
      dataSource.getMetadata(Album),
      dates,
    );
    expect(undated).toEqual({ id: 4, released: null, recorded_at: null });
  });
});
