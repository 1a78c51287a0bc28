import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, QueryFailedError, type DataSourceOptions } from 'typeorm';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '@widgetlib/test-support/test-databases.js';
import { Help } from '../help/index.js';
import { WIDGETLIB_ENTITIES } from '../widgetlib.entities.js';
import { AddHelpLanguage1763942400000 } from './1763942400000-add-help-language.js';
import { WIDGETLIB_MIGRATIONS } from './index.js';

const BEFORE_LANGUAGES = WIDGETLIB_MIGRATIONS.slice(0, WIDGETLIB_MIGRATIONS.indexOf(AddHelpLanguage1763942400000));

const ROWS = [
  { id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '<p>Name</p>', version: 4 },
  { id_view: 'albums:edit', question_name: 'year', help_title: 'Year', help_text: '', version: 1 },
  { id_view: 'artists:edit', question_name: 'name', help_title: 'Artist', help_text: '<b>Who</b>', version: 2 },
];

describeEachDatabase('the help language migration, on a filled database', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let options: DataSourceOptions;
  // Two connections in turn must reach one database: SQLite's is a file here, not memory.
  const sqliteFile = join(tmpdir(), `widgetlib-help-language-${process.pid}.sqlite`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    options = kind === 'sqlite' ? { type: 'better-sqlite3', database: sqliteFile } : database.options;
    const before = new DataSource({ ...options, migrations: BEFORE_LANGUAGES });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    for (const row of [...ROWS, { ...ROWS[0]!, question_name: 'deleted' }]) {
      await before.createQueryBuilder().insert().into('widgetlib_help', Object.keys(row)).values(row).execute();
    }
    await before
      .createQueryBuilder()
      .delete()
      .from('widgetlib_help')
      .where('question_name = :q', { q: 'deleted' })
      .execute();
    await before.destroy();

    dataSource = new DataSource({
      ...options,
      entities: WIDGETLIB_ENTITIES,
      migrations: WIDGETLIB_MIGRATIONS,
    });
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(
      WIDGETLIB_MIGRATIONS.slice(BEFORE_LANGUAGES.length).map((migration) => migration.name),
    );
    expect(applied[0]!.name).toBe('AddHelpLanguage1763942400000');
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
    rmSync(sqliteFile, { force: true });
  });

  const helps = () => dataSource.getRepository(Help);

  it('keeps every entry, with its id and version, for every language', async () => {
    const rows = await helps().find({ order: { id: 'ASC' } });
    expect(rows).toEqual(ROWS.map((row, index) => ({ ...row, id: index + 1, language: null })));
  });

  it('refuses a second entry for every language, as it did before', async () => {
    await expect(helps().save(helps().create({ ...ROWS[0]!, version: undefined }))).rejects.toThrow(QueryFailedError);
  });

  it('allows one entry per language next to it, and no second one in that language', async () => {
    const spanish = await helps().save(helps().create({ ...ROWS[0]!, version: undefined, language: 'es' }));
    expect(spanish).toMatchObject({ language: 'es', version: 1 });
    // Above the deleted entry's id too: its revisions refer to it.
    expect(spanish.id).toBeGreaterThan(4);
    await helps().save(helps().create({ ...ROWS[0]!, version: undefined, language: 'es-CR' }));
    await expect(helps().save(helps().create({ ...ROWS[0]!, version: undefined, language: 'es' }))).rejects.toThrow(
      QueryFailedError,
    );
  });

  it('refuses a language_key out of step with the language, whoever writes it', async () => {
    const insert = dataSource
      .createQueryBuilder()
      .insert()
      .into('widgetlib_help', ['id_view', 'question_name', 'help_title', 'help_text', 'language', 'language_key'])
      .values({ id_view: 'v', question_name: 'q', help_title: 't', help_text: '', language: 'fr', language_key: '' });
    await expect(insert.execute()).rejects.toThrow(QueryFailedError);
  });
});
