import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, QueryFailedError, type DataSourceOptions } from 'typeorm';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '@widgetlib/test-support/test-databases.js';
import { HelpField, HelpFieldReport } from '../help/index.js';
import { WIDGETLIB_ENTITIES } from '../widgetlib.entities.js';
import { CreateHelpFieldReport1764460800000 } from './1764460800000-create-help-field-report.js';
import { WIDGETLIB_MIGRATIONS } from './index.js';

const BEFORE_REPORTS = WIDGETLIB_MIGRATIONS.slice(0, WIDGETLIB_MIGRATIONS.indexOf(CreateHelpFieldReport1764460800000));
const LISTED = [
  { id_view: 'albums:edit', question_name: 'name' },
  { id_view: 'albums:edit', question_name: 'year' },
  { id_view: 'artists:edit', question_name: 'born' },
];

describeEachDatabase('the help field report migration, on a filled database', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let options: DataSourceOptions;
  // Two connections in turn must reach one database: SQLite's is a file here, not memory.
  const sqliteFile = join(tmpdir(), `widgetlib-help-field-report-${process.pid}.sqlite`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    options = kind === 'sqlite' ? { type: 'better-sqlite3', database: sqliteFile } : database.options;
    const before = new DataSource({ ...options, migrations: BEFORE_REPORTS });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before
      .createQueryBuilder()
      .insert()
      .into('widgetlib_help_field', ['id_view', 'question_name'])
      .values(LISTED)
      .execute();
    await before.destroy();

    dataSource = new DataSource({ ...options, entities: WIDGETLIB_ENTITIES, migrations: WIDGETLIB_MIGRATIONS });
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied[0]!.name).toBe('CreateHelpFieldReport1764460800000');
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
    rmSync(sqliteFile, { force: true });
  });

  it('keeps the fields listed before', async () => {
    const fields = await dataSource.getRepository(HelpField).find({ order: { id: 'ASC' } });
    expect(fields.map(({ id_view, question_name }) => ({ id_view, question_name }))).toEqual(LISTED);
  });

  it('keeps one report per user and field of a view, names compared exactly', async () => {
    const reports = dataSource.getRepository(HelpFieldReport);
    const reporter = 'a'.repeat(64);
    await reports.insert([
      { id_view: 'albums:edit', reporter, question_name: 'genre' },
      { id_view: 'albums:edit', reporter, question_name: 'Genre' },
      { id_view: 'albums:edit', reporter: 'b'.repeat(64), question_name: 'genre' },
    ]);
    await expect(reports.insert({ id_view: 'albums:edit', reporter, question_name: 'genre' })).rejects.toThrow(
      QueryFailedError,
    );
    // Back to before the report table: the later migrations first.
    for (const _ of WIDGETLIB_MIGRATIONS.slice(BEFORE_REPORTS.length)) await dataSource.undoLastMigration();
    const queryRunner = dataSource.createQueryRunner();
    expect(await queryRunner.hasTable('widgetlib_help_field_report')).toBe(false);
    expect(await queryRunner.hasTable('widgetlib_help_field')).toBe(true);
    await queryRunner.release();
  });
});
