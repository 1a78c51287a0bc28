import type { DataSource } from 'typeorm';
import { ALBUM_ENTITIES, Album } from '../../test/fixtures/album.entities.js';
import { ALBUM_TABLE } from '../../test/fixtures/albums.controller.js';
import { LABEL_ENTITIES, Review } from '../../test/fixtures/label.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { prepareTable, type DataTableOptions } from '../datatables/internal.js';
import { resolveWidgetLibConfig } from '../widgetlib.config.js';
import { relatedEntities } from './live-relations.reader.js';

describe('relatedEntities', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', [...ALBUM_ENTITIES, ...LABEL_ENTITIES]);
  });

  function related(entity: typeof Album | typeof Review, options: DataTableOptions): string[] {
    const metadata = dataSource.getMetadata(entity);
    const { table, problems } = prepareTable(options, metadata, resolveWidgetLibConfig({}));
    expect(problems).toEqual([]);
    return relatedEntities(metadata, table!.paths.values());
  }

  it('names the entity of every to-one and to-many relation the declared paths cross', () => {
    expect(related(Album, ALBUM_TABLE)).toEqual(['Artist', 'Genre']);
  });

  it('names nothing for a table of its own columns only', () => {
    expect(related(Album, { searchFields: ['name'], orderingFields: ['year'], filters: { rank: ['gte'] } })).toEqual(
      [],
    );
  });

  it('names the entity of a relation filtered by its key: deleting one of its rows may empty the key', () => {
    expect(related(Album, { filters: { artist: ['exact', 'isnull'] } })).toEqual(['Artist']);
  });

  it('follows each kind of declaration: a filter, an ordering, a pane, a ColumnControl list', () => {
    expect(related(Album, { filters: { genres__id: ['in'] } })).toEqual(['Genre']);
    expect(related(Album, { orderingFields: ['artist__country'] })).toEqual(['Artist']);
    expect(related(Album, { panes: ['genres__name'] })).toEqual(['Genre']);
    expect(related(Album, { columnControl: { lists: { artist__name: {} } } })).toEqual(['Artist']);
  });

  it('names every entity on the way of a path that crosses several relations', () => {
    expect(related(Review, { searchFields: ['release__label__name'] })).toEqual(['Label', 'Release']);
    expect(related(Review, { filters: { release__styles__name: ['exact'] } })).toEqual(['Release', 'Style']);
  });
});
