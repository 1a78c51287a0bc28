import type { DataSource } from 'typeorm';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { resolveWidgetLibConfig } from '../../widgetlib.config.js';
import type { DataTableOptions } from '../model/index.js';
import { prepareTable } from './table-declaration.parser.js';

describe('prepareTable: collationLanguage', () => {
  let dataSource: DataSource;
  const options: DataTableOptions = { orderingFields: ['name', 'artist__name'], rowGroup: 'artist__country' };

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', ALBUM_ENTITIES);
  });

  const prepared = (table: DataTableOptions, module: Parameters<typeof resolveWidgetLibConfig>[0] = {}) =>
    prepareTable(table, dataSource.getMetadata(Album), resolveWidgetLibConfig(module));

  const languages = (table: DataTableOptions, module: Parameters<typeof resolveWidgetLibConfig>[0] = {}) =>
    [...prepared(table, module).table!.paths.values()].map((path) => path.collationLanguage);

  it("orders every path in the table's language, else the module's, else root", () => {
    expect(languages(options)).toEqual(['root', 'root', 'root']);
    expect(languages(options, { dataTables: { collationLanguage: 'sv' } })).toEqual(['sv', 'sv', 'sv']);
    expect(languages({ ...options, collationLanguage: 'es' }, { dataTables: { collationLanguage: 'sv' } })).toEqual([
      'es',
      'es',
      'es',
    ]);
  });

  it('refuses a language whose order it does not know, naming those it knows', () => {
    expect(prepared({ ...options, collationLanguage: 'es-MX' as never }).problems).toEqual([
      'collationLanguage must be one of root, es, sv, en, de, fr, it, pt, nl (the languages whose order of text ' +
        'every database follows), not "es-MX"',
    ]);
    expect(() => resolveWidgetLibConfig({ dataTables: { collationLanguage: 'da' as never } })).toThrow(
      'WidgetLibModule option dataTables.collationLanguage must be one of root, es, sv',
    );
  });
});
