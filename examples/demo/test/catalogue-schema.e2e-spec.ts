import { DataSource } from 'typeorm';
import {
  createTestDatabase,
  describeEachDatabase,
  pendingSchemaChanges,
} from '@widgetlib/test-support/test-databases.js';
import { Album } from '../src/catalogue/album.entity.js';
import { Artist } from '../src/catalogue/artist.entity.js';
import { Genre } from '../src/catalogue/genre.entity.js';
import { CreateCatalogue1732300000000 } from '../src/database/1732300000000-create-catalogue.js';
import { AlbumTrash1732500000000 } from '../src/database/1732500000000-album-trash.js';
import { AlbumVersion1732600000000 } from '../src/database/1732600000000-album-version.js';

describeEachDatabase('demo catalogue migration', (kind) => {
  it('creates exactly the schema of the entities', async () => {
    const database = await createTestDatabase(kind);
    const dataSource = new DataSource({
      ...database.options,
      entities: [Album, Artist, Genre],
      migrations: [CreateCatalogue1732300000000, AlbumTrash1732500000000, AlbumVersion1732600000000],
    });
    try {
      await dataSource.initialize();
      await dataSource.runMigrations();
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
