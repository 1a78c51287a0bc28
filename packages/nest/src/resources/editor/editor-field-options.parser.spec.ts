import type { DataSource } from 'typeorm';
import { metadataOf, metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { parseEditorFieldOptions } from './editor-field-options.parser.js';

describe('parseEditorFieldOptions', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
  });

  const parse = (declared: Parameters<typeof parseEditorFieldOptions>[0], choices = {}) =>
    parseEditorFieldOptions(declared, choices, metadataOf(dataSource, Album));

  it("reads a path's declared choices, and a to-one relation's rows by the column it reaches", () => {
    const { fields, problems } = parse(
      { is_live: { path: 'is_live', type: 'radio' }, 'artist.id': { path: 'artist__name', type: 'select', limit: 5 } },
      { is_live: [[true, 'Live']] },
    );
    expect(problems).toEqual([]);
    expect(fields[0]).toEqual({ field: 'is_live', limit: 1000, escape: true, from: { choices: [[true, 'Live']] } });
    const artist = fields[1]!;
    expect({ field: artist.field, limit: artist.limit, escape: artist.escape }).toEqual({
      field: 'artist.id',
      limit: 5,
      escape: false,
    });
    expect(
      'target' in artist.from && [
        artist.from.target.name,
        artist.from.key.propertyName,
        artist.from.label.propertyName,
      ],
    ).toEqual(['Artist', 'id', 'name']);
  });

  it('names each field it cannot serve', () => {
    expect(
      parse({
        name: 'name',
        genres: 'genres__name',
        nope: 'nope',
        'artist.id': { path: 'artist__name', limit: 10_001, type: 'select' },
        kind: { path: 'artist__name', type: 'list' as 'select' },
      }).problems,
    ).toEqual([
      'editor.options.name: name needs choices declared in dataTable, or to cross one to-one relation to the column labelling its rows',
      'editor.options.genres: genres__name needs choices declared in dataTable, or to cross one to-one relation to the column labelling its rows',
      expect.stringContaining('editor.options.nope: data table path nope'),
      'editor.options.artist.id.limit must be an integer from 1 to 10000',
      'editor.options.kind.type must be select, radio or checkbox',
    ]);
  });
});
