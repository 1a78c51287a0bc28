import { GTDateField, GTDateTimeField } from '../dates/index.js';
import { ALBUM_ENTITIES, Album, Artist, Genre } from '../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { serializeRow } from './row.serializer.js';

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
});
