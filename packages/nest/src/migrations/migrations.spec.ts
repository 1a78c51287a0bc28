import 'reflect-metadata';
import { DataSource } from 'typeorm';
import {
  createTestDatabase,
  describeEachDatabase,
  pendingSchemaChanges,
  type TestDatabase,
} from '@widgetlib/test-support/test-databases.js';
import { WIDGETLIB_ENTITIES } from '../widgetlib.entities.js';
import { WIDGETLIB_MIGRATIONS } from './index.js';

describeEachDatabase('migrations', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataSource = new DataSource({
      ...database.options,
      entities: WIDGETLIB_ENTITIES,
      migrations: WIDGETLIB_MIGRATIONS,
      migrationsRun: false,
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('creates a schema that matches the entities exactly', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(WIDGETLIB_MIGRATIONS.map((m) => m.name));

    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('reverts cleanly', async () => {
    for (const _ of WIDGETLIB_MIGRATIONS) await dataSource.undoLastMigration();
    const queryRunner = dataSource.createQueryRunner();
    expect(await queryRunner.hasTable('widgetlib_help')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_menu_item')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_revision')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_usage')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_usage_counter')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_field')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_field_report')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_saved_view')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_saved_view_owner')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_resource_revision')).toBe(false);
    await queryRunner.release();
  });
});
